import noticeData from '@/data/renewal-notices.json';
import { addBillingInterval } from './periods';

const DAY_MS = 24 * 3600_000;

/** A window of days before an instant, and the day chosen inside it. */
interface Window {
  minDaysBefore: number;
  maxDaysBefore: number;
  preferredDaysBefore: number;
}

/** The notices a market's law asks for before a renewal; a market lists those it has. */
export interface MarketNotices {
  /** California (AB 2863): a free trial or promotional price lasting more than `longerThanDays` ends. */
  introductoryEnd?: Window & { longerThanDays: number };
  /** California and New York: a term of a year or more renews. */
  termRenewal?: Window & { termAtLeastDays: number };
  /** California: a yearly reminder of the terms, for terms shorter than termRenewal's. */
  yearlyReminder?: { everyMonths: number };
  /**
   * France (Code de la consommation L215-1): a fixed term renewed tacitly, longer than
   * `termLongerThanDays`, is reminded of 1 to 3 months before it ends, with the date until
   * which the renewal may be refused.
   */
  tacitRenewal?: Window & { termLongerThanDays: number };
}

/** The rules one subscription's notices follow: its market's law, and what every market shares. */
export interface NoticeRules extends MarketNotices {
  priceChange: { minDaysBefore: number; maxDaysBefore: number; minDaysAfterNotice: number };
  /** Ours, not the law's: how long before a renewal the owner of one we cannot charge is asked for a card. */
  cardNeeded: { daysBefore: number };
}

/** Every market's notices, by billing country, and the market of every country not named. */
export interface NoticeBook {
  defaultMarket: string;
  markets: Readonly<Record<string, MarketNotices>>;
  priceChange: NoticeRules['priceChange'];
  cardNeeded: NoticeRules['cardNeeded'];
}

/** The windows as data (data/renewal-notices.json), to be confirmed by legal. */
export const NOTICE_BOOK: NoticeBook = noticeData;

/**
 * The rules for a subscription billed to `country`: its market's, or the default market's
 * (the US rules every subscription followed before markets had their own) for a country not
 * named or not known.
 */
export function noticeRulesFor(book: NoticeBook, country: string | null): NoticeRules {
  const market = country && Object.hasOwn(book.markets, country) ? book.markets[country]! : book.markets[book.defaultMarket];
  if (!market) throw new Error(`the default market ${book.defaultMarket} has no notices`);
  return { ...market, priceChange: book.priceChange, cardNeeded: book.cardNeeded };
}

/** The default market's rules: what a purchase decides its introductory period from, wherever it is billed. */
export const NOTICE_RULES: NoticeRules = noticeRulesFor(NOTICE_BOOK, null);

export type NoticeKind = 'renewal' | 'yearly-reminder' | 'price-change' | 'card-needed';

/** A notice to send: what, about which instant, and when it is due (instants on the subscription's own clock). */
export interface DueNotice {
  kind: NoticeKind;
  about: string;
  at: string;
  /**
   * A tacit renewal's notice (L215-1): the last day (YYYY-MM-DD, UTC) on which the subscriber
   * may refuse the renewal, the day before it; absent on every other notice.
   */
  refuseBy?: string;
}

export interface NoticeState {
  currentPeriodStart: string;
  currentPeriodEnd: string;
  /** The end of a first period at a trial or promotional price long enough to need its own notice. */
  introductoryUntil: string | null;
  createdAt: string;
  /** Keys (`kind|about`) of the notices sent already. */
  sent: ReadonlySet<string>;
  billingInterval: 'month' | 'year';
  /** What its renewals cost now, and what the catalogue says they cost (null: the offer is gone). */
  renewalAmount: number;
  catalogueRenewalAmount: number | null;
  /** A new price already noticed, and the renewal it applies from. */
  pendingPrice: { amount: number; from: string } | null;
  /** The subscription's own time now: a price change is noticed ahead of a renewal still far enough away. */
  clock: string;
  /** Its renewal is ours to charge and we hold nothing to charge it with: its owner is asked for a card. */
  needsCard: boolean;
}

export const noticeKey = (kind: NoticeKind, about: string): string => `${kind}|${about}`;

const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY_MS;

/**
 * Whether a first period needs the introductory notice: a free trial or a promotional price
 * lasting more than 31 days (AB 2863). `firstPrice` is what the first period cost before
 * tax, `renewalPrice` what the next costs.
 */
export function introductoryUntil(
  rules: NoticeRules,
  period: { start: string; end: string; trial: boolean },
  firstPrice: number,
  renewalPrice: number,
): string | null {
  const introductory = period.trial || firstPrice < renewalPrice;
  const longerThanDays = rules.introductoryEnd?.longerThanDays;
  return introductory && longerThanDays !== undefined && daysBetween(period.start, period.end) > longerThanDays ? period.end : null;
}

/** The last day on which a renewal at `end` may be refused: the day before the day it renews (UTC). */
export const refuseByDay = (end: string): string => new Date(Date.parse(end) - DAY_MS).toISOString().slice(0, 10);

/**
 * The notice before the current period ends, if its market requires one: an introductory
 * price ending, a term of a year or more renewing, or (France) a fixed term renewing
 * tacitly, which also states until when the renewal may be refused. When several apply, one
 * notice on a day inside every window. Its due day is the preferred one, clamped into them.
 */
