import { describe, expect, it } from 'vitest';
import { noticeKey } from '@/lib/subscriptions/renewalNotices';
import {
  ENDED,
  MID_PERIOD,
  NEXT_PERIOD_END,
  PAST_DUE,
  PERIOD_END,
  POLICY,
  cancelling,
  ended,
  pastDue,
  pastDueDunning,
  paypal,
  schedule,
  subscription,
} from '@/tests/fixtures/lifecycleStates';
import { applyEvent, NO_DUNNING, type LifecycleEvent, type LifecycleOutcome, type LifecycleSubscription } from './lifecycle';

interface Row {
  name: string;
  before: LifecycleSubscription;
  event: LifecycleEvent;
  now: string;
  expected: LifecycleOutcome;
}

const run = (rows: Row[]) =>
  it.each(rows)('$name', ({ before, event, now, expected }) => {
    expect(applyEvent(before, event, new Date(now))).toEqual(expected);
  });

const DAY = 24 * 3600_000;
const NEXT_PERIOD = { start: PERIOD_END, end: NEXT_PERIOD_END };
const PAID = {
  status: 'active',
  currentPeriodStart: PERIOD_END,
  currentPeriodEnd: NEXT_PERIOD_END,
  dunning: NO_DUNNING,
  needsPaymentMethod: false,
} as const;

