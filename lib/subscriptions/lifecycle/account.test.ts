import { describe, expect, it } from 'vitest';
import {
  CANCELLING,
  MID_PERIOD,
  PAST_DUE,
  PERIOD_END,
  cancelling,
  ended,
  pastDue,
  pastDueDunning,
  paypal,
  subscription,
} from '@/tests/fixtures/lifecycleStates';
import { applyEvent, type LifecycleEvent, type LifecycleOutcome, type LifecycleSubscription } from './lifecycle';

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

/** After its period end: a cancelled one has ended by then. */
const AFTER_PERIOD = '2026-02-10T09:00:01.000Z';

describe('claimed at sign-in', () => {
  const unclaimed = subscription({ ownerEmail: null });
  run([
    {
      name: 'the billing address signs in: its owner now, as typed in lower case',
      before: unclaimed,
      event: { kind: 'claimed', email: ' Reader@Example.com ' },
      now: MID_PERIOD,
      expected: { kind: 'applied', changes: { updatedAt: MID_PERIOD, ownerEmail: 'reader@example.com' }, mails: [], nextRunAt: PERIOD_END },
    },
    {
      name: 'one that has an owner already',
      before: subscription(),
      event: { kind: 'claimed', email: 'reader@example.com' },
      now: MID_PERIOD,
      expected: { kind: 'refused', reason: 'owned' },
    },
    {
      name: 'another address',
      before: unclaimed,
      event: { kind: 'claimed', email: 'someone@example.com' },
      now: MID_PERIOD,
      expected: { kind: 'refused', reason: 'other-address' },
    },
  ]);
});

describe('cancel requested', () => {
  const cancelled = (channel: 'account' | 'cancel-page' | 'care', requestedAt = MID_PERIOD) => ({
    cancelAtPeriodEnd: true,
    cancelRequestedAt: requestedAt,
    cancelReason: 'too expensive',
    cancelChannel: channel,
  });
  run([
    {
      name: 'in the account: cancelled at its period end, confirmed, the engine due at once',
      before: subscription(),
      event: { kind: 'cancel-requested', channel: 'account', reason: 'too expensive' },
      now: MID_PERIOD,
      expected: {
        kind: 'applied',
        changes: { ...cancelled('account'), updatedAt: MID_PERIOD },
        mails: [{ kind: 'cancellation' }],
        nextRunAt: MID_PERIOD,
      },
    },
    {
      name: 'on the public cancel page: its confirmation offers to keep it',
      before: subscription(),
      event: { kind: 'cancel-requested', channel: 'cancel-page', reason: 'too expensive' },
      now: MID_PERIOD,
      expected: {
        kind: 'applied',
        changes: { ...cancelled('cancel-page'), updatedAt: MID_PERIOD },
        mails: [{ kind: 'cancel-request' }],
        nextRunAt: MID_PERIOD,
      },
    },
    {
      name: 'declared earlier, applied by the pass or customer care: requested when declared',
      before: subscription(),
      event: { kind: 'cancel-requested', channel: 'care', reason: 'too expensive', requestedAt: '2026-01-19T08:00:00.000Z' },
      now: MID_PERIOD,
      expected: {
        kind: 'applied',
        changes: { ...cancelled('care', '2026-01-19T08:00:00.000Z'), updatedAt: MID_PERIOD },
        mails: [{ kind: 'cancellation' }],
        nextRunAt: MID_PERIOD,
      },
    },
    {
      name: 'past due: cancelled all the same',
      before: pastDue(),
      event: { kind: 'cancel-requested', channel: 'account', reason: 'too expensive' },
      now: '2026-02-12T10:00:00.000Z',
      expected: {
        kind: 'applied',
        changes: { ...cancelled('account', '2026-02-12T10:00:00.000Z'), updatedAt: '2026-02-12T10:00:00.000Z' },
        mails: [{ kind: 'cancellation' }],
        nextRunAt: '2026-02-12T10:00:00.000Z',
      },
    },
    {
      name: 'cancelled already',
      before: cancelling(),
      event: { kind: 'cancel-requested', channel: 'account', reason: null },
      now: MID_PERIOD,
      expected: { kind: 'refused', reason: 'cancelled-already' },
    },
    {
      name: 'cancelled, its period over',
      before: cancelling(),
      event: { kind: 'cancel-requested', channel: 'account', reason: null },
      now: AFTER_PERIOD,
      expected: { kind: 'refused', reason: 'ended' },
    },
    {
      name: 'ended',
      before: ended(),
      event: { kind: 'cancel-requested', channel: 'account', reason: null },
      now: MID_PERIOD,
      expected: { kind: 'refused', reason: 'ended' },
    },
  ]);
});

