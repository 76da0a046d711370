import { describe, expect, it } from 'vitest';
import { CANCELLING, ENDED, MID_PERIOD, PAST_DUE, PERIOD_END, paypal } from '@/tests/fixtures/lifecycleStates';
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

describe('suspended or cancelled at the provider', () => {
  run([
    {
      name: 'suspended after its failed payments: ended unpaid now, its mail; the schedule untouched',
      before: paypal({ ...PAST_DUE, dunning: { ...NO_DUNNING, tries: 3, pastDueSince: PERIOD_END, failureCode: 'wallet_declined' } }),
      event: { kind: 'provider-suspended' },
      now: '2026-02-20T09:00:00.000Z',
      expected: {
        kind: 'applied',
        changes: {
          updatedAt: '2026-02-20T09:00:00.000Z',
          status: 'ended',
          endedAt: '2026-02-20T09:00:00.000Z',
          endReason: 'payment_failed',
          dunning: { ...NO_DUNNING, tries: 3, pastDueSince: PERIOD_END, failureCode: 'wallet_declined' },
        },
        mails: [{ kind: 'renewal-ended' }],
        nextRunAt: PERIOD_END,
      },
    },
    {
      name: 'suspended, on a test clock a day ahead: ended at its own time',
      before: paypal({ livemode: false, gateway: 'sandbox-paypal', clockOffsetMs: DAY }),
      event: { kind: 'provider-suspended' },
      now: '2026-02-19T09:00:00.000Z',
      expected: {
        kind: 'applied',
        changes: {
          updatedAt: '2026-02-20T09:00:00.000Z',
          status: 'ended',
          endedAt: '2026-02-20T09:00:00.000Z',
          endReason: 'payment_failed',
          dunning: NO_DUNNING,
        },
        mails: [{ kind: 'renewal-ended' }],
        nextRunAt: PERIOD_END,
      },
    },
    {
      name: 'suspended by our own pause of a cancelled one',
      before: paypal(CANCELLING),
      event: { kind: 'provider-suspended' },
      now: MID_PERIOD,
      expected: { kind: 'refused', reason: 'paused-by-us' },
    },
    {
      name: 'suspended by a pause taken back while it travelled',
      before: paypal({ providerPaused: true }),
      event: { kind: 'provider-suspended' },
      now: MID_PERIOD,
      expected: { kind: 'refused', reason: 'paused-by-us' },
    },
    {
      name: 'suspended once ended',
      before: paypal(ENDED),
      event: { kind: 'provider-suspended' },
      now: MID_PERIOD,
      expected: { kind: 'refused', reason: 'ended' },
    },
    {
      name: 'cancelled by the buyer at PayPal: ended now, no mail',
      before: paypal(),
      event: { kind: 'provider-cancelled' },
      now: MID_PERIOD,
      expected: {
        kind: 'applied',
        changes: { updatedAt: MID_PERIOD, status: 'ended', endedAt: MID_PERIOD, endReason: 'cancelled', dunning: NO_DUNNING },
        mails: [],
        nextRunAt: PERIOD_END,
      },
    },
    {
      name: 'cancelled by our end step, its cancelled period over: ended at its period end',
      before: paypal(CANCELLING),
      event: { kind: 'provider-cancelled' },
      now: '2026-02-10T09:00:05.000Z',
      expected: {
        kind: 'applied',
        changes: {
          updatedAt: '2026-02-10T09:00:05.000Z',
          status: 'ended',
          endedAt: PERIOD_END,
          endReason: 'cancelled',
          dunning: NO_DUNNING,
        },
        mails: [],
        nextRunAt: PERIOD_END,
      },
    },
    {
      name: 'cancelled at PayPal while cancelled here, its period running: it ends at its period end',
      before: paypal(CANCELLING),
      event: { kind: 'provider-cancelled' },
      now: MID_PERIOD,
      expected: { kind: 'refused', reason: 'ends-at-period-end' },
    },
    {
      name: 'cancelled at PayPal once ended',
      before: paypal(ENDED),
      event: { kind: 'provider-cancelled' },
      now: MID_PERIOD,
      expected: { kind: 'refused', reason: 'ended' },
    },
  ]);
});