describe('renewal paid', () => {
  run([
    {
      name: 'by the engine: the next period, active, its receipt; next due at the next renewal',
      before: subscription(),
      event: { kind: 'renewal-paid', by: 'engine', period: NEXT_PERIOD, schedule: schedule() },
      now: PERIOD_END,
      expected: {
        kind: 'applied',
        changes: { updatedAt: PERIOD_END, ...PAID, renewalAmount: 990 },
        mails: [{ kind: 'renewal-receipt', recovered: false }],
        nextRunAt: NEXT_PERIOD_END,
      },
    },
    {
      name: 'by the engine: a noticed price from this renewal is theirs now',
      before: subscription({ pendingPrice: { amount: 1190, from: PERIOD_END } }),
      event: { kind: 'renewal-paid', by: 'engine', period: NEXT_PERIOD, schedule: schedule({ catalogueRenewalAmount: 1190 }) },
      now: PERIOD_END,
      expected: {
        kind: 'applied',
        changes: { updatedAt: PERIOD_END, ...PAID, renewalAmount: 1190, pendingPrice: null },
        mails: [{ kind: 'renewal-receipt', recovered: false }],
        nextRunAt: NEXT_PERIOD_END,
      },
    },
    {
      name: 'by the engine: a noticed price from a later renewal waits',
      before: subscription({ pendingPrice: { amount: 1190, from: NEXT_PERIOD_END } }),
      event: { kind: 'renewal-paid', by: 'engine', period: NEXT_PERIOD, schedule: schedule({ catalogueRenewalAmount: 1190 }) },
      now: PERIOD_END,
      expected: {
        kind: 'applied',
        changes: { updatedAt: PERIOD_END, ...PAID, renewalAmount: 990 },
        mails: [{ kind: 'renewal-receipt', recovered: false }],
        nextRunAt: NEXT_PERIOD_END,
      },
    },
    {
      name: 'by the engine after failed tries: recovered, the dunning cleared',
      before: pastDue({ dunning: { ...pastDueDunning, tries: 2, retryAt: '2026-02-13T09:00:00.000Z' } }),
      event: { kind: 'renewal-paid', by: 'engine', period: NEXT_PERIOD, schedule: schedule() },
      now: '2026-02-13T09:00:00.000Z',
      expected: {
        kind: 'applied',
        changes: { updatedAt: '2026-02-13T09:00:00.000Z', ...PAID, renewalAmount: 990 },
        mails: [{ kind: 'renewal-receipt', recovered: true }],
        nextRunAt: NEXT_PERIOD_END,
      },
    },
    {
      name: 'by the engine, on a test clock 5 days ahead: next due 5 days before its own renewal, in real time',
      before: subscription({ livemode: false, clockOffsetMs: 5 * DAY }),
      event: { kind: 'renewal-paid', by: 'engine', period: NEXT_PERIOD, schedule: schedule() },
      now: '2026-02-05T09:00:00.000Z',
      expected: {
        kind: 'applied',
        changes: { updatedAt: PERIOD_END, ...PAID, renewalAmount: 990 },
        mails: [{ kind: 'renewal-receipt', recovered: false }],
        nextRunAt: '2026-03-05T09:00:00.000Z',
      },
    },
    {
      name: 'a period that is not the next one any more (recorded already)',
      before: subscription({ currentPeriodStart: PERIOD_END, currentPeriodEnd: NEXT_PERIOD_END }),
      event: { kind: 'renewal-paid', by: 'engine', period: NEXT_PERIOD, schedule: schedule() },
      now: PERIOD_END,
      expected: { kind: 'refused', reason: 'period-moved' },
    },
    {
      name: 'confirmed by the bank: recovered, and the engine due at once',
      before: pastDue({ dunning: { ...pastDueDunning, retryAt: null, failureCode: 'authentication_required' } }),
      event: { kind: 'renewal-paid', by: 'bank', period: NEXT_PERIOD },
      now: '2026-02-12T10:00:00.000Z',
      expected: {
        kind: 'applied',
        changes: { updatedAt: '2026-02-12T10:00:00.000Z', ...PAID, renewalAmount: 990 },
        mails: [{ kind: 'renewal-receipt', recovered: true }],
        nextRunAt: '2026-02-12T10:00:00.000Z',
      },
    },
    {
      name: 'by PayPal: a noticed price is theirs from the renewal it applies from, and the engine schedules the new period at once',
      before: paypal({ pendingPrice: { amount: 1190, from: PERIOD_END } }),
      event: { kind: 'renewal-paid', by: 'provider', saleAt: '2026-02-10T10:00:00.000Z', period: NEXT_PERIOD },
      now: '2026-02-10T10:05:00.000Z',
      expected: {
        kind: 'applied',
        changes: { updatedAt: '2026-02-10T10:05:00.000Z', ...PAID, renewalAmount: 1190, pendingPrice: null },
        mails: [{ kind: 'renewal-receipt', recovered: false }],
        nextRunAt: '2026-02-10T10:05:00.000Z',
      },
    },
    {
      name: 'by PayPal, a sale up to 3 days early renews',
      before: paypal(),
      event: { kind: 'renewal-paid', by: 'provider', saleAt: '2026-02-07T09:00:00.000Z', period: NEXT_PERIOD },
      now: '2026-02-07T09:00:00.000Z',
      expected: {
        kind: 'applied',
        changes: { ...PAID, renewalAmount: 990, updatedAt: '2026-02-07T09:00:00.000Z' },
        mails: [{ kind: 'renewal-receipt', recovered: false }],
        nextRunAt: '2026-02-07T09:00:00.000Z',
      },
    },
    {
      name: 'by PayPal, the purchase’s own sale is no renewal',
      before: paypal(),
      event: { kind: 'renewal-paid', by: 'provider', saleAt: '2026-01-10T09:05:00.000Z', period: NEXT_PERIOD },
      now: '2026-01-10T09:06:00.000Z',
      expected: { kind: 'refused', reason: 'not-a-renewal' },
    },
    {
      name: 'by PayPal, with no sale time: its own clock decides',
      before: paypal(),
      event: { kind: 'renewal-paid', by: 'provider', saleAt: null, period: NEXT_PERIOD },
      now: MID_PERIOD,
      expected: { kind: 'refused', reason: 'not-a-renewal' },
    },
    {
      name: 'by PayPal, once ended',
      before: paypal(ENDED),
      event: { kind: 'renewal-paid', by: 'provider', saleAt: PERIOD_END, period: NEXT_PERIOD },
      now: PERIOD_END,
      expected: { kind: 'refused', reason: 'ended' },
    },
  ]);
});

