/**
 * The funnel report's subscription figures: who subscribes at the end of the period, the
 * period's renewals and cancellations, normalised monthly recurring revenue and the money
 * collected per month, per brand × live/test (× currency for money). Pure:
 * SubscriptionFiguresRepository counts and sums in SQL, this names, orders and shapes.
 *
 * Definitions (the report's "How subscriptions are counted" says the same, and
 * docs/tracking-and-consent.md):
 * - active at the end of the period (the first instant after its last day, UTC): started
 *   before it, status trialing, active or past due, and not cancelled with its period over
 *   by then; split trialing / paying (active, cancelling ones too) / past due;
 * - renewals by when their outcome was recorded in the period: paid, of which recovered
 *   (paid after a failed try), and failed (the period's last try failed);
 * - cancellations declared in the period, by reason, and subscriptions that ended unpaid in it;
 * - normalised MRR: the renewal amount (before tax) of the paying ones active at the end
 *   of the period, a yearly one counted as a twelfth, rounded to whole minor units once;
 * - money collected: paid orders' and renewals' totals (tax included) by the UTC month
 *   their payment was recorded in.
 * Money is never added across currencies, nor live to test: each has its own line.
 */
import { CANCEL_REASON_CHOICES } from '@/lib/subscriptions/cancelReasons';
import type { ReportRange } from './funnelReport';

/** Subscriptions of one brand × mode × currency active at the end of the period, as the repository reads them. */
export interface ActiveSubscriptionCount {
  brandSlug: string;
  livemode: boolean;
  currencyCode: string;
  trialing: number;
  /** Status active, cancelling ones included until their period is over. */
  paying: number;
  pastDue: number;
  /** Sum of the renewal amounts (minor units, before tax) of the paying and past-due ones billed monthly. */
  monthlyAmounts: number;
  /** The same for those billed yearly, before dividing by twelve. */
  yearlyAmounts: number;
}

/** Renewals of one brand × mode × currency whose outcome was recorded in the period. */
export interface RenewalCount {
  brandSlug: string;
  livemode: boolean;
  currencyCode: string;
  paid: number;
  /** Sum of the paid renewals' totals (tax included), minor units. */
  paidAmount: number;
  /** Paid after a failed try (their failure code kept): a subset of paid. */
  recovered: number;
  recoveredAmount: number;
  failed: number;
}

/** Cancellations of one brand × mode declared in the period with one reason group. */
export interface CancellationCount {
  brandSlug: string;
  livemode: boolean;
  /** One of CANCEL_REASON_GROUPS. */
  reason: string;
  cancellations: number;
}

/** Subscriptions of one brand × mode that ended unpaid in the period. */
export interface EndedUnpaidCount {
  brandSlug: string;
  livemode: boolean;
  subscriptions: number;
}

/** Payments recorded in one UTC month of the period, of one brand × mode × currency and kind. */
export interface CollectedCount {
  brandSlug: string;
  livemode: boolean;
  currencyCode: string;
  /** YYYY-MM. */
  month: string;
  kind: 'purchase' | 'renewal';
  payments: number;
  /** Sum of their totals (tax included), minor units. */
  amount: number;
}

export interface SubscriptionCounts {
  active: readonly ActiveSubscriptionCount[];
  renewals: readonly RenewalCount[];
  cancellations: readonly CancellationCount[];
  endedUnpaid: readonly EndedUnpaidCount[];
  collected: readonly CollectedCount[];
}

/** A cancellation with a reason that is not one of the choices (the public cancel page's free text). */
export const OTHER_CANCEL_REASON = 'Other';
export const NO_CANCEL_REASON = 'No reason given';
/** The reason columns, in the cancel page's order. */
export const CANCEL_REASON_GROUPS: readonly string[] = [...CANCEL_REASON_CHOICES, OTHER_CANCEL_REASON, NO_CANCEL_REASON];

/**
 * The group a stored reason counts in: the choice it is or starts with ("Too expensive: …"),
 * "No reason given", or "Other". The repository groups the same way in SQL.
 */
export function cancelReasonGroup(reason: string | null): string {
  if (reason === null || reason.trim() === '') return NO_CANCEL_REASON;
  return CANCEL_REASON_CHOICES.find((choice) => reason === choice || reason.startsWith(`${choice}: `)) ?? OTHER_CANCEL_REASON;
}

/** Which brand and mode a line is about, with the brand as the report names it. */
export interface BrandLine {
  brandSlug: string;
  /** The brand's name in the catalogue, else its slug. */
  brandLabel: string;
  livemode: boolean;
}

export interface ActiveSubscribersLine extends BrandLine {
  trialing: number;
  paying: number;
  pastDue: number;
  total: number;
}

export interface RecurringRevenueLine extends BrandLine {
  currencyCode: string;
  /** Paying and past-due subscriptions, whose renewals the revenue is. */
  subscriptions: number;
  /** Normalised monthly recurring revenue, minor units. */
  monthlyRevenue: number;
}

export interface RenewalsLine extends BrandLine, Omit<RenewalCount, 'brandSlug' | 'livemode'> {}

export interface CancellationsLine extends BrandLine {
  cancellations: number;
  /** One count per CANCEL_REASON_GROUPS, in its order. */
  byReason: number[];
  endedUnpaid: number;
}

export interface CollectedLine extends BrandLine {
  currencyCode: string;
  month: string;
  /** "Mar 2025", or "Mar 2025 (10–31 Mar)" when the period covers part of the month. */
  monthLabel: string;
  purchases: number;
  renewals: number;
  /** Purchases and renewals together (one currency). */
  total: number;
}

