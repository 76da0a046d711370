import { describe } from 'vitest';
import { cancelRequested, cardSet, claimed, deliveryAddressChanged, endedNow, resumed, runRows } from '@/tests/fixtures/lifecycleRows';
import {
  CANCELLING,
  MID_PERIOD,
  PAST_DUE,
  cancelling,
  ended,
  pastDue,
  pastDueDunning,
  paypal,
  subscription,
} from '@/tests/fixtures/lifecycleStates';

/** After its period end: a cancelled one has ended by then. */
const AFTER_PERIOD = '2026-02-10T09:00:01.000Z';

describe('claimed at sign-in', () => {
  const unclaimed = subscription({ ownerEmail: null });
  runRows([
    claimed(
      { name: 'the billing address signs in: its owner now, as typed in lower case', before: unclaimed, now: MID_PERIOD },
      ' Reader@Example.com ',
      { ownerEmail: 'reader@example.com' },
    ),
    claimed({ name: 'one that has an owner already', before: subscription(), now: MID_PERIOD }, 'reader@example.com', 'owned'),
    claimed({ name: 'another address', before: unclaimed, now: MID_PERIOD }, 'someone@example.com', 'other-address'),
  ]);
});

describe('cancel requested', () => {
  const tooExpensive = { channel: 'account', reason: 'too expensive' } as const;
  const noReason = { channel: 'account', reason: null } as const;
  runRows([
    cancelRequested(
      { name: 'in the account: cancelled at its period end, confirmed, the engine due at once', before: subscription(), now: MID_PERIOD },
      tooExpensive,
      { requestedAt: MID_PERIOD, mail: 'cancellation' },
    ),
    cancelRequested(
      { name: 'on the public cancel page: its confirmation offers to keep it', before: subscription(), now: MID_PERIOD },
      { channel: 'cancel-page', reason: 'too expensive' },
      { requestedAt: MID_PERIOD, mail: 'cancel-request' },
    ),
    cancelRequested(
      { name: 'declared earlier, applied by the pass or customer care: requested when declared', before: subscription(), now: MID_PERIOD },
      { channel: 'care', reason: 'too expensive', requestedAt: '2026-01-19T08:00:00.000Z' },
      { requestedAt: '2026-01-19T08:00:00.000Z', mail: 'cancellation' },
    ),
    cancelRequested({ name: 'past due: cancelled all the same', before: pastDue(), now: '2026-02-12T10:00:00.000Z' }, tooExpensive, {
      requestedAt: '2026-02-12T10:00:00.000Z',
      mail: 'cancellation',
    }),
    cancelRequested({ name: 'cancelled already', before: cancelling(), now: MID_PERIOD }, noReason, 'cancelled-already'),
    cancelRequested({ name: 'cancelled, its period over', before: cancelling(), now: AFTER_PERIOD }, noReason, 'ended'),
    cancelRequested({ name: 'ended', before: ended(), now: MID_PERIOD }, noReason, 'ended'),
  ]);
});

describe('resumed', () => {
  runRows([
    resumed(
      { name: 'a cancellation taken back: renewing again, told, the engine due at once', before: cancelling(), now: MID_PERIOD },
      'none',
      {},
    ),
    resumed(
      {
        name: 'PayPal started its renewals again: no longer marked paused',
        before: paypal({ ...CANCELLING, providerPaused: true }),
        now: MID_PERIOD,
      },
      'resumed',
      { provider: { providerPaused: false } },
    ),
    resumed(
      {
        name: 'PayPal not asked (its pause never confirmed): marked for the settling pass to start them',
        before: paypal(CANCELLING),
        now: MID_PERIOD,
      },
      'not-asked',
      { provider: { providerPaused: true, providerTries: 0 } },
    ),
    resumed(
      {
        name: 'PayPal not asked, marked already',
        before: paypal({ ...CANCELLING, providerPaused: true, providerTries: 3 }),
        now: MID_PERIOD,
      },
      'not-asked',
      {},
    ),
    resumed({ name: 'not cancelled', before: subscription(), now: MID_PERIOD }, 'none', 'not-cancelled'),
    resumed({ name: 'cancelled, its period over', before: cancelling(), now: AFTER_PERIOD }, 'none', 'ended'),
  ]);
});