describe('renewal failed', () => {
  const failed = (
    code: 'insufficient_funds' | 'expired_card' | 'wallet_declined' | 'authentication_required',
    status: 'failed' | 'requires_action' = 'failed',
  ) => ({ kind: 'renewal-failed', by: 'engine', code, status, schedule: schedule() }) as const;
  run([
    {
      name: 'a soft decline: past due, tried again the next day, its failure mail',
      before: subscription(),
      event: failed('insufficient_funds'),
      now: PERIOD_END,
      expected: {
        kind: 'applied',
        changes: {
          updatedAt: PERIOD_END,
          status: 'past_due',
          dunning: {
            tries: 1,
            pastDueSince: PERIOD_END,
            retryAt: '2026-02-11T09:00:00.000Z',
            graceUntil: '2026-02-24T09:00:00.000Z',
            failureCode: 'insufficient_funds',
          },
        },
        mails: [{ kind: 'renewal-failed', code: 'insufficient_funds', status: 'failed' }],
        nextRunAt: '2026-02-11T09:00:00.000Z',
      },
    },
    {
      name: 'a hard decline of a card: never tried again, it ends on the last retry day',
      before: subscription(),
      event: failed('expired_card'),
      now: PERIOD_END,
      expected: {
        kind: 'applied',
        changes: {
          updatedAt: PERIOD_END,
          status: 'past_due',
          dunning: {
            tries: 1,
            pastDueSince: PERIOD_END,
            retryAt: null,
            graceUntil: '2026-02-24T09:00:00.000Z',
            failureCode: 'expired_card',
          },
        },
        mails: [{ kind: 'renewal-failed', code: 'expired_card', status: 'failed' }],
        nextRunAt: '2026-02-24T09:00:00.000Z',
      },
    },
    {
      name: 'Amazon Pay’s hard decline is tried again on the schedule',
      before: subscription({ paymentMethod: 'amazon-pay', payment: { method: 'amazon-pay' }, gateway: 'sandbox-amazon-pay' }),
      event: failed('wallet_declined'),
      now: PERIOD_END,
      expected: {
        kind: 'applied',
        changes: {
          updatedAt: PERIOD_END,
          status: 'past_due',
          dunning: {
            tries: 1,
            pastDueSince: PERIOD_END,
            retryAt: '2026-02-11T09:00:00.000Z',
            graceUntil: '2026-02-24T09:00:00.000Z',
            failureCode: 'wallet_declined',
          },
        },
        mails: [{ kind: 'renewal-failed', code: 'wallet_declined', status: 'failed' }],
        nextRunAt: '2026-02-11T09:00:00.000Z',
      },
    },
    {
      name: 'the bank wants the subscriber: no retry, they are asked',
      before: subscription(),
      event: failed('authentication_required', 'requires_action'),
      now: PERIOD_END,
      expected: {
        kind: 'applied',
        changes: {
          updatedAt: PERIOD_END,
          status: 'past_due',
          dunning: {
            tries: 1,
            pastDueSince: PERIOD_END,
            retryAt: null,
            graceUntil: '2026-02-24T09:00:00.000Z',
            failureCode: 'authentication_required',
          },
        },
        mails: [{ kind: 'renewal-failed', code: 'authentication_required', status: 'requires_action' }],
        nextRunAt: '2026-02-24T09:00:00.000Z',
      },
    },
    {
      name: 'a retry that fails: counted from the first failure, no second mail',
      before: pastDue(),
      event: failed('insufficient_funds'),
      now: '2026-02-11T09:00:00.000Z',
      expected: {
        kind: 'applied',
        changes: {
          updatedAt: '2026-02-11T09:00:00.000Z',
          status: 'past_due',
          dunning: {
            tries: 2,
            pastDueSince: PERIOD_END,
            retryAt: '2026-02-13T09:00:00.000Z',
            graceUntil: '2026-02-24T09:00:00.000Z',
            failureCode: 'insufficient_funds',
          },
        },
        mails: [],
        nextRunAt: '2026-02-13T09:00:00.000Z',
      },
    },
    {
      name: 'on a test clock 5 days ahead: recorded at its own time, next due in real time',
      before: subscription({ livemode: false, clockOffsetMs: 5 * DAY }),
      event: failed('insufficient_funds'),
      now: '2026-02-05T09:00:00.000Z',
      expected: {
        kind: 'applied',
        changes: {
          updatedAt: PERIOD_END,
          status: 'past_due',
          dunning: {
            tries: 1,
            pastDueSince: PERIOD_END,
            retryAt: '2026-02-11T09:00:00.000Z',
            graceUntil: '2026-02-24T09:00:00.000Z',
            failureCode: 'insufficient_funds',
          },
        },
        mails: [{ kind: 'renewal-failed', code: 'insufficient_funds', status: 'failed' }],
        nextRunAt: '2026-02-06T09:00:00.000Z',
      },
    },
    {
      name: 'once ended',
      before: ended(),
      event: failed('insufficient_funds'),
      now: PERIOD_END,
      expected: { kind: 'refused', reason: 'ended' },
    },
    {
      name: 'PayPal’s first failed payment: past due, never retried by us, the schedule untouched',
      before: paypal(),
      event: { kind: 'renewal-failed', by: 'provider', failedPayments: 1, policy: POLICY },
      now: PERIOD_END,
      expected: {
        kind: 'applied',
        changes: {
          updatedAt: PERIOD_END,
          status: 'past_due',
          dunning: {
            tries: 1,
            pastDueSince: PERIOD_END,
            retryAt: null,
            graceUntil: '2026-02-24T09:00:00.000Z',
            failureCode: 'wallet_declined',
          },
        },
        mails: [{ kind: 'renewal-failed', code: 'wallet_declined', status: 'failed' }],
        nextRunAt: PERIOD_END,
      },
    },
    {
      name: 'PayPal’s second failed payment: its count taken, no second mail',
      before: paypal({ ...PAST_DUE, dunning: { ...pastDueDunning, retryAt: null, failureCode: 'wallet_declined' } }),
      event: { kind: 'renewal-failed', by: 'provider', failedPayments: 2, policy: POLICY },
      now: '2026-02-15T09:00:00.000Z',
      expected: {
        kind: 'applied',
        changes: {
          updatedAt: '2026-02-15T09:00:00.000Z',
          status: 'past_due',
          dunning: {
            tries: 2,
            pastDueSince: PERIOD_END,
            retryAt: null,
            graceUntil: '2026-02-24T09:00:00.000Z',
            failureCode: 'wallet_declined',
          },
        },
        mails: [],
        nextRunAt: PERIOD_END,
      },
    },
    {
      name: 'PayPal’s failed payment without a count: one more',
      before: paypal(),
      event: { kind: 'renewal-failed', by: 'provider', failedPayments: null, policy: POLICY },
      now: PERIOD_END,
      expected: {
        kind: 'applied',
        changes: {
          updatedAt: PERIOD_END,
          status: 'past_due',
          dunning: {
            tries: 1,
            pastDueSince: PERIOD_END,
            retryAt: null,
            graceUntil: '2026-02-24T09:00:00.000Z',
            failureCode: 'wallet_declined',
          },
        },
        mails: [{ kind: 'renewal-failed', code: 'wallet_declined', status: 'failed' }],
        nextRunAt: PERIOD_END,
      },
    },
    {
      name: 'PayPal’s failed payment counted already',
      before: paypal({ ...PAST_DUE, dunning: { ...pastDueDunning, retryAt: null, failureCode: 'wallet_declined' } }),
      event: { kind: 'renewal-failed', by: 'provider', failedPayments: 1, policy: POLICY },
      now: '2026-02-10T10:00:00.000Z',
      expected: { kind: 'refused', reason: 'counted-already' },
    },
  ]);
});

