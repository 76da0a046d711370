import { DEFAULT_RETRY_DAYS, type DunningPolicy } from '@/lib/subscriptions/renewalPolicy';
import type { EngineSchedule } from './events';
import { NO_DUNNING, type LifecycleSubscription } from './state';

/*
 * The lifecycle's test records: a monthly card subscription bought on 10 January 2026 at
 * 09:00, renewing on the 10th of each month at 990 cents, as its tables' "state before".
 */

export const POLICY: DunningPolicy = { retryDays: DEFAULT_RETRY_DAYS, graceDays: 14 };

/** The instants the tables use: the purchase, a day in its first period, its first renewal. */
export const BOUGHT = '2026-01-10T09:00:00.000Z';
export const MID_PERIOD = '2026-01-20T12:00:00.000Z';
export const PERIOD_END = '2026-02-10T09:00:00.000Z';
export const NEXT_PERIOD_END = '2026-03-10T09:00:00.000Z';

/** What the engine loaded beside the record: nothing sent, the catalogue's price unchanged, charged by us. */
export const schedule = (overrides: Partial<EngineSchedule> = {}): EngineSchedule => ({
  policy: POLICY,
  noticesSent: new Set(),
  catalogueRenewalAmount: 990,
  chargedByUs: true,
  providerSandbox: false,
  ...overrides,
});

export function subscription(overrides: Partial<LifecycleSubscription> = {}): LifecycleSubscription {
  return {
    id: 'sub_1',
    transactionId: 'txn_1',
    brandSlug: 'daily',
    campaignId: 'spring',
    offerId: 'monthly-digital',
    offerName: 'Digital monthly',
    isPrint: false,
    ownerEmail: 'reader@example.com',
    billingEmail: 'reader@example.com',
    livemode: true,
    status: 'active',
    cancelAtPeriodEnd: false,
    cancelRequestedAt: null,
    cancelReason: null,
    cancelChannel: null,
    providerPaused: false,
    currentPeriodStart: BOUGHT,
    currentPeriodEnd: PERIOD_END,
    trialEnd: null,
    renewalAmount: 990,
    currencyCode: 'EUR',
    billingInterval: 'month',
    paymentMethod: 'card',
    payment: { method: 'card', brand: 'visa', last4: '4242' },
    gateway: 'sandbox',
    instrument: { kind: 'sandbox-card', paymentIntentId: 'pi_1' },
    needsPaymentMethod: false,
    deliveryAddress: null,
    consent: null,
    endedAt: null,
    endReason: null,
    introductoryUntil: null,
    pendingPrice: null,
    dunning: NO_DUNNING,
    clockOffsetMs: 0,
    nextActionAt: PERIOD_END,
    createdAt: BOUGHT,
    ...overrides,
  };
}

/** The fields of each state below, to lay over another record (a PayPal one past due: `paypal(PAST_DUE)`). */
export const PAYPAL: Partial<LifecycleSubscription> = {
  paymentMethod: 'paypal',
  payment: { method: 'paypal' },
  gateway: 'paypal',
  instrument: { kind: 'paypal', subscriptionId: 'I-1' },
};

/** Cancelled in the account on 15 January, its period running. */
export const CANCELLING: Partial<LifecycleSubscription> = {
  cancelAtPeriodEnd: true,
  cancelRequestedAt: '2026-01-15T10:00:00.000Z',
  cancelReason: 'too expensive',
  cancelChannel: 'account',
};

/** Its first renewal failed on a soft decline at the period end: past due, tried again the next day. */
export const PAST_DUE: Partial<LifecycleSubscription> = {
  status: 'past_due',
  dunning: {
    tries: 1,
    pastDueSince: PERIOD_END,
    retryAt: '2026-02-11T09:00:00.000Z',
    graceUntil: '2026-02-24T09:00:00.000Z',
    failureCode: 'insufficient_funds',
  },
};

/** Ended by customer care on 20 January. */
export const ENDED: Partial<LifecycleSubscription> = {
  status: 'ended',
  endedAt: MID_PERIOD,
  endReason: 'ended_by_care',
  cancelAtPeriodEnd: true,
  cancelRequestedAt: MID_PERIOD,
  nextActionAt: null,
};

export const paypal = (overrides: Partial<LifecycleSubscription> = {}) => subscription({ ...PAYPAL, ...overrides });
export const cancelling = (overrides: Partial<LifecycleSubscription> = {}) => subscription({ ...CANCELLING, ...overrides });
export const pastDue = (overrides: Partial<LifecycleSubscription> = {}) => subscription({ ...PAST_DUE, ...overrides });
export const ended = (overrides: Partial<LifecycleSubscription> = {}) => subscription({ ...ENDED, ...overrides });

/** The dunning of a past-due record, for a row that changes one of its fields. */
export const pastDueDunning = PAST_DUE.dunning!;
