import { describe } from 'vitest';
import { endedBy, providerRefusalCounted, providerSettled, runRows } from '@/tests/fixtures/lifecycleRows';
import { CANCELLING, ENDED, MID_PERIOD, PAST_DUE, PERIOD_END, paypal } from '@/tests/fixtures/lifecycleStates';
import { NO_DUNNING } from './lifecycle';

const DAY = 24 * 3600_000;
const SUSPENDED = { kind: 'provider-suspended' } as const;
const CANCELLED = { kind: 'provider-cancelled' } as const;

describe('suspended or cancelled at the provider', () => {
  const unpaid = { ...NO_DUNNING, tries: 3, pastDueSince: PERIOD_END, failureCode: 'wallet_declined' } as const;
  runRows([
    endedBy(
      {
        name: 'suspended after its failed payments: ended unpaid now, its mail; the schedule untouched',
        before: paypal({ ...PAST_DUE, dunning: unpaid }),
        now: '2026-02-20T09:00:00.000Z',
      },
      SUSPENDED,
      {
        endedAt: '2026-02-20T09:00:00.000Z',
        endReason: 'payment_failed',
        dunning: unpaid,
        mails: [{ kind: 'renewal-ended' }],
        nextRunAt: PERIOD_END,
      },
    ),
    endedBy(
      {
        name: 'suspended, on a test clock a day ahead: ended at its own time',
        before: paypal({ livemode: false, gateway: 'sandbox-paypal', clockOffsetMs: DAY }),
        now: '2026-02-19T09:00:00.000Z',
      },
      SUSPENDED,
      {
        updatedAt: '2026-02-20T09:00:00.000Z',
        endedAt: '2026-02-20T09:00:00.000Z',
        endReason: 'payment_failed',
        dunning: NO_DUNNING,
        mails: [{ kind: 'renewal-ended' }],
        nextRunAt: PERIOD_END,
      },
    ),
    endedBy(
      { name: 'suspended by our own pause of a cancelled one', before: paypal(CANCELLING), now: MID_PERIOD },
      SUSPENDED,
      'paused-by-us',
    ),
    endedBy(
      { name: 'suspended by a pause taken back while it travelled', before: paypal({ providerPaused: true }), now: MID_PERIOD },
      SUSPENDED,
      'paused-by-us',
    ),
    endedBy({ name: 'suspended once ended', before: paypal(ENDED), now: MID_PERIOD }, SUSPENDED, 'ended'),
    endedBy({ name: 'cancelled by the buyer at PayPal: ended now, no mail', before: paypal(), now: MID_PERIOD }, CANCELLED, {
      endedAt: MID_PERIOD,
      endReason: 'cancelled',
      dunning: NO_DUNNING,
      mails: [],
      nextRunAt: PERIOD_END,
    }),
    endedBy(
      {
        name: 'cancelled by our end step, its cancelled period over: ended at its period end',
        before: paypal(CANCELLING),
        now: '2026-02-10T09:00:05.000Z',
      },
      CANCELLED,
      { endedAt: PERIOD_END, endReason: 'cancelled', dunning: NO_DUNNING, mails: [], nextRunAt: PERIOD_END },
    ),
    endedBy(
      {
        name: 'cancelled at PayPal while cancelled here, its period running: it ends at its period end',
        before: paypal(CANCELLING),
        now: MID_PERIOD,
      },
      CANCELLED,
      'ends-at-period-end',
    ),
    endedBy({ name: 'cancelled at PayPal once ended', before: paypal(ENDED), now: MID_PERIOD }, CANCELLED, 'ended'),
  ]);
});

describe('the provider’s pause settled', () => {
  const settled = (paused: boolean) => ({ kind: 'provider-settled', paused }) as const;
  const unsettled = (wantPaused: boolean) => ({ kind: 'provider-unsettled', wantPaused }) as const;
  runRows([
    providerSettled(
      { name: 'paused, as the cancelled record wants', before: paypal({ ...CANCELLING, providerTries: 2 }), now: MID_PERIOD },
      settled(true),
      { providerPaused: true },
    ),
    providerSettled(
      { name: 'running again, as the resumed record wants', before: paypal({ providerPaused: true }), now: MID_PERIOD },
      settled(false),
      { providerPaused: false },
    ),
    providerSettled({ name: 'paused, but resumed meanwhile', before: paypal(), now: MID_PERIOD }, settled(true), 'changed-meanwhile'),
    providerSettled(
      { name: 'running, but cancelled meanwhile', before: paypal(CANCELLING), now: MID_PERIOD },
      settled(false),
      'changed-meanwhile',
    ),
    providerSettled(
      {
        name: 'a pause not reached: left marked running, for the pass to pause',
        before: paypal({ ...CANCELLING, providerPaused: true, providerTries: 4 }),
        now: MID_PERIOD,
      },
      unsettled(true),
      { providerPaused: false },
    ),
    providerSettled(
      { name: 'a resume not reached: marked paused, for the pass to start', before: paypal(), now: MID_PERIOD },
      unsettled(false),
      {
        providerPaused: true,
      },
    ),
    providerSettled(
      { name: 'a pause not reached, the record marked so already', before: paypal(CANCELLING), now: MID_PERIOD },
      unsettled(true),
      'marked-already',
    ),
    providerSettled(
      { name: 'a pause not reached, resumed meanwhile', before: paypal(), now: MID_PERIOD },
      unsettled(true),
      'changed-meanwhile',
    ),
    providerRefusalCounted(
      { name: 'a refusal: counted', before: paypal({ ...CANCELLING, providerTries: 3 }), now: MID_PERIOD },
      { providerTries: 4 },
    ),
    providerRefusalCounted(
      { name: 'a first refusal, on a record that does not carry the count', before: paypal(CANCELLING), now: MID_PERIOD },
      { providerTries: 1 },
    ),
    providerRefusalCounted(
      { name: 'the refusal that reaches the limit', before: paypal({ ...CANCELLING, providerTries: 9 }), now: MID_PERIOD },
      { providerTries: 10 },
    ),
    providerRefusalCounted(
      { name: 'a refusal after the limit: given up', before: paypal({ ...CANCELLING, providerTries: 10 }), now: MID_PERIOD },
      'given-up',
    ),
  ]);
});
