/**
 * The funnel report's order figures: what the period's orders brought in, per campaign ×
 * source × live/test × currency. Pure: OrderFiguresRepository counts and sums in SQL, this
 * orders the rows, names the decline reasons and adds each campaign's totals.
 *
 * Counting rules (an order is a transaction created in the period):
 * - paid: status 'succeeded'; revenue is the sum of their totals;
 * - promo code: paid orders with a coupon code, and the discount they gave;
 * - declines: orders whose payment failed (status 'failed'), by failure code;
 * - 3-D Secure: orders the card's bank asked to authenticate, by what became of them.
 * Money is never added across currencies, nor live to test: each has its own row.
 */
import type { PaymentFailureCode } from '@/lib/payments/paymentErrors';
import { DIRECT_SOURCE_LABEL } from './funnelReport';

/** What became of the orders the bank asked to authenticate with 3-D Secure. */
export interface AuthenticationOutcomes {
  requested: number;
  /** Authenticated and paid. */
  succeeded: number;
  /** Failed authentication (failure code 'authentication_failed'). */
  failed: number;
  /** Authenticated, then declined for another reason (insufficient funds, …). */
  declined: number;
  /** Still waiting for the buyer or the bank ('requires_action' or 'processing'). */
  unfinished: number;
}

/** The sums and counts of orders in one mode and currency (never summed across them). */
interface OrderSums {
  livemode: boolean;
  currencyCode: string;
  paidOrders: number;
  /** Sum of the paid orders' totals, in cents. */
  revenue: number;
  promoOrders: number;
  /** Sum of the discounts of the paid orders with a promo code, in cents. */
  promoDiscount: number;
  declinedOrders: number;
  authentication: AuthenticationOutcomes;
}

/** Sums and counts of one campaign × source × mode × currency, as the repository reads them. */
export interface OrderSplitCount extends OrderSums {
  campaignId: string;
  /** null when the buyer came without a source (an empty one too). */
  source: string | null;
}

/** Failed orders of one campaign × source × mode × currency with one failure code. */
export interface DeclineCount {
  campaignId: string;
  source: string | null;
  livemode: boolean;
  currencyCode: string;
  /** null when the gateway gave none. */
  failureCode: string | null;
  orders: number;
}

export interface OrderCounts {
  splits: readonly OrderSplitCount[];
  declines: readonly DeclineCount[];
}

export interface DeclineReason {
  failureCode: string | null;
  /** In words for a known code, else the code itself. */
  label: string;
  orders: number;
}

export interface OrderFigures extends OrderSums {
  /** The most common reasons, most first; at most TOP_DECLINE_REASONS. */
  declineReasons: DeclineReason[];
  /** Failed orders whose reason is not among declineReasons. */
  otherDeclines: number;
}

export interface OrderSplitFigures extends OrderFigures {
  source: string | null;
  /** The source as shown: "(direct)" when the buyer came without one. */
  sourceLabel: string;
}

export interface CampaignOrderFigures {
  campaignId: string;
  splits: OrderSplitFigures[];
  /** All sources together, one line per mode × currency (never summed across them). */
  totals: OrderFigures[];
}

export interface OrderFiguresReport {
  campaigns: CampaignOrderFigures[];
}

/** Reasons named per line; the rest are counted together, so that a line stays short. */
export const TOP_DECLINE_REASONS = 3;
export const NO_FAILURE_CODE_LABEL = 'No reason given';

/** Each failure code in a marketer's words (the visitor's messages are in lib/payments/paymentErrors.ts). */
export const DECLINE_REASON_LABELS: Readonly<Record<PaymentFailureCode, string>> = {
  generic_decline: 'Declined by the bank',
  insufficient_funds: 'Insufficient funds',
  expired_card: 'Expired card',
  incorrect_cvc: 'Wrong security code',
  authentication_failed: 'Failed 3-D Secure',
  authentication_required: 'Awaiting the buyer’s 3-D Secure',
  invalid_number: 'Invalid card number',
  processing_error: 'Processing error',
  cancelled: 'Left without approving',
  wallet_declined: 'Not approved by the wallet',
  interrupted: 'Interrupted before the charge',
  payment_method_required: 'No saved payment method',
};

export function declineReasonLabel(failureCode: string | null): string {
  if (failureCode === null || failureCode === '') return NO_FAILURE_CODE_LABEL;
  return Object.hasOwn(DECLINE_REASON_LABELS, failureCode) ? DECLINE_REASON_LABELS[failureCode as PaymentFailureCode] : failureCode;
}

const keyOf = (...parts: (string | boolean | null)[]) => JSON.stringify(parts);