describe('the provider’s pause settled', () => {
  run([
    {
      name: 'paused, as the cancelled record wants',
      before: paypal({ ...CANCELLING, providerTries: 2 }),
      event: { kind: 'provider-settled', paused: true },
      now: MID_PERIOD,
      expected: {
        kind: 'applied',
        changes: { updatedAt: MID_PERIOD, providerPaused: true, providerTries: 0 },
        mails: [],
        nextRunAt: PERIOD_END,
      },
    },
    {
      name: 'running again, as the resumed record wants',
      before: paypal({ providerPaused: true }),
      event: { kind: 'provider-settled', paused: false },
      now: MID_PERIOD,
      expected: {
        kind: 'applied',
        changes: { updatedAt: MID_PERIOD, providerPaused: false, providerTries: 0 },
        mails: [],
        nextRunAt: PERIOD_END,
      },
    },
    {
      name: 'paused, but resumed meanwhile',
      before: paypal(),
      event: { kind: 'provider-settled', paused: true },
      now: MID_PERIOD,
      expected: { kind: 'refused', reason: 'changed-meanwhile' },
    },
    {
      name: 'running, but cancelled meanwhile',
      before: paypal(CANCELLING),
      event: { kind: 'provider-settled', paused: false },
      now: MID_PERIOD,
      expected: { kind: 'refused', reason: 'changed-meanwhile' },
    },
    {
      name: 'a pause not reached: left marked running, for the pass to pause',
      before: paypal({ ...CANCELLING, providerPaused: true, providerTries: 4 }),
      event: { kind: 'provider-unsettled', wantPaused: true },
      now: MID_PERIOD,
      expected: {
        kind: 'applied',
        changes: { updatedAt: MID_PERIOD, providerPaused: false, providerTries: 0 },
        mails: [],
        nextRunAt: PERIOD_END,
      },
    },
    {
      name: 'a resume not reached: marked paused, for the pass to start',
      before: paypal(),
      event: { kind: 'provider-unsettled', wantPaused: false },
      now: MID_PERIOD,
      expected: {
        kind: 'applied',
        changes: { updatedAt: MID_PERIOD, providerPaused: true, providerTries: 0 },
        mails: [],
        nextRunAt: PERIOD_END,
      },
    },
    {
      name: 'a pause not reached, the record marked so already',
      before: paypal(CANCELLING),
      event: { kind: 'provider-unsettled', wantPaused: true },
      now: MID_PERIOD,
      expected: { kind: 'refused', reason: 'marked-already' },
    },
    {
      name: 'a pause not reached, resumed meanwhile',
      before: paypal(),
      event: { kind: 'provider-unsettled', wantPaused: true },
      now: MID_PERIOD,
      expected: { kind: 'refused', reason: 'changed-meanwhile' },
    },
    {
      name: 'a refusal: counted',
      before: paypal({ ...CANCELLING, providerTries: 3 }),
      event: { kind: 'provider-refusal-counted' },
      now: MID_PERIOD,
      expected: { kind: 'applied', changes: { providerTries: 4 }, mails: [], nextRunAt: PERIOD_END },
    },
    {
      name: 'a first refusal, on a record that does not carry the count',
      before: paypal(CANCELLING),
      event: { kind: 'provider-refusal-counted' },
      now: MID_PERIOD,
      expected: { kind: 'applied', changes: { providerTries: 1 }, mails: [], nextRunAt: PERIOD_END },
    },
    {
      name: 'the refusal that reaches the limit',
      before: paypal({ ...CANCELLING, providerTries: 9 }),
      event: { kind: 'provider-refusal-counted' },
      now: MID_PERIOD,
      expected: { kind: 'applied', changes: { providerTries: 10 }, mails: [], nextRunAt: PERIOD_END },
    },
    {
      name: 'a refusal after the limit: given up',
      before: paypal({ ...CANCELLING, providerTries: 10 }),
      event: { kind: 'provider-refusal-counted' },
      now: MID_PERIOD,
      expected: { kind: 'refused', reason: 'given-up' },
    },
  ]);
});
