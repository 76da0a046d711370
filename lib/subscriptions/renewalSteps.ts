import type { StoredSubscriptionStatus } from './subscriptionStatus';
import { dunningEndsAt, type DunningPolicy } from './renewalPolicy';
import { NOTICE_BOOK, nextNotice, noticeRulesFor, type DueNotice, type NoticeBook, type NoticeKind } from './renewalNotices';
import { providerRenewalAt } from './providerRenewal';

/** What the renewal engine does next for a subscription, and when (on the subscription's own clock). */
export type RenewalStep =
  /** Cancelled, its period over: it ends (and a provider that renews by itself is told). */
  | { kind: 'end'; at: string }
  /** A charge: the renewal's first try at the period end, or a retry while past due. */
  | { kind: 'charge'; at: string }
  /** Past due with no try left: it ends unpaid. */
  | { kind: 'expire'; at: string }
  /** A notice before a renewal (lib/subscriptions/renewalNotices.ts): one the law requires, or ours asking for a card. */
  | ({ kind: 'notice' } & Omit<DueNotice, 'kind'> & { notice: NoticeKind })

  /** The sandbox of a provider that renews by itself renews the period there (providerRenewal.ts). */
  | { kind: 'provider-renewal'; at: string };

export interface StepState {
  status: StoredSubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: string;
  dunning: { pastDueSince: string | null; retryAt: string | null; tries?: number };
  /** False for a provider that renews by itself (PayPal): its own events move the record. */
  chargedByUs: boolean;
  currentPeriodStart: string;
  introductoryUntil: string | null;
  createdAt: string;
  /** Keys (noticeKey) of the notices sent already. */
  noticesSent: ReadonlySet<string>;
  billingInterval: 'month' | 'year';
  renewalAmount: number;
  catalogueRenewalAmount: number | null;
  pendingPrice: { amount: number; from: string } | null;
  /** Such a provider's sandbox: it renews when the subscription's own clock says, so the test clock moves it. */
  providerSandbox?: boolean;
  /**
   * Nothing is saved to charge its renewal with (`needs_payment_method`), and its owner can
   * give a card for it (a card subscription: the card page takes no other): they are asked to.
   */
  needsCard: boolean;
  /** The country it is billed to (its purchase's billing address): which market's notices it gets; null: not known. */
  billingCountry: string | null;
}

/**
 * The next step, however far ahead; null when nothing is left to do (ended, or renewed by
 * its provider with no notice to send). A renewing subscription's notices come first, and
 * whoever charges it (a provider that renews by itself too: the notices are the merchant's).
 */
export function nextStep(state: StepState, policy: DunningPolicy, clock: Date, book: NoticeBook = NOTICE_BOOK): RenewalStep | null {
  const step = nextPaymentStep(state, policy);
  const rules = noticeRulesFor(book, state.billingCountry);
  const renewing = (state.status === 'active' || state.status === 'trialing') && !state.cancelAtPeriodEnd;
  // Only a renewal we charge needs a card from us: a provider that renews by itself holds its own.
  const needsCard = state.needsCard && state.chargedByUs;
  const notice = renewing ? nextNotice(rules, { ...state, needsCard, sent: state.noticesSent, clock: clock.toISOString() }) : null;
  if (notice && (!step || notice.at <= step.at)) {
    const { kind, ...due } = notice;
    return { kind: 'notice', notice: kind, ...due };
  }
  return step;
}

/** The next step that charges or ends it, notices aside. */
export function nextPaymentStep(state: StepState, policy: DunningPolicy): RenewalStep | null {
  if (state.status === 'ended') return null;
  if (state.cancelAtPeriodEnd) return { kind: 'end', at: state.currentPeriodEnd };
  if (!state.chargedByUs) {
    const at = state.providerSandbox ? providerRenewalAt(state) : null;
    return at ? { kind: 'provider-renewal', at } : null;
  }
  if (state.status === 'past_due' && state.dunning.pastDueSince) {
    const endsAt = dunningEndsAt(policy, state.dunning.pastDueSince);
    // A retry on the last day comes before the end it would avert.
    if (state.dunning.retryAt && state.dunning.retryAt <= endsAt) return { kind: 'charge', at: state.dunning.retryAt };
    return { kind: 'expire', at: endsAt };
  }
  return { kind: 'charge', at: state.currentPeriodEnd };
}

/** The step due at `clock` (the subscription's own time), if any. */
export function dueStep(state: StepState, policy: DunningPolicy, clock: Date, book: NoticeBook = NOTICE_BOOK): RenewalStep | null {
  const step = nextStep(state, policy, clock, book);
  return step && Date.parse(step.at) <= clock.getTime() ? step : null;
}