describe('resumed', () => {
  const resumed = { cancelAtPeriodEnd: false, cancelRequestedAt: null, cancelReason: null, cancelChannel: null };
  run([
    {
      name: 'a cancellation taken back: renewing again, told, the engine due at once',
      before: cancelling(),
      event: { kind: 'resumed', provider: 'none' },
      now: MID_PERIOD,
      expected: { kind: 'applied', changes: { ...resumed, updatedAt: MID_PERIOD }, mails: [{ kind: 'resumed' }], nextRunAt: MID_PERIOD },
    },
    {
      name: 'PayPal started its renewals again: no longer marked paused',
      before: paypal({ ...CANCELLING, providerPaused: true }),
      event: { kind: 'resumed', provider: 'resumed' },
      now: MID_PERIOD,
      expected: {
        kind: 'applied',
        changes: { updatedAt: MID_PERIOD, ...resumed, providerPaused: false },
        mails: [{ kind: 'resumed' }],
        nextRunAt: MID_PERIOD,
      },
    },
    {
      name: 'PayPal not asked (its pause never confirmed): marked for the settling pass to start them',
      before: paypal(CANCELLING),
      event: { kind: 'resumed', provider: 'not-asked' },
      now: MID_PERIOD,
      expected: {
        kind: 'applied',
        changes: { updatedAt: MID_PERIOD, ...resumed, providerPaused: true, providerTries: 0 },
        mails: [{ kind: 'resumed' }],
        nextRunAt: MID_PERIOD,
      },
    },
    {
      name: 'PayPal not asked, marked already',
      before: paypal({ ...CANCELLING, providerPaused: true, providerTries: 3 }),
      event: { kind: 'resumed', provider: 'not-asked' },
      now: MID_PERIOD,
      expected: { kind: 'applied', changes: { ...resumed, updatedAt: MID_PERIOD }, mails: [{ kind: 'resumed' }], nextRunAt: MID_PERIOD },
    },
    {
      name: 'not cancelled',
      before: subscription(),
      event: { kind: 'resumed', provider: 'none' },
      now: MID_PERIOD,
      expected: { kind: 'refused', reason: 'not-cancelled' },
    },
    {
      name: 'cancelled, its period over',
      before: cancelling(),
      event: { kind: 'resumed', provider: 'none' },
      now: AFTER_PERIOD,
      expected: { kind: 'refused', reason: 'ended' },
    },
  ]);
});

describe('ended now', () => {
  const endedNow = (reason: 'ended_by_care' | 'withdrawn' | 'duplicate_undone') => ({
    status: 'ended' as const,
    endedAt: MID_PERIOD,
    endReason: reason,
    cancelAtPeriodEnd: true,
    cancelRequestedAt: MID_PERIOD,
    dunning: subscription().dunning,
  });
  run([
    {
      name: 'by customer care: ended and cancelled now, its mail, nothing left to run',
      before: subscription(),
      event: { kind: 'ended-now', reason: 'ended_by_care' },
      now: MID_PERIOD,
      expected: {
        kind: 'applied',
        changes: { ...endedNow('ended_by_care'), updatedAt: MID_PERIOD },
        mails: [{ kind: 'ended-by-care' }],
        nextRunAt: null,
      },
    },
    {
      name: 'a withdrawal: its confirmation',
      before: subscription(),
      event: { kind: 'ended-now', reason: 'withdrawn' },
      now: MID_PERIOD,
      expected: {
        kind: 'applied',
        changes: { ...endedNow('withdrawn'), updatedAt: MID_PERIOD },
        mails: [{ kind: 'withdrawal' }],
        nextRunAt: null,
      },
    },
    {
      name: 'an undone duplicate: no mail (its page says it)',
      before: subscription(),
      event: { kind: 'ended-now', reason: 'duplicate_undone' },
      now: MID_PERIOD,
      expected: { kind: 'applied', changes: { ...endedNow('duplicate_undone'), updatedAt: MID_PERIOD }, mails: [], nextRunAt: null },
    },
    {
      name: 'cancelled before: keeps when it was requested',
      before: cancelling(),
      event: { kind: 'ended-now', reason: 'ended_by_care' },
      now: MID_PERIOD,
      expected: {
        kind: 'applied',
        changes: {
          updatedAt: MID_PERIOD,
          status: 'ended',
          endedAt: MID_PERIOD,
          endReason: 'ended_by_care',
          cancelAtPeriodEnd: true,
          dunning: subscription().dunning,
        },
        mails: [{ kind: 'ended-by-care' }],
        nextRunAt: null,
      },
    },
    {
      name: 'past due: no retry left',
      before: pastDue(),
      event: { kind: 'ended-now', reason: 'withdrawn' },
      now: '2026-02-12T10:00:00.000Z',
      expected: {
        kind: 'applied',
        changes: {
          updatedAt: '2026-02-12T10:00:00.000Z',
          status: 'ended',
          endedAt: '2026-02-12T10:00:00.000Z',
          endReason: 'withdrawn',
          cancelAtPeriodEnd: true,
          cancelRequestedAt: '2026-02-12T10:00:00.000Z',
          dunning: { ...pastDueDunning, retryAt: null },
        },
        mails: [{ kind: 'withdrawal' }],
        nextRunAt: null,
      },
    },
    {
      name: 'cancelled, its period over',
      before: cancelling(),
      event: { kind: 'ended-now', reason: 'ended_by_care' },
      now: AFTER_PERIOD,
      expected: { kind: 'refused', reason: 'ended' },
    },
    {
      name: 'ended already',
      before: ended(),
      event: { kind: 'ended-now', reason: 'withdrawn' },
      now: MID_PERIOD,
      expected: { kind: 'refused', reason: 'ended' },
    },
  ]);
});