describe('a held renewal refused, a retry now', () => {
  const held = pastDue({ dunning: { ...pastDueDunning, retryAt: null, failureCode: 'authentication_required' } });
  run([
    {
      name: 'refused by the bank: its code replaces the check',
      before: held,
      event: { kind: 'held-renewal-refused', code: 'insufficient_funds' },
      now: '2026-02-12T10:00:00.000Z',
      expected: {
        kind: 'applied',
        changes: { updatedAt: '2026-02-12T10:00:00.000Z', dunning: { ...held.dunning, failureCode: 'insufficient_funds' } },
        mails: [],
        nextRunAt: PERIOD_END,
      },
    },
    {
      name: 'refused, but nothing is held for the subscriber',
      before: pastDue(),
      event: { kind: 'held-renewal-refused', code: 'insufficient_funds' },
      now: '2026-02-12T10:00:00.000Z',
      expected: { kind: 'refused', reason: 'not-held' },
    },
    {
      name: 'refused once active again',
      before: subscription({ dunning: { ...NO_DUNNING, failureCode: 'authentication_required' } }),
      event: { kind: 'held-renewal-refused', code: 'insufficient_funds' },
      now: '2026-02-12T10:00:00.000Z',
      expected: { kind: 'refused', reason: 'not-held' },
    },
    {
      name: 'a card given while past due: tried now, the engine due now',
      before: pastDue(),
      event: { kind: 'retried-now' },
      now: '2026-02-10T15:00:00.000Z',
      expected: {
        kind: 'applied',
        changes: { dunning: { ...pastDueDunning, retryAt: '2026-02-10T15:00:00.000Z' } },
        mails: [],
        nextRunAt: '2026-02-10T15:00:00.000Z',
      },
    },
    {
      name: 'on a test clock 5 days ahead: the retry on its own clock, the engine due in real time',
      before: pastDue({ livemode: false, clockOffsetMs: 5 * DAY }),
      event: { kind: 'retried-now' },
      now: '2026-02-05T15:00:00.000Z',
      expected: {
        kind: 'applied',
        changes: { dunning: { ...pastDueDunning, retryAt: '2026-02-10T15:00:00.000Z' } },
        mails: [],
        nextRunAt: '2026-02-05T15:00:00.000Z',
      },
    },
    {
      name: 'retried now, but not past due',
      before: subscription(),
      event: { kind: 'retried-now' },
      now: MID_PERIOD,
      expected: { kind: 'refused', reason: 'not-past-due' },
    },
  ]);
});

