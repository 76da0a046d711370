import { describe } from 'vitest';
import { noticeKey } from '@/lib/subscriptions/renewalNotices';
import {
  cataloguePriceChanged,
  endedBy,
  heldRenewalRefused,
  noticeSent,
  renewalFailed,
  renewalPaid,
  retriedNow,
  runRows,
} from '@/tests/fixtures/lifecycleRows';
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
import { NO_DUNNING } from './lifecycle';

const DAY = 24 * 3600_000;
const ENGINE = { by: 'engine', schedule: schedule() } as const;

describe('renewal paid', () => {
  runRows([
    renewalPaid(
      {
        name: 'by the engine: the next period, active, its receipt; next due at the next renewal',
        before: subscription(),
        now: PERIOD_END,
      },
      ENGINE,
      { renewalAmount: 990, recovered: false, nextRunAt: NEXT_PERIOD_END },
    ),
    renewalPaid(
      {
        name: 'by the engine: a noticed price from this renewal is theirs now',
        before: subscription({ pendingPrice: { amount: 1190, from: PERIOD_END } }),
        now: PERIOD_END,
      },
      { by: 'engine', schedule: schedule({ catalogueRenewalAmount: 1190 }) },
      { renewalAmount: 1190, priceTaken: true, recovered: false, nextRunAt: NEXT_PERIOD_END },
    ),
    renewalPaid(
      {
        name: 'by the engine: a noticed price from a later renewal waits',
        before: subscription({ pendingPrice: { amount: 1190, from: NEXT_PERIOD_END } }),
        now: PERIOD_END,
      },
      { by: 'engine', schedule: schedule({ catalogueRenewalAmount: 1190 }) },
      { renewalAmount: 990, recovered: false, nextRunAt: NEXT_PERIOD_END },
    ),
    renewalPaid(
      {
        name: 'by the engine after failed tries: recovered, the dunning cleared',
        before: pastDue({ dunning: { ...pastDueDunning, tries: 2, retryAt: '2026-02-13T09:00:00.000Z' } }),
        now: '2026-02-13T09:00:00.000Z',
      },
      ENGINE,
      { renewalAmount: 990, recovered: true, nextRunAt: NEXT_PERIOD_END },
    ),
    renewalPaid(
      {
        name: 'by the engine, on a test clock 5 days ahead: next due 5 days before its own renewal, in real time',
        before: subscription({ livemode: false, clockOffsetMs: 5 * DAY }),
        now: '2026-02-05T09:00:00.000Z',
      },
      ENGINE,
      { updatedAt: PERIOD_END, renewalAmount: 990, recovered: false, nextRunAt: '2026-03-05T09:00:00.000Z' },
    ),
    renewalPaid(
      {
        name: 'a period that is not the next one any more (recorded already)',
        before: subscription({ currentPeriodStart: PERIOD_END, currentPeriodEnd: NEXT_PERIOD_END }),
        now: PERIOD_END,
      },
      ENGINE,
      'period-moved',
    ),
    renewalPaid(
      {
        name: 'confirmed by the bank: recovered, and the engine due at once',
        before: pastDue({ dunning: { ...pastDueDunning, retryAt: null, failureCode: 'authentication_required' } }),
        now: '2026-02-12T10:00:00.000Z',
      },
      { by: 'bank' },
      { renewalAmount: 990, recovered: true, nextRunAt: '2026-02-12T10:00:00.000Z' },
    ),
    renewalPaid(
      {
        name: 'by PayPal: a noticed price is theirs from the renewal it applies from, and the engine schedules the new period at once',
        before: paypal({ pendingPrice: { amount: 1190, from: PERIOD_END } }),
        now: '2026-02-10T10:05:00.000Z',
      },
      { by: 'provider', saleAt: '2026-02-10T10:00:00.000Z' },
      { renewalAmount: 1190, priceTaken: true, recovered: false, nextRunAt: '2026-02-10T10:05:00.000Z' },
    ),
    renewalPaid(
      { name: 'by PayPal, a sale up to 3 days early renews', before: paypal(), now: '2026-02-07T09:00:00.000Z' },
      { by: 'provider', saleAt: '2026-02-07T09:00:00.000Z' },
      { renewalAmount: 990, recovered: false, nextRunAt: '2026-02-07T09:00:00.000Z' },
    ),
    renewalPaid(
      { name: 'by PayPal, the purchase’s own sale is no renewal', before: paypal(), now: '2026-01-10T09:06:00.000Z' },
      { by: 'provider', saleAt: '2026-01-10T09:05:00.000Z' },
      'not-a-renewal',
    ),
    renewalPaid(
      { name: 'by PayPal, with no sale time: its own clock decides', before: paypal(), now: MID_PERIOD },
      { by: 'provider', saleAt: null },
      'not-a-renewal',
    ),
    renewalPaid({ name: 'by PayPal, once ended', before: paypal(ENDED), now: PERIOD_END }, { by: 'provider', saleAt: PERIOD_END }, 'ended'),
  ]);
});