describe('payment method changed', () => {
  const newCard = {
    kind: 'card-set',
    gateway: 'stripe',
    instrument: { kind: 'stripe', customerId: 'cus_1', paymentMethodId: 'pm_2' },
    payment: { method: 'card', brand: 'mastercard', last4: '4444' },
  } as const;
  const changed = { gateway: 'stripe', instrument: newCard.instrument, payment: newCard.payment, needsPaymentMethod: false };
  run([
    {
      name: 'a new card: it renews it from now on, its owner told; the schedule untouched',
      before: subscription(),
      event: newCard,
      now: MID_PERIOD,
      expected: {
        kind: 'applied',
        changes: { ...changed, updatedAt: MID_PERIOD },
        mails: [{ kind: 'card-changed' }],
        nextRunAt: PERIOD_END,
      },
    },
    {
      name: 'the first card of one bought with nothing reusable',
      before: subscription({ instrument: null, needsPaymentMethod: true }),
      event: newCard,
      now: MID_PERIOD,
      expected: {
        kind: 'applied',
        changes: { ...changed, updatedAt: MID_PERIOD },
        mails: [{ kind: 'card-changed' }],
        nextRunAt: PERIOD_END,
      },
    },
    {
      name: 'past due: changed (the retry now is its own event)',
      before: pastDue(),
      event: newCard,
      now: '2026-02-12T10:00:00.000Z',
      expected: {
        kind: 'applied',
        changes: { ...changed, updatedAt: '2026-02-12T10:00:00.000Z' },
        mails: [{ kind: 'card-changed' }],
        nextRunAt: PERIOD_END,
      },
    },
    {
      name: 'the same card again',
      before: subscription({ gateway: 'stripe', instrument: newCard.instrument }),
      event: newCard,
      now: MID_PERIOD,
      expected: { kind: 'refused', reason: 'same-card' },
    },
    {
      name: 'a wallet’s: changed at the wallet',
      before: paypal(),
      event: newCard,
      now: MID_PERIOD,
      expected: { kind: 'refused', reason: 'not-card' },
    },
    {
      name: 'cancelled, its period over',
      before: cancelling(),
      event: newCard,
      now: AFTER_PERIOD,
      expected: { kind: 'refused', reason: 'ended' },
    },
  ]);
});

describe('delivery address changed', () => {
  const address = { line1: 'Hauptstraße 1', city: 'Berlin', postalCode: '10115' };
  const print = subscription({ isPrint: true, deliveryAddress: { line1: 'Alte Straße 2', city: 'Bonn', postalCode: '53111' } });
  run([
    {
      name: 'a print subscription: delivered there from now on, its owner told',
      before: print,
      event: { kind: 'delivery-address-changed', address },
      now: MID_PERIOD,
      expected: {
        kind: 'applied',
        changes: { updatedAt: MID_PERIOD, deliveryAddress: address },
        mails: [{ kind: 'address-changed' }],
        nextRunAt: PERIOD_END,
      },
    },
    {
      name: 'a print subscription, past due: still delivered',
      before: { ...print, ...PAST_DUE },
      event: { kind: 'delivery-address-changed', address },
      now: '2026-02-12T10:00:00.000Z',
      expected: {
        kind: 'applied',
        changes: { updatedAt: '2026-02-12T10:00:00.000Z', deliveryAddress: address },
        mails: [{ kind: 'address-changed' }],
        nextRunAt: PERIOD_END,
      },
    },
    {
      name: 'a digital one',
      before: subscription(),
      event: { kind: 'delivery-address-changed', address },
      now: MID_PERIOD,
      expected: { kind: 'refused', reason: 'not-print' },
    },
    {
      name: 'an ended print subscription',
      before: { ...print, status: 'ended', endedAt: MID_PERIOD },
      event: { kind: 'delivery-address-changed', address },
      now: MID_PERIOD,
      expected: { kind: 'refused', reason: 'ended' },
    },
  ]);
});