/** The most common reasons first, then by code, so that the report reads the same on every load. */
function topReasons(counts: Map<string | null, number>): { declineReasons: DeclineReason[]; otherDeclines: number } {
  const reasons = [...counts]
    .map(([failureCode, orders]) => ({ failureCode, label: declineReasonLabel(failureCode), orders }))
    .sort((a, b) => b.orders - a.orders || (a.failureCode ?? '').localeCompare(b.failureCode ?? ''));
  const shown = reasons.slice(0, TOP_DECLINE_REASONS);
  return { declineReasons: shown, otherDeclines: reasons.slice(TOP_DECLINE_REASONS).reduce((sum, reason) => sum + reason.orders, 0) };
}

const noAuthentication = (): AuthenticationOutcomes => ({ requested: 0, succeeded: 0, failed: 0, declined: 0, unfinished: 0 });

function addAuthentication(into: AuthenticationOutcomes, from: AuthenticationOutcomes): void {
  into.requested += from.requested;
  into.succeeded += from.succeeded;
  into.failed += from.failed;
  into.declined += from.declined;
  into.unfinished += from.unfinished;
}

/** Lines in one order: most paid orders first, then by source, live before test, then currency. */
function byLineOrder(a: OrderFigures & { sourceLabel?: string }, b: OrderFigures & { sourceLabel?: string }): number {
  return (
    b.paidOrders - a.paidOrders ||
    (a.sourceLabel ?? '').localeCompare(b.sourceLabel ?? '') ||
    Number(b.livemode) - Number(a.livemode) ||
    a.currencyCode.localeCompare(b.currencyCode)
  );
}

interface Accumulator {
  counts: Omit<OrderFigures, 'declineReasons' | 'otherDeclines'>;
  reasons: Map<string | null, number>;
}

function accumulator(livemode: boolean, currencyCode: string): Accumulator {
  return {
    counts: {
      livemode,
      currencyCode,
      paidOrders: 0,
      revenue: 0,
      promoOrders: 0,
      promoDiscount: 0,
      declinedOrders: 0,
      authentication: noAuthentication(),
    },
    reasons: new Map(),
  };
}

function addSplit(into: Accumulator, row: OrderSplitCount): void {
  into.counts.paidOrders += row.paidOrders;
  into.counts.revenue += row.revenue;
  into.counts.promoOrders += row.promoOrders;
  into.counts.promoDiscount += row.promoDiscount;
  into.counts.declinedOrders += row.declinedOrders;
  addAuthentication(into.counts.authentication, row.authentication);
}

function addDecline(into: Accumulator, row: DeclineCount): void {
  const code = row.failureCode === '' ? null : row.failureCode;
  into.reasons.set(code, (into.reasons.get(code) ?? 0) + row.orders);
}

const figuresOf = (acc: Accumulator): OrderFigures => ({ ...acc.counts, ...topReasons(acc.reasons) });

/**
 * Builds the order figures: per campaign one line per source × mode × currency, and its
 * totals per mode × currency. Campaigns with the most paid orders come first.
 */
export function computeOrderFigures(counts: OrderCounts): OrderFiguresReport {
  const campaigns = new Map<
    string,
    { splits: Map<string, { source: string | null; acc: Accumulator }>; totals: Map<string, Accumulator> }
  >();
  const campaignOf = (campaignId: string) => {
    const campaign = campaigns.get(campaignId) ?? { splits: new Map(), totals: new Map() };
    campaigns.set(campaignId, campaign);
    return campaign;
  };
  const linesOf = (row: { campaignId: string; source: string | null; livemode: boolean; currencyCode: string }) => {
    const campaign = campaignOf(row.campaignId);
    // An empty source is the same as none, as in the funnel: the buyer came without a targeter.
    const source = row.source ? row.source : null;
    const splitKey = keyOf(source, row.livemode, row.currencyCode);
    const split = campaign.splits.get(splitKey) ?? { source, acc: accumulator(row.livemode, row.currencyCode) };
    campaign.splits.set(splitKey, split);
    const totalKey = keyOf(row.livemode, row.currencyCode);
    const total = campaign.totals.get(totalKey) ?? accumulator(row.livemode, row.currencyCode);
    campaign.totals.set(totalKey, total);
    return [split.acc, total];
  };

  for (const row of counts.splits) for (const acc of linesOf(row)) addSplit(acc, row);
  for (const row of counts.declines) for (const acc of linesOf(row)) addDecline(acc, row);

  const report = [...campaigns].map(([campaignId, { splits, totals }]): CampaignOrderFigures => ({
    campaignId,
    splits: [...splits.values()]
      .map(({ source, acc }): OrderSplitFigures => ({ source, sourceLabel: source ?? DIRECT_SOURCE_LABEL, ...figuresOf(acc) }))
      .sort(byLineOrder),
    totals: [...totals.values()].map(figuresOf).sort(byLineOrder),
  }));
  const paid = (campaign: CampaignOrderFigures) => campaign.totals.reduce((sum, line) => sum + line.paidOrders, 0);
  report.sort((a, b) => paid(b) - paid(a) || a.campaignId.localeCompare(b.campaignId));
  return { campaigns: report };
}
