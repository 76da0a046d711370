import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeStripe } from '@/tests/fixtures/fakeStripe';
import type { ChargeRequest } from '../PaymentGateway';
import { HttpError } from '../../http/HttpError';
import { failureCodeFor, StripeGateway } from './StripeGateway';
import { chargeRequestFixture } from '@/tests/fixtures/chargeRequest';

let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let gateway: StripeGateway;

beforeAll(async () => {
  fake = await startFakeStripe();
  gateway = new StripeGateway({ live: 'sk_live_fake', test: 'sk_test_fake' }, fake.connection);
});
afterAll(async () => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
});

let n = 0;
function request(paymentMethodId: string, overrides: Partial<ChargeRequest> = {}): ChargeRequest {
  n += 1;
  return chargeRequestFixture({ idempotencyKey: `attempt-${n}`, payment: { kind: 'stripe-payment-method', paymentMethodId }, ...overrides });
}

describe('StripeGateway', () => {
  it('confirms a PaymentIntent with the test key, the amount, the card and the attempt key', async () => {
    const result = await gateway.charge(request('pm_card_visa'));
    expect(result).toEqual({ status: 'succeeded', paymentId: 'pi_fake1' });
    expect(fake.requests).toHaveLength(1);
    const [sent] = fake.requests;
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/payment_intents', authorization: 'Bearer sk_test_fake', idempotencyKey: `attempt-${n}` });
    expect(sent!.params).toMatchObject({
      amount: '2500',
      currency: 'usd',
      payment_method: 'pm_card_visa',
      'payment_method_types[0]': 'card',
      confirm: 'true',
      receipt_email: 'ada@example.com',
      setup_future_usage: 'off_session',
      'metadata[transactionId]': 'txn_1',
      'metadata[campaignId]': 'vogue-demo-single',
    });
  });

  it('uses the live key in live mode', async () => {
    await gateway.charge(request('pm_card_visa', { livemode: true }));
    expect(fake.requests[0]!.authorization).toBe('Bearer sk_live_fake');
  });

  it('sets up the card for renewals when nothing is due today', async () => {
    const result = await gateway.charge(request('pm_card_visa', { amount: 0 }));
    expect(result.status).toBe('succeeded');
    expect(fake.requests[0]).toMatchObject({ path: '/v1/setup_intents', params: expect.objectContaining({ usage: 'off_session', confirm: 'true' }) });
    expect(fake.requests[0]!.params.amount).toBeUndefined();
  });

  it('hands 3-D Secure to Stripe.js, and reads the outcome back afterwards', async () => {
    const result = await gateway.charge(request('pm_card_threeDSecureRequired'));
    expect(result).toMatchObject({ status: 'requires_action', action: { type: 'stripe_sdk', clientSecret: expect.stringMatching(/_secret_/) } });
    fake.completeAuthentication(result.paymentId!);
    expect(await gateway.retrieve(result.paymentId!, false)).toEqual({ status: 'succeeded', paymentId: result.paymentId });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v1/payment_intents/${result.paymentId}` });
  });

  it.each([
    ['pm_card_chargeDeclinedInsufficientFunds', 'insufficient_funds'],
    ['pm_card_chargeDeclinedExpiredCard', 'expired_card'],
  ])('turns the card error of %s into %s', async (paymentMethod, code) => {
    const result = await gateway.charge(request(paymentMethod));
    expect(result).toMatchObject({ status: 'failed', code });
    expect(result.paymentId).toMatch(/^pi_fake/);
  });

  it('answers a request Stripe refuses (an unknown payment method) as a failed payment, nothing charged', async () => {
    expect(await gateway.charge(request('pm_unknown'))).toEqual({ status: 'failed', paymentId: null, code: 'processing_error' });
  });

  it('sends a repeated attempt with the same idempotency key, and gets the same answer', async () => {
    const same = request('pm_card_visa');
    const first = await gateway.charge(same);
    const second = await gateway.charge(same);
    expect(second).toEqual(first);
    expect(fake.requests.map((r) => r.idempotencyKey)).toEqual([same.idempotencyKey, same.idempotencyKey]);
  });

  it('refuses a sandbox card and a mode without a key', async () => {
    await expect(gateway.charge({ ...request('pm_card_visa'), payment: { kind: 'sandbox-card', number: '4242424242424242', expMonth: 1, expYear: 2030, cvc: '123' } })).rejects.toMatchObject({
      status: 400,
      code: 'payment_method_required',
    });
    const testOnly = new StripeGateway({ test: 'sk_test_fake' }, fake.connection);
    await expect(testOnly.charge(request('pm_card_visa', { livemode: true }))).rejects.toBeInstanceOf(HttpError);
    expect(fake.requests).toEqual([]);
  });
});

describe('failureCodeFor', () => {
  it.each([
    [{ code: 'card_declined', decline_code: 'insufficient_funds' }, 'insufficient_funds'],
    [{ code: 'card_declined', decline_code: 'generic_decline' }, 'generic_decline'],
    [{ code: 'card_declined', decline_code: 'do_not_honor' }, 'generic_decline'],
    [{ code: 'expired_card' }, 'expired_card'],
    [{ code: 'incorrect_cvc' }, 'incorrect_cvc'],
    [{ code: 'incorrect_number' }, 'invalid_number'],
    [{ code: 'payment_intent_authentication_failure' }, 'authentication_failed'],
    [{ code: 'processing_error' }, 'processing_error'],
  ])('%o → %s', (error, code) => {
    expect(failureCodeFor(error)).toBe(code);
  });
});