function renewalNotice(rules: NoticeRules, state: NoticeState): DueNotice | null {
  const end = state.currentPeriodEnd;
  const term = daysBetween(state.currentPeriodStart, end);
  const windows: Window[] = [];
  if (rules.introductoryEnd && state.introductoryUntil === end) windows.push(rules.introductoryEnd);
  if (rules.termRenewal && term >= rules.termRenewal.termAtLeastDays) windows.push(rules.termRenewal);
  const tacit = rules.tacitRenewal && term > rules.tacitRenewal.termLongerThanDays ? rules.tacitRenewal : null;
  if (tacit) windows.push(tacit);
  if (windows.length === 0 || state.sent.has(noticeKey('renewal', end))) return null;
  const earliest = Math.min(...windows.map((window) => window.maxDaysBefore));
  const latest = Math.max(...windows.map((window) => window.minDaysBefore));
  const preferred = Math.min(...windows.map((window) => window.preferredDaysBefore));
  const days = Math.min(earliest, Math.max(latest, preferred));
  const at = new Date(Date.parse(end) - days * DAY_MS).toISOString();
  return { kind: 'renewal', about: end, at, ...(tacit ? { refuseBy: refuseByDay(end) } : {}) };
}

/**
 * The yearly reminder of the terms and how to cancel, on each anniversary of the purchase,
 * for a subscription whose term is shorter than a year (a longer term's renewal notice is
 * its yearly reminder).
 */
function yearlyReminder(rules: NoticeRules, state: NoticeState): DueNotice | null {
  if (!rules.yearlyReminder) return null;
  if (rules.termRenewal && daysBetween(state.currentPeriodStart, state.currentPeriodEnd) >= rules.termRenewal.termAtLeastDays) return null;
  let anniversary = new Date(state.createdAt);
  // The first anniversary not yet reminded of.
  for (let year = 0; year < 100; year += 1) {
    anniversary = addBillingInterval(anniversary, 'year');
    if (!state.sent.has(noticeKey('yearly-reminder', anniversary.toISOString()))) break;
  }
  const about = anniversary.toISOString();
  return { kind: 'yearly-reminder', about, at: about };
}

/**
 * A renewal-price change in the catalogue: noticed as early as the window allows before the
 * first renewal at least `minDaysAfterNotice` days (30) away, `maxDaysBefore` days (37) before
 * it, and applied from that renewal. A run that comes late (a server down, a job's interval)
 * still sends it for that renewal until fewer than `minDaysAfterNotice` days are left: a
 * window of one instant would be missed by every run but one at that very millisecond. Null
 * when the catalogue's price is the one they pay, or the one already noticed.
 */
function priceChange(rules: NoticeRules, state: NoticeState): DueNotice | null {
  const target = state.catalogueRenewalAmount;
  if (target === null || target === (state.pendingPrice?.amount ?? state.renewalAmount)) return null;
  const { minDaysAfterNotice, maxDaysBefore, minDaysBefore } = rules.priceChange;
  const lastDaysBefore = Math.max(minDaysBefore, minDaysAfterNotice);
  const firstDaysBefore = Math.max(lastDaysBefore, maxDaysBefore);
  let renewal = new Date(state.currentPeriodEnd);
  for (let k = 0; k < 100 && renewal.getTime() - lastDaysBefore * DAY_MS < Date.parse(state.clock); k += 1) {
    renewal = addBillingInterval(renewal, state.billingInterval);
  }
  const about = renewal.toISOString();
  if (state.sent.has(noticeKey('price-change', about)) && state.pendingPrice?.from === about) return null;
  return { kind: 'price-change', about, at: new Date(renewal.getTime() - firstDaysBefore * DAY_MS).toISOString() };
}

/**
 * A renewal we are to charge with nothing saved to charge: its owner is asked for a card
 * `daysBefore` days (7) before it, once per renewal; at once when that day has passed, but
 * not from the renewal on (its failure e-mail asks then). A card given makes it needless.
 */
function cardNeeded(rules: NoticeRules, state: NoticeState): DueNotice | null {
  const end = state.currentPeriodEnd;
  if (!state.needsCard || state.sent.has(noticeKey('card-needed', end)) || Date.parse(state.clock) >= Date.parse(end)) return null;
  return { kind: 'card-needed', about: end, at: new Date(Date.parse(end) - rules.cardNeeded.daysBefore * DAY_MS).toISOString() };
}

/** The next notice to send, however far ahead; null when none is required. */
export function nextNotice(rules: NoticeRules, state: NoticeState): DueNotice | null {
  const notices = [renewalNotice(rules, state), yearlyReminder(rules, state), priceChange(rules, state), cardNeeded(rules, state)].filter(
    (notice): notice is DueNotice => notice !== null,
  );
  // On the same day a price change goes first, so that the renewal notice states the new price.
  const order: Record<NoticeKind, number> = { 'price-change': 0, renewal: 1, 'card-needed': 2, 'yearly-reminder': 3 };
  return notices.sort((a, b) => a.at.localeCompare(b.at) || order[a.kind] - order[b.kind])[0] ?? null;
}