describe('renewal failed', () => {
  const soft = { by: 'engine', code: 'insufficient_funds' } as const;
  const paypalPastDue = paypal({ ...PAST_DUE, dunning: { ...pastDueDunning, retryAt: null, failureCode: 'wallet_declined' } });
  runRows([
    renewalFailed(
      { name: 'a soft decline: past due, tried again the next day, its failure mail', before: subscription(), now: PERIOD_END },
      soft,
      {
        tries: 1,
        retryAt: '2026-02-11T09:00:00.000Z',
        failureCode: 'insufficient_funds',
        mailed: true,
        nextRunAt: '2026-02-11T09:00:00.000Z',
      },
    ),
    renewalFailed(
      { name: 'a hard decline of a card: never tried again, it ends on the last retry day', before: subscription(), now: PERIOD_END },
      { by: 'engine', code: 'expired_card' },
      { tries: 1, retryAt: null, failureCode: 'expired_card', mailed: true, nextRunAt: '2026-02-24T09:00:00.000Z' },
    ),
    renewalFailed(
      {
        name: 'Amazon Pay’s hard decline is tried again on the schedule',
        before: subscription({ paymentMethod: 'amazon-pay', payment: { method: 'amazon-pay' }, gateway: 'sandbox-amazon-pay' }),
        now: PERIOD_END,
      },
      { by: 'engine', code: 'wallet_declined' },
      {
        tries: 1,
        retryAt: '2026-02-11T09:00:00.000Z',
        failureCode: 'wallet_declined',
        mailed: true,
        nextRunAt: '2026-02-11T09:00:00.000Z',
      },
    ),
    renewalFailed(
      { name: 'the bank wants the subscriber: no retry, they are asked', before: subscription(), now: PERIOD_END },
      { by: 'engine', code: 'authentication_required', status: 'requires_action' },
      { tries: 1, retryAt: null, failureCode: 'authentication_required', mailed: true, nextRunAt: '2026-02-24T09:00:00.000Z' },
    ),
    renewalFailed(
      { name: 'a retry that fails: counted from the first failure, no second mail', before: pastDue(), now: '2026-02-11T09:00:00.000Z' },
      soft,
      {
        tries: 2,
        retryAt: '2026-02-13T09:00:00.000Z',
        failureCode: 'insufficient_funds',
        mailed: false,
        nextRunAt: '2026-02-13T09:00:00.000Z',
      },
    ),
    renewalFailed(
      {
        name: 'on a test clock 5 days ahead: recorded at its own time, next due in real time',
        before: subscription({ livemode: false, clockOffsetMs: 5 * DAY }),
        now: '2026-02-05T09:00:00.000Z',
      },
      soft,
      {
        updatedAt: PERIOD_END,
        tries: 1,
        retryAt: '2026-02-11T09:00:00.000Z',
        failureCode: 'insufficient_funds',
        mailed: true,
        nextRunAt: '2026-02-06T09:00:00.000Z',
      },
    ),
    renewalFailed({ name: 'once ended', before: ended(), now: PERIOD_END }, soft, 'ended'),
    renewalFailed(
      { name: 'PayPal’s first failed payment: past due, never retried by us, the schedule untouched', before: paypal(), now: PERIOD_END },
      { by: 'provider', failedPayments: 1 },
      { tries: 1, retryAt: null, failureCode: 'wallet_declined', mailed: true, nextRunAt: PERIOD_END },
    ),
    renewalFailed(
      { name: 'PayPal’s second failed payment: its count taken, no second mail', before: paypalPastDue, now: '2026-02-15T09:00:00.000Z' },
      { by: 'provider', failedPayments: 2 },
      { tries: 2, retryAt: null, failureCode: 'wallet_declined', mailed: false, nextRunAt: PERIOD_END },
    ),
    renewalFailed(
      { name: 'PayPal’s failed payment without a count: one more', before: paypal(), now: PERIOD_END },
      { by: 'provider', failedPayments: null },
      { tries: 1, retryAt: null, failureCode: 'wallet_declined', mailed: true, nextRunAt: PERIOD_END },
    ),
    renewalFailed(
      { name: 'PayPal’s failed payment counted already', before: paypalPastDue, now: '2026-02-10T10:00:00.000Z' },
      { by: 'provider', failedPayments: 1 },
      'counted-already',
    ),
  ]);
});