export interface SubscriptionFiguresReport {
  /** The instant the active subscribers and recurring revenue are counted at (ISO). */
  countedAt: string;
  activeSubscribers: ActiveSubscribersLine[];
  recurringRevenue: RecurringRevenueLine[];
  renewals: RenewalsLine[];
  cancellations: CancellationsLine[];
  reasonGroups: string[];
  collected: CollectedLine[];
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY_MS = 86_400_000;

/** The first instant after the period's last day (UTC): when "at the end of the period" is. */
export function periodEndInstant(range: ReportRange): string {
  return new Date(Date.parse(`${range.to}T00:00:00.000Z`) + DAY_MS).toISOString();
}

/** "2025-03" → "Mar 2025", with the days the period covers when it covers only part of it. */
export function monthLabel(month: string, range: ReportRange): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const name = `${MONTHS[number - 1]} ${year}`;
  const first = `${month}-01`;
  const last = new Date(Date.UTC(year, number, 0)).toISOString().slice(0, 10);
  const from = range.from > first ? range.from : first;
  const to = range.to < last ? range.to : last;
  if (from === first && to === last) return name;
  const day = (value: string) => Number(value.slice(8, 10));
  const days = from === to ? `${day(from)}` : `${day(from)}–${day(to)}`;
  return `${name} (${days} ${MONTHS[number - 1]})`;
}

/** By brand, live before test, then currency (and month), so that the report reads the same on every load. */
function byLine(a: BrandLine & { currencyCode?: string; month?: string }, b: BrandLine & { currencyCode?: string; month?: string }) {
  return (
    a.brandLabel.localeCompare(b.brandLabel) ||
    a.brandSlug.localeCompare(b.brandSlug) ||
    Number(b.livemode) - Number(a.livemode) ||
    (a.currencyCode ?? '').localeCompare(b.currencyCode ?? '') ||
    (a.month ?? '').localeCompare(b.month ?? '')
  );
}

/** The line of `parts` in `map`, made by `make` on first use. */
function lineOf<T>(map: Map<string, T>, parts: (string | boolean)[], make: () => T): T {
  const key = JSON.stringify(parts);
  let line = map.get(key);
  if (line === undefined) {
    line = make();
    map.set(key, line);
  }
  return line;
}

/**
 * Builds the subscription figures of a period from the repository's counts; `brandNames`
 * names the brands (by slug) as the catalogue does.
 */
export function computeSubscriptionFigures(
  counts: SubscriptionCounts,
  range: ReportRange,
  brandNames: ReadonlyMap<string, string> = new Map(),
): SubscriptionFiguresReport {
  const brand = (brandSlug: string, livemode: boolean): BrandLine => ({
    brandSlug,
    brandLabel: brandNames.get(brandSlug) ?? brandSlug,
    livemode,
  });

  const subscribers = new Map<string, ActiveSubscribersLine>();
  const revenue: RecurringRevenueLine[] = [];
  for (const row of counts.active) {
    const line = lineOf(subscribers, [row.brandSlug, row.livemode], () => ({
      ...brand(row.brandSlug, row.livemode),
      trialing: 0,
      paying: 0,
      pastDue: 0,
      total: 0,
    }));
    line.trialing += row.trialing;
    line.paying += row.paying;
    line.pastDue += row.pastDue;
    line.total += row.trialing + row.paying + row.pastDue;
    const billed = row.paying + row.pastDue;
    if (billed > 0) {
      revenue.push({
        ...brand(row.brandSlug, row.livemode),
        currencyCode: row.currencyCode,
        subscriptions: billed,
        // Rounded once, on the sum: twelve yearly subscriptions of 1,000 make 1,000 a month, not 12 × 83.
        monthlyRevenue: row.monthlyAmounts + Math.round(row.yearlyAmounts / 12),
      });
    }
  }

  const cancellations = new Map<string, CancellationsLine>();
  const cancellationLine = (brandSlug: string, livemode: boolean) =>
    lineOf(cancellations, [brandSlug, livemode], () => ({
      ...brand(brandSlug, livemode),
      cancellations: 0,
      byReason: CANCEL_REASON_GROUPS.map(() => 0),
      endedUnpaid: 0,
    }));
  const otherReason = CANCEL_REASON_GROUPS.indexOf(OTHER_CANCEL_REASON);
  for (const row of counts.cancellations) {
    const line = cancellationLine(row.brandSlug, row.livemode);
    const index = CANCEL_REASON_GROUPS.indexOf(row.reason);
    line.byReason[index === -1 ? otherReason : index]! += row.cancellations;
    line.cancellations += row.cancellations;
  }
  for (const row of counts.endedUnpaid) cancellationLine(row.brandSlug, row.livemode).endedUnpaid += row.subscriptions;

  const collected = new Map<string, CollectedLine>();
  for (const row of counts.collected) {
    const line = lineOf(collected, [row.brandSlug, row.livemode, row.currencyCode, row.month], () => ({
      ...brand(row.brandSlug, row.livemode),
      currencyCode: row.currencyCode,
      month: row.month,
      monthLabel: monthLabel(row.month, range),
      purchases: 0,
      renewals: 0,
      total: 0,
    }));
    if (row.kind === 'renewal') line.renewals += row.amount;
    else line.purchases += row.amount;
    line.total += row.amount;
  }

  return {
    countedAt: periodEndInstant(range),
    activeSubscribers: [...subscribers.values()].sort(byLine),
    recurringRevenue: revenue.sort(byLine),
    renewals: counts.renewals
      .map(({ brandSlug, livemode, ...figures }): RenewalsLine => ({ ...brand(brandSlug, livemode), ...figures }))
      .filter((line) => line.paid + line.failed > 0)
      .sort(byLine),
    cancellations: [...cancellations.values()].sort(byLine),
    reasonGroups: [...CANCEL_REASON_GROUPS],
    collected: [...collected.values()].sort(byLine),
  };
}