describe('notices and the catalogue’s price', () => {
  const priceNotice = { kind: 'notice-sent', notice: 'price-change', about: NEXT_PERIOD_END, dueAt: '2026-02-08T09:00:00.000Z' } as const;
  run([
    {
      name: 'a price change noticed: the new price waits for the renewal it applies from',
      before: subscription(),
      event: { ...priceNotice, schedule: schedule({ catalogueRenewalAmount: 1190 }) },
      now: '2026-02-08T09:00:00.000Z',
      expected: {
        kind: 'applied',
        changes: { updatedAt: '2026-02-08T09:00:00.000Z', pendingPrice: { amount: 1190, from: NEXT_PERIOD_END } },
        mails: [{ kind: 'renewal-notice', notice: 'price-change', about: NEXT_PERIOD_END }],
        nextRunAt: PERIOD_END,
      },
    },
    {
      name: 'a price change noticed on a test clock moved past its due day: dated when it was due',
      before: subscription({ livemode: false, clockOffsetMs: 40 * DAY }),
      event: { ...priceNotice, schedule: schedule({ catalogueRenewalAmount: 1190 }) },
      now: MID_PERIOD,
      expected: {
        kind: 'applied',
        changes: { pendingPrice: { amount: 1190, from: NEXT_PERIOD_END }, updatedAt: '2026-02-08T09:00:00.000Z' },
        mails: [{ kind: 'renewal-notice', notice: 'price-change', about: NEXT_PERIOD_END }],
        // Its renewal, due on its own clock already: the same run takes it.
        nextRunAt: '2026-01-01T09:00:00.000Z',
      },
    },
    {
      name: 'a price change noticed for an offer gone from the catalogue: no new price',
      before: subscription(),
      event: { ...priceNotice, schedule: schedule({ catalogueRenewalAmount: null }) },
      now: '2026-02-08T09:00:00.000Z',
      expected: {
        kind: 'applied',
        changes: {},
        mails: [{ kind: 'renewal-notice', notice: 'price-change', about: NEXT_PERIOD_END }],
        nextRunAt: PERIOD_END,
      },
    },
    {
      name: 'a card asked for: next due at the renewal',
      before: subscription({ instrument: null, needsPaymentMethod: true }),
      event: { kind: 'notice-sent', notice: 'card-needed', about: PERIOD_END, dueAt: '2026-02-03T09:00:00.000Z', schedule: schedule() },
      now: '2026-02-03T09:00:00.000Z',
      expected: { kind: 'applied', changes: {}, mails: [{ kind: 'card-needed', about: PERIOD_END }], nextRunAt: PERIOD_END },
    },
    {
      name: 'a yearly term’s renewal notice',
      before: subscription({
        billingInterval: 'year',
        currentPeriodEnd: '2027-01-10T09:00:00.000Z',
        nextActionAt: '2026-12-11T09:00:00.000Z',
      }),
      event: {
        kind: 'notice-sent',
        notice: 'renewal',
        about: '2027-01-10T09:00:00.000Z',
        dueAt: '2026-12-11T09:00:00.000Z',
        schedule: schedule(),
      },
      now: '2026-12-11T09:00:00.000Z',
      expected: {
        kind: 'applied',
        changes: {},
        mails: [{ kind: 'renewal-notice', notice: 'renewal', about: '2027-01-10T09:00:00.000Z' }],
        nextRunAt: '2027-01-10T09:00:00.000Z',
      },
    },
    {
      name: 'a notice sent already',
      before: subscription(),
      event: {
        ...priceNotice,
        schedule: schedule({ catalogueRenewalAmount: 1190, noticesSent: new Set([noticeKey('price-change', NEXT_PERIOD_END)]) }),
      },
      now: '2026-02-08T09:00:00.000Z',
      expected: { kind: 'refused', reason: 'sent-already' },
    },
    {
      name: 'the catalogue changed its price: due at once for the notice',
      before: subscription(),
      event: { kind: 'catalogue-price-changed' },
      now: MID_PERIOD,
      expected: { kind: 'applied', changes: {}, mails: [], nextRunAt: MID_PERIOD },
    },
    {
      name: 'the catalogue changed its price: a past-due one is due at once too',
      before: pastDue(),
      event: { kind: 'catalogue-price-changed' },
      now: '2026-02-12T10:00:00.000Z',
      expected: { kind: 'applied', changes: {}, mails: [], nextRunAt: '2026-02-12T10:00:00.000Z' },
    },
    {
      name: 'the catalogue changed its price of an ended one',
      before: ended(),
      event: { kind: 'catalogue-price-changed' },
      now: MID_PERIOD,
      expected: { kind: 'refused', reason: 'ended' },
    },
  ]);
});