describe('ended now', () => {
  const { dunning } = subscription();
  runRows([
    endedNow(
      { name: 'by customer care: ended and cancelled now, its mail, nothing left to run', before: subscription(), now: MID_PERIOD },
      'ended_by_care',
      { dunning, mails: [{ kind: 'ended-by-care' }] },
    ),
    endedNow({ name: 'a withdrawal: its confirmation', before: subscription(), now: MID_PERIOD }, 'withdrawn', {
      dunning,
      mails: [{ kind: 'withdrawal' }],
    }),
    endedNow({ name: 'an undone duplicate: no mail (its page says it)', before: subscription(), now: MID_PERIOD }, 'duplicate_undone', {
      dunning,
      mails: [],
    }),
    endedNow({ name: 'cancelled before: keeps when it was requested', before: cancelling(), now: MID_PERIOD }, 'ended_by_care', {
      requested: 'before',
      dunning,
      mails: [{ kind: 'ended-by-care' }],
    }),
    endedNow({ name: 'past due: no retry left', before: pastDue(), now: '2026-02-12T10:00:00.000Z' }, 'withdrawn', {
      dunning: { ...pastDueDunning, retryAt: null },
      mails: [{ kind: 'withdrawal' }],
    }),
    endedNow({ name: 'cancelled, its period over', before: cancelling(), now: AFTER_PERIOD }, 'ended_by_care', 'ended'),
    endedNow({ name: 'ended already', before: ended(), now: MID_PERIOD }, 'withdrawn', 'ended'),
  ]);
});

describe('payment method changed', () => {
  const newCard = {
    kind: 'card-set',
    gateway: 'stripe',
    instrument: { kind: 'stripe', customerId: 'cus_1', paymentMethodId: 'pm_2' },
    payment: { method: 'card', brand: 'mastercard', last4: '4444' },
  } as const;
  runRows([
    cardSet(
      { name: 'a new card: it renews it from now on, its owner told; the schedule untouched', before: subscription(), now: MID_PERIOD },
      newCard,
    ),
    cardSet(
      {
        name: 'the first card of one bought with nothing reusable',
        before: subscription({ instrument: null, needsPaymentMethod: true }),
        now: MID_PERIOD,
      },
      newCard,
    ),
    cardSet({ name: 'past due: changed (the retry now is its own event)', before: pastDue(), now: '2026-02-12T10:00:00.000Z' }, newCard),
    cardSet(
      { name: 'the same card again', before: subscription({ gateway: 'stripe', instrument: newCard.instrument }), now: MID_PERIOD },
      newCard,
      'same-card',
    ),
    cardSet({ name: 'a wallet’s: changed at the wallet', before: paypal(), now: MID_PERIOD }, newCard, 'not-card'),
    cardSet({ name: 'cancelled, its period over', before: cancelling(), now: AFTER_PERIOD }, newCard, 'ended'),
  ]);
});

describe('delivery address changed', () => {
  const address = { line1: 'Hauptstraße 1', city: 'Berlin', postalCode: '10115', country: 'DE' };
  const print = subscription({
    isPrint: true,
    deliveryAddress: { line1: 'Alte Straße 2', city: 'Bonn', postalCode: '53111', country: 'DE' },
  });
  runRows([
    deliveryAddressChanged(
      { name: 'a print subscription: delivered there from now on, its owner told', before: print, now: MID_PERIOD },
      address,
    ),
    deliveryAddressChanged(
      { name: 'a print subscription, past due: still delivered', before: { ...print, ...PAST_DUE }, now: '2026-02-12T10:00:00.000Z' },
      address,
    ),
    deliveryAddressChanged({ name: 'a digital one', before: subscription(), now: MID_PERIOD }, address, 'not-print'),
    deliveryAddressChanged(
      { name: 'an ended print subscription', before: { ...print, status: 'ended', endedAt: MID_PERIOD }, now: MID_PERIOD },
      address,
      'ended',
    ),
  ]);
});