describe('a held renewal refused, a retry now', () => {
  const held = pastDue({ dunning: { ...pastDueDunning, retryAt: null, failureCode: 'authentication_required' } });
  runRows([
    heldRenewalRefused(
      { name: 'refused by the bank: its code replaces the check', before: held, now: '2026-02-12T10:00:00.000Z' },
      { dunning: { ...held.dunning, failureCode: 'insufficient_funds' } },
    ),
    heldRenewalRefused(
      { name: 'refused, but nothing is held for the subscriber', before: pastDue(), now: '2026-02-12T10:00:00.000Z' },
      'not-held',
    ),
    heldRenewalRefused(
      {
        name: 'refused once active again',
        before: subscription({ dunning: { ...NO_DUNNING, failureCode: 'authentication_required' } }),
        now: '2026-02-12T10:00:00.000Z',
      },
      'not-held',
    ),
    retriedNow(
      { name: 'a card given while past due: tried now, the engine due now', before: pastDue(), now: '2026-02-10T15:00:00.000Z' },
      { dunning: { ...pastDueDunning, retryAt: '2026-02-10T15:00:00.000Z' } },
    ),
    retriedNow(
      {
        name: 'on a test clock 5 days ahead: the retry on its own clock, the engine due in real time',
        before: pastDue({ livemode: false, clockOffsetMs: 5 * DAY }),
        now: '2026-02-05T15:00:00.000Z',
      },
      { dunning: { ...pastDueDunning, retryAt: '2026-02-10T15:00:00.000Z' } },
    ),
    retriedNow({ name: 'retried now, but not past due', before: subscription(), now: MID_PERIOD }, 'not-past-due'),
  ]);
});

