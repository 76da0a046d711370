import { describe, expect, it } from 'vitest';
import { MID_PERIOD, subscription } from '@/tests/fixtures/lifecycleStates';
import type { Subscription } from './Subscription';
import { changesToRow } from './changesToRow';
import { storedRowOf } from './subscriptionRow';

const record = (): Subscription => ({
  ...subscription(),
  gateway: 'sandbox',
  instrument: { kind: 'sandbox-card', paymentIntentId: 'pi_1' },
  consent: null,
  updatedAt: MID_PERIOD,
});

describe('changesToRow', () => {
  it('sets only the fields an event changes, and when the engine next runs', () => {
    expect(changesToRow({ changes: { deliveryAddress: null, updatedAt: MID_PERIOD }, nextRunAt: null })).toEqual({
      delivery_address_json: null,
      updated_at: MID_PERIOD,
      next_action_at: null,
    });
  });

  it('writes flags as 0/1, e-mails in lower case, and a cancellation over its columns', () => {
    const row = changesToRow({
      changes: { ownerEmail: ' Reader@Example.com ', cancelAtPeriodEnd: true, providerPaused: false, cancelChannel: 'care' },
      nextRunAt: MID_PERIOD,
    });
    expect(row).toEqual({
      owner_email: 'reader@example.com',
      cancel_at_period_end: 1,
      provider_paused: 0,
      cancel_channel: 'care',
      next_action_at: MID_PERIOD,
    });
  });

  it('spreads the dunning and a pending price over their columns, and clears them with null', () => {
    const dunning = { tries: 2, pastDueSince: MID_PERIOD, retryAt: null, graceUntil: MID_PERIOD, failureCode: 'generic_decline' as const };
    expect(changesToRow({ changes: { dunning, pendingPrice: { amount: 1290, from: MID_PERIOD } }, nextRunAt: null })).toMatchObject({
      renewal_tries: 2,
      past_due_since: MID_PERIOD,
      retry_at: null,
      grace_until: MID_PERIOD,
      renewal_failure_code: 'generic_decline',
      pending_renewal_amount: 1290,
      pending_price_from: MID_PERIOD,
    });
    expect(changesToRow({ changes: { pendingPrice: null }, nextRunAt: null })).toMatchObject({
      pending_renewal_amount: null,
      pending_price_from: null,
    });
  });

  it('keeps the express wallet with the payment shown: a card typed in the account replaces the wallet', () => {
    expect(changesToRow({ changes: { payment: { method: 'card', brand: 'visa', last4: '1111' } }, nextRunAt: null })).toMatchObject({
      payment_json: JSON.stringify({ method: 'card', brand: 'visa', last4: '1111' }),
      express_wallet: null,
    });
  });

  it('maps a whole record as the row a new subscription is stored as', () => {
    const whole = record();
    const { createdAt: _created, updatedAt: _updated, ...contract } = whole;
    expect(changesToRow({ changes: contract, nextRunAt: whole.nextActionAt })).toEqual(
      Object.fromEntries(Object.entries(storedRowOf(whole)).filter(([column]) => column !== 'id')),
    );
  });
});