describe('the engine’s ends', () => {
  run([
    {
      name: 'cancelled, its period over: ended at its period end, nothing left to run',
      before: cancelling(),
      event: { kind: 'ended-at-period-end' },
      now: PERIOD_END,
      expected: {
        kind: 'applied',
        changes: { updatedAt: PERIOD_END, status: 'ended', endedAt: PERIOD_END, endReason: 'cancelled', dunning: NO_DUNNING },
        mails: [],
        nextRunAt: null,
      },
    },
    {
      name: 'at its period end, once ended',
      before: ended(),
      event: { kind: 'ended-at-period-end' },
      now: PERIOD_END,
      expected: { kind: 'refused', reason: 'ended' },
    },
    {
      name: 'unpaid to the last retry day: ended on that day, its mail',
      before: pastDue({ dunning: { ...pastDueDunning, tries: 4, retryAt: null } }),
      event: { kind: 'ended-unpaid', policy: POLICY },
      now: '2026-02-24T09:00:01.000Z',
      expected: {
        kind: 'applied',
        changes: {
          updatedAt: '2026-02-24T09:00:01.000Z',
          status: 'ended',
          endedAt: '2026-02-24T09:00:00.000Z',
          endReason: 'payment_failed',
          dunning: { ...pastDueDunning, tries: 4, retryAt: null },
        },
        mails: [{ kind: 'renewal-ended' }],
        nextRunAt: null,
      },
    },
    {
      name: 'unpaid, but not past due',
      before: subscription(),
      event: { kind: 'ended-unpaid', policy: POLICY },
      now: PERIOD_END,
      expected: { kind: 'refused', reason: 'not-past-due' },
    },
    {
      name: 'unpaid, once ended',
      before: ended(),
      event: { kind: 'ended-unpaid', policy: POLICY },
      now: PERIOD_END,
      expected: { kind: 'refused', reason: 'ended' },
    },
  ]);
});