describe('notices and the catalogue’s price', () => {
  const priceNotice = { notice: 'price-change', about: NEXT_PERIOD_END, dueAt: '2026-02-08T09:00:00.000Z' } as const;
  const newPrice = { ...priceNotice, schedule: schedule({ catalogueRenewalAmount: 1190 }) };
  runRows([
    noticeSent(
      {
        name: 'a price change noticed: the new price waits for the renewal it applies from',
        before: subscription(),
        now: '2026-02-08T09:00:00.000Z',
      },
      newPrice,
      { pendingPrice: { amount: 1190, from: NEXT_PERIOD_END }, nextRunAt: PERIOD_END },
    ),
    noticeSent(
      {
        name: 'a price change noticed on a test clock moved past its due day: dated when it was due',
        before: subscription({ livemode: false, clockOffsetMs: 40 * DAY }),
        now: MID_PERIOD,
      },
      newPrice,
      {
        pendingPrice: { amount: 1190, from: NEXT_PERIOD_END },
        updatedAt: '2026-02-08T09:00:00.000Z',
        // Its renewal, due on its own clock already: the same run takes it.
        nextRunAt: '2026-01-01T09:00:00.000Z',
      },
    ),
    noticeSent(
      {
        name: 'a price change noticed for an offer gone from the catalogue: no new price',
        before: subscription(),
        now: '2026-02-08T09:00:00.000Z',
      },
      { ...priceNotice, schedule: schedule({ catalogueRenewalAmount: null }) },
      { nextRunAt: PERIOD_END },
    ),
    noticeSent(
      {
        name: 'a card asked for: next due at the renewal',
        before: subscription({ instrument: null, needsPaymentMethod: true }),
        now: '2026-02-03T09:00:00.000Z',
      },
      { notice: 'card-needed', about: PERIOD_END, dueAt: '2026-02-03T09:00:00.000Z', schedule: schedule() },
      { nextRunAt: PERIOD_END },
    ),
    noticeSent(
      {
        name: 'a yearly term’s renewal notice',
        before: subscription({
          billingInterval: 'year',
          currentPeriodEnd: '2027-01-10T09:00:00.000Z',
          nextActionAt: '2026-12-11T09:00:00.000Z',
        }),
        now: '2026-12-11T09:00:00.000Z',
      },
      { notice: 'renewal', about: '2027-01-10T09:00:00.000Z', dueAt: '2026-12-11T09:00:00.000Z', schedule: schedule() },
      { nextRunAt: '2027-01-10T09:00:00.000Z' },
    ),
    noticeSent(
      { name: 'a notice sent already', before: subscription(), now: '2026-02-08T09:00:00.000Z' },
      {
        ...priceNotice,
        schedule: schedule({ catalogueRenewalAmount: 1190, noticesSent: new Set([noticeKey('price-change', NEXT_PERIOD_END)]) }),
      },
      'sent-already',
    ),
    cataloguePriceChanged({ name: 'the catalogue changed its price: due at once for the notice', before: subscription(), now: MID_PERIOD }),
    cataloguePriceChanged({
      name: 'the catalogue changed its price: a past-due one is due at once too',
      before: pastDue(),
      now: '2026-02-12T10:00:00.000Z',
    }),
    cataloguePriceChanged({ name: 'the catalogue changed its price of an ended one', before: ended(), now: MID_PERIOD }, 'ended'),
  ]);
});

describe('the engine’s ends', () => {
  runRows([
    endedBy(
      { name: 'cancelled, its period over: ended at its period end, nothing left to run', before: cancelling(), now: PERIOD_END },
      { kind: 'ended-at-period-end' },
      { endedAt: PERIOD_END, endReason: 'cancelled', dunning: NO_DUNNING, mails: [], nextRunAt: null },
    ),
    endedBy({ name: 'at its period end, once ended', before: ended(), now: PERIOD_END }, { kind: 'ended-at-period-end' }, 'ended'),
    endedBy(
      {
        name: 'unpaid to the last retry day: ended on that day, its mail',
        before: pastDue({ dunning: { ...pastDueDunning, tries: 4, retryAt: null } }),
        now: '2026-02-24T09:00:01.000Z',
      },
      { kind: 'ended-unpaid', policy: POLICY },
      {
        endedAt: '2026-02-24T09:00:00.000Z',
        endReason: 'payment_failed',
        dunning: { ...pastDueDunning, tries: 4, retryAt: null },
        mails: [{ kind: 'renewal-ended' }],
        nextRunAt: null,
      },
    ),
    endedBy(
      { name: 'unpaid, but not past due', before: subscription(), now: PERIOD_END },
      { kind: 'ended-unpaid', policy: POLICY },
      'not-past-due',
    ),
    endedBy({ name: 'unpaid, once ended', before: ended(), now: PERIOD_END }, { kind: 'ended-unpaid', policy: POLICY }, 'ended'),
  ]);
});
