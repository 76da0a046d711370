// vitest-isolate: failed in a shared worker in the first whole run (its fake Stripe saw more requests than sent); not yet understood
import { createServer } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFakeStripe, WALLET_PAYMENT_METHODS } from './fakeStripe';
import type {
  ChargeRequest,
  RefundRequest,
  RenewalChargeRequest,
  RenewalInstrument,
  SaveCardRequest,
  SaveCardResult,
} from '@/lib/server/payments/PaymentGateway';
import { HttpError } from '@/lib/server/http/HttpError';
import { failureCodeFor, isStripeOutage, paidCardOf, StripeGateway } from './StripeGateway';
import { chargeRequestFixture } from '@/tests/fixtures/chargeRequest';
import { providerRefundKey } from '@/lib/server/payments/refundKey';

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
  return chargeRequestFixture({
    idempotencyKey: `attempt-${n}`,
    payment: { kind: 'stripe-payment-method', paymentMethodId },
    ...overrides,
  });
}

describe('StripeGateway', () => {
  it('confirms a PaymentIntent with the test key, the amount, the card and the attempt key', async () => {
    const result = await gateway.charge(request('pm_card_visa'));
    expect(result).toEqual({
      status: 'succeeded',
      paymentId: 'pi_fake1',
      instrument: { kind: 'stripe', customerId: 'cus_fake1', paymentMethodId: 'pm_card_visa' },
      card: { brand: 'visa', last4: '4242', wallet: null },
    });
    expect(fake.requests).toHaveLength(2);
    const [customer, sent] = fake.requests;
    // The card is saved on a customer of its own, made once per attempt, for renewals.
    expect(customer).toMatchObject({ method: 'POST', path: '/v1/customers', idempotencyKey: `attempt-${n}:customer` });
    expect(customer!.params).toMatchObject({ email: 'ada@example.com' });
    expect(sent).toMatchObject({
      method: 'POST',
      path: '/v1/payment_intents',
      authorization: 'Bearer sk_test_fake',
      idempotencyKey: `attempt-${n}`,
    });
    expect(sent!.params).toMatchObject({
      amount: '2500',
      currency: 'usd',
      customer: 'cus_fake1',
      payment_method: 'pm_card_visa',
      'allowed_payment_method_types[0]': 'card',
      'allowed_payment_method_types[1]': 'link',
      confirm: 'true',
      receipt_email: 'ada@example.com',
      setup_future_usage: 'off_session',
      'metadata[transactionId]': 'txn_1',
      'metadata[campaignId]': 'vogue-demo-single',
      // The card charged comes back with the intent, for the order to name it.
      'expand[0]': 'payment_method',
    });
  });

  it('uses the live key in live mode', async () => {
    await gateway.charge(request('pm_card_visa', { livemode: true }));
    expect(fake.requests[0]!.authorization).toBe('Bearer sk_live_fake');
  });

  it('sets up the card for renewals when nothing is due today', async () => {
    const result = await gateway.charge(request('pm_card_visa', { amount: 0 }));
    expect(result.status).toBe('succeeded');
    expect(fake.requests[1]).toMatchObject({
      path: '/v1/setup_intents',
      params: expect.objectContaining({ usage: 'off_session', confirm: 'true', customer: expect.stringMatching(/^cus_/) }),
    });
    expect(fake.requests[1]!.params.amount).toBeUndefined();
    expect(result).toMatchObject({ instrument: { kind: 'stripe', paymentMethodId: 'pm_card_visa' } });
  });

  it('hands 3-D Secure to Stripe.js, and reads the outcome back afterwards', async () => {
    const result = await gateway.charge(request('pm_card_threeDSecureRequired'));
    expect(result).toMatchObject({
      status: 'requires_action',
      action: { type: 'stripe_sdk', clientSecret: expect.stringMatching(/_secret_/) },
    });
    fake.completeAuthentication(result.paymentId!);
    expect(await gateway.retrieve(result.paymentId!, false)).toMatchObject({
      status: 'succeeded',
      paymentId: result.paymentId,
      instrument: { kind: 'stripe', paymentMethodId: 'pm_card_threeDSecureRequired' },
      card: { brand: 'visa', last4: '4242', wallet: null },
    });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v1/payment_intents/${result.paymentId}` });
  });

  it.each([
    ['Apple Pay', 'pm_fake_applePayVisa', 2500, { brand: 'visa', last4: '4242', wallet: 'apple-pay' }],
    ['Google Pay', 'pm_fake_googlePayMastercard', 2500, { brand: 'mastercard', last4: '4444', wallet: 'google-pay' }],
    ['Link, as a card', 'pm_fake_linkCard', 2500, { brand: 'visa', last4: '4242', wallet: 'link' }],
    ["Link's own payment method", 'pm_fake_link', 2500, { brand: 'card', last4: '', wallet: 'link' }],
    ['Apple Pay, nothing due today (a SetupIntent)', 'pm_fake_applePayVisa', 0, { brand: 'visa', last4: '4242', wallet: 'apple-pay' }],
    ['Link, nothing due today (a SetupIntent)', 'pm_fake_link', 0, { brand: 'card', last4: '', wallet: 'link' }],
  ] as const)("names the card a wallet paid with, from Stripe's PaymentMethod: %s", async (_name, paymentMethodId, amount, card) => {
    const result = await gateway.charge(request(paymentMethodId, { amount }));
    expect(result).toMatchObject({ status: 'succeeded', card, instrument: { kind: 'stripe', paymentMethodId } });
    expect(fake.requests[1]).toMatchObject({
      path: amount > 0 ? '/v1/payment_intents' : '/v1/setup_intents',
      params: expect.objectContaining({ 'expand[0]': 'payment_method', 'allowed_payment_method_types[1]': 'link' }),
    });
    // One request for the customer, one for the intent: the card comes with the intent.
    expect(fake.requests).toHaveLength(2);
  });

  it('names the card when an intent is read back: after 3-D Secure, and for an attempt whose answer was lost', async () => {
    const metadata = { transactionId: 'txn_read_back', campaignId: 'vogue-demo-single' };
    const result = await gateway.charge(request('pm_fake_googlePayMastercard', { metadata }));
    const card = { brand: 'mastercard', last4: '4444', wallet: 'google-pay' };
    expect(await gateway.retrieve(result.paymentId!, false)).toMatchObject({ status: 'succeeded', card });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', query: { 'expand[0]': 'payment_method' } });
    const attempt = { idempotencyKey: 'attempt-read-back', transactionId: 'txn_read_back', livemode: false, amount: 2500 };
    expect(await gateway.lookupAttempt({ ...attempt, createdAt: new Date().toISOString() })).toMatchObject({
      kind: 'charged',
      result: { status: 'succeeded', card },
    });
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/v1/payment_intents',
      query: expect.objectContaining({ 'expand[0]': 'data.payment_method' }),
    });
  });

  it("reads a payment method's card for a webhook (which names it by id), and nothing where Stripe does not say", async () => {
    expect(await gateway.paidCard('pm_fake_applePayVisa', false)).toEqual({ brand: 'visa', last4: '4242', wallet: 'apple-pay' });
    expect(fake.requests).toEqual([expect.objectContaining({ method: 'GET', path: '/v1/payment_methods/pm_fake_applePayVisa' })]);
    expect(await gateway.paidCard('pm_unknown', false)).toBeUndefined();
    expect(await new StripeGateway({ test: 'sk_test_fake' }, fake.connection).paidCard('pm_fake_applePayVisa', true)).toBeUndefined();
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
    const customerKey = `${same.idempotencyKey}:customer`;
    expect(fake.requests.map((r) => r.idempotencyKey)).toEqual([customerKey, same.idempotencyKey, customerKey, same.idempotencyKey]);
  });

  it("reads the card's fingerprint from its PaymentMethod (for per-card limits) without charging; null when Stripe cannot tell", async () => {
    expect(await gateway.cardFingerprint({ kind: 'stripe-payment-method', paymentMethodId: 'pm_card_visa' }, false)).toBe(
      'fp_pm_card_visa',
    );
    expect(fake.requests).toEqual([
      expect.objectContaining({ method: 'GET', path: '/v1/payment_methods/pm_card_visa', authorization: 'Bearer sk_test_fake' }),
    ]);
    expect(await gateway.cardFingerprint({ kind: 'stripe-payment-method', paymentMethodId: 'pm_unknown' }, false)).toBeNull();
    expect(await gateway.cardFingerprint({ kind: 'paypal' }, false)).toBeNull();
    expect(
      await new StripeGateway({ test: 'sk_test_fake' }, fake.connection).cardFingerprint(
        { kind: 'stripe-payment-method', paymentMethodId: 'pm_card_visa' },
        true,
      ),
    ).toBeNull();
    expect(fake.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('refuses a sandbox card and a mode without a key', async () => {
    await expect(
      gateway.charge({
        ...request('pm_card_visa'),
        payment: { kind: 'sandbox-card', number: '4242424242424242', expMonth: 1, expYear: 2030, cvc: '123' },
      }),
    ).rejects.toMatchObject({
      status: 400,
      code: 'payment_method_required',
    });
    const testOnly = new StripeGateway({ test: 'sk_test_fake' }, fake.connection);
    await expect(testOnly.charge(request('pm_card_visa', { livemode: true }))).rejects.toBeInstanceOf(HttpError);
    expect(fake.requests).toEqual([]);
  });
});

/** A local port nothing listens on: connecting to it is refused at once. */
describe('StripeGateway.lookupAttempt (an attempt whose answer was lost)', () => {
  const written = '2026-11-21T12:00:00.000Z';
  const at = Date.parse(written) / 1000;
  const attempt = (transactionId: string, amount = 2500) => ({
    idempotencyKey: `key-${transactionId}`,
    transactionId,
    livemode: false,
    amount,
    createdAt: written,
  });
  const charge = (transactionId: string, paymentMethodId: string, createdAt: number, amount = 2500) => {
    fake.setClock(createdAt);
    return gateway.charge(request(paymentMethodId, { amount, metadata: { transactionId, campaignId: 'vogue-demo-single' } }));
  };

  it.each([
    ['a payment that went through', 'pm_card_visa', 2500, { status: 'succeeded' }],
    ['a decline', 'pm_card_chargeDeclinedInsufficientFunds', 2500, { status: 'failed', code: 'insufficient_funds' }],
    ['3-D Secure', 'pm_card_threeDSecureRequired', 2500, { status: 'requires_action', action: { type: 'stripe_sdk' } }],
    ['a card set up for a free trial', 'pm_card_visa', 0, { status: 'succeeded' }],
  ])(
    'finds %s by the transaction id in its metadata, among the intents created around the attempt',
    async (_name, method, amount, result) => {
      const id = `txn_found_${method}_${amount}`;
      await charge('txn_someone_else', 'pm_card_visa', at + 1, amount);
      await charge(id, method, at + 2, amount);
      const lookup = await gateway.lookupAttempt(attempt(id, amount));
      expect(lookup).toMatchObject({ kind: 'charged', result });
      const listed = fake.requests.filter((sent) => sent.method === 'GET');
      expect(listed.at(-1)!.path).toBe(amount > 0 ? '/v1/payment_intents' : '/v1/setup_intents');
      // Lists only: nothing created, confirmed or captured (the two charges made a customer and an intent each).
      expect(fake.requests.filter((sent) => sent.method !== 'GET')).toHaveLength(4);
    },
  );

  it('says nothing was charged when no intent of the window carries the transaction, and pages through the window', async () => {
    for (let i = 0; i < 120; i += 1) await charge(`txn_other_${i}`, 'pm_card_visa', at + 1);
    await charge('txn_too_late', 'pm_card_visa', at + 3600);
    expect(await gateway.lookupAttempt(attempt('txn_too_late'))).toEqual({ kind: 'nothing' });
    expect(fake.requests.filter((sent) => sent.method === 'GET').length).toBeGreaterThanOrEqual(2);
  });

  it('finds the charge of a retry that took the attempt over an hour after the transaction was written', async () => {
    await charge('txn_retried', 'pm_card_visa', at + 3600);
    const claimedAt = new Date((at + 3590) * 1000).toISOString();
    expect(await gateway.lookupAttempt({ ...attempt('txn_retried'), lastClaimedAt: claimedAt })).toMatchObject({
      kind: 'charged',
      result: { status: 'succeeded' },
    });
  });

  it('cannot tell when Stripe does not answer', async () => {
    const down = new StripeGateway({ test: 'sk_test_fake' }, { host: '127.0.0.1', port: await closedPort(), protocol: 'http' });
    expect(await down.lookupAttempt(attempt('txn_x'))).toMatchObject({ kind: 'unknown' });
  });
});

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('StripeGateway when Stripe is down', () => {
  it('answers 503 payment_provider_unavailable with Retry-After when Stripe cannot be reached, and logs the cause', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const unreachable = new StripeGateway({ test: 'sk_test_fake' }, { host: '127.0.0.1', port: await closedPort(), protocol: 'http' });
    const error = await unreachable.charge(request('pm_card_visa')).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      status: 503,
      code: 'payment_provider_unavailable',
      retryAfterSeconds: 120,
      message: expect.stringMatching(/^Card payments are unavailable right now\. Nothing was charged\./),
    });
    expect((error as Error).message).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|Stripe/);
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  }, 20_000);

  it.each([
    ['no connection', new Stripe.errors.StripeConnectionError({ message: 'connect ECONNREFUSED' }), true],
    ["Stripe's own failure", new Stripe.errors.StripeAPIError({ message: 'internal', type: 'api_error' }), true],
    [
      'a 503 of any kind',
      new Stripe.errors.StripeInvalidRequestError({ message: 'x', type: 'invalid_request_error', statusCode: 503 }),
      true,
    ],
    [
      'a refused request',
      new Stripe.errors.StripeInvalidRequestError({ message: 'x', type: 'invalid_request_error', statusCode: 400 }),
      false,
    ],
    [
      'bad credentials',
      new Stripe.errors.StripeAuthenticationError({ message: 'x', type: 'authentication_error', statusCode: 401 }),
      false,
    ],
    ['throttled', new Stripe.errors.StripeRateLimitError({ message: 'x', type: 'invalid_request_error', statusCode: 429 }), true],
    ['our own bug', new TypeError('x is undefined'), false],
  ])('%s is an outage: %s', (_what, error, outage) => {
    expect(isStripeOutage(error)).toBe(outage);
  });
});

describe('paidCardOf (a Stripe PaymentMethod as the card our records name)', () => {
  const { pm_fake_applePayVisa: apple, pm_fake_samsungPayVisa: samsung, pm_fake_link: link } = WALLET_PAYMENT_METHODS;
  it.each([
    [
      'a typed card',
      { type: 'card', card: { brand: 'amex', last4: '0005', wallet: null } },
      { brand: 'amex', last4: '0005', wallet: null },
    ],
    // The card's own last four, not the device number's (card.wallet.dynamic_last4).
    ['an Apple Pay card', apple, { brand: 'visa', last4: '4242', wallet: 'apple-pay' }],
    ['a wallet that is none of ours (Samsung Pay)', samsung, { brand: 'visa', last4: '1881', wallet: null }],
    ["Link's own payment method, which shows no card", link, { brand: 'card', last4: '', wallet: 'link' }],
    ['a payment method that is no card', { type: 'sepa_debit', card: undefined }, undefined],
  ])('%s', (_name, method, card) => {
    expect(paidCardOf(method as unknown as Stripe.PaymentMethod)).toEqual(card);
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
    [{ code: 'authentication_required', decline_code: 'authentication_required' }, 'authentication_failed'],
    [{ code: 'processing_error' }, 'processing_error'],
  ])('%o → %s', (error, code) => {
    expect(failureCodeFor(error)).toBe(code);
  });
});

describe('StripeGateway.saveCard', () => {
  let saves = 0;
  const save = (paymentMethodId: string, current: SaveCardRequest['current'] = null): Promise<SaveCardResult> =>
    gateway.saveCard({
      payment: { kind: 'stripe-payment-method', paymentMethodId },
      livemode: false,
      current,
      customer: { email: 'ada@example.com' },
      currencyCode: 'USD',
      idempotencyKey: `card-change:sub_1:${(saves += 1)}`,
      subscriptionId: 'sub_aaaaaaaaaaaaaaaa',
    });

  it("confirms an off_session SetupIntent on the subscription's customer, charging nothing, and names the card", async () => {
    const saved = await save('pm_card_visa', { kind: 'stripe', customerId: 'cus_existing', paymentMethodId: 'pm_old' });
    expect(saved).toEqual({
      status: 'saved',
      instrument: { kind: 'stripe', customerId: 'cus_existing', paymentMethodId: 'pm_card_visa' },
      card: { brand: 'visa', last4: '4242' },
    });
    const posts = fake.requests.filter((r) => r.method === 'POST');
    // No new customer, no PaymentIntent: one SetupIntent.
    expect(posts.map((r) => r.path)).toEqual(['/v1/setup_intents']);
    expect(posts[0]!.params).toMatchObject({
      customer: 'cus_existing',
      payment_method: 'pm_card_visa',
      usage: 'off_session',
      confirm: 'true',
      'metadata[subscriptionId]': 'sub_aaaaaaaaaaaaaaaa',
    });
    expect(posts[0]!.idempotencyKey).toBe(`card-change:sub_1:${saves}`);
    expect(posts[0]!.params.amount).toBeUndefined();
  });

  it('makes a customer first when the subscription has none of Stripe (a sandbox card, or none kept)', async () => {
    const saved = await save('pm_card_visa', { kind: 'sandbox-card', paymentIntentId: 'pi_sandbox_x' });
    expect(saved).toMatchObject({ status: 'saved', instrument: { customerId: expect.stringMatching(/^cus_fake/) } });
    expect(fake.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/v1/customers', '/v1/setup_intents']);
  });

  it('answers 3-D Secure with the client secret, then reads the card back for this subscription', async () => {
    const pending = await save('pm_card_threeDSecureRequired');
    expect(pending).toMatchObject({
      status: 'requires_action',
      setupId: expect.stringMatching(/^seti_fake/),
      action: { type: 'stripe_sdk', clientSecret: expect.stringMatching(/_secret_/) },
    });
    const setupId = pending.status === 'requires_action' ? pending.setupId : '';
    expect(await gateway.savedCard(setupId, false)).toMatchObject({
      result: { status: 'requires_action' },
      subscriptionId: 'sub_aaaaaaaaaaaaaaaa',
    });
    fake.completeAuthentication(setupId);
    expect(await gateway.savedCard(setupId, false)).toEqual({
      result: {
        status: 'saved',
        instrument: { kind: 'stripe', customerId: expect.stringMatching(/^cus_fake/), paymentMethodId: 'pm_card_threeDSecureRequired' },
        card: { brand: 'visa', last4: '4242' },
      },
      subscriptionId: 'sub_aaaaaaaaaaaaaaaa',
    });
    expect(await gateway.savedCard('seti_unknown', false)).toEqual({
      result: { status: 'failed', code: 'processing_error' },
      subscriptionId: null,
    });
  });

  it('turns a declined card into its failure code, and an unknown payment method into processing_error', async () => {
    expect(await save('pm_card_chargeDeclinedInsufficientFunds')).toEqual({ status: 'failed', code: 'insufficient_funds' });
    expect(await save('pm_unknown')).toEqual({ status: 'failed', code: 'processing_error' });
  });
});

describe('StripeGateway.renew (an off-session renewal charge)', () => {
  let renewals = 0;
  const renewal = (paymentMethodId: string, overrides: Partial<RenewalChargeRequest> = {}): RenewalChargeRequest => {
    renewals += 1;
    return {
      instrument: { kind: 'stripe', customerId: 'cus_kept', paymentMethodId },
      amount: 2675,
      currencyCode: 'USD',
      idempotencyKey: `renewal:sub_aaaaaaaaaaaaaaaa:2026-12-01T00:00:00.000Z:${renewals}`,
      livemode: false,
      description: 'Vogue: Vogue Digital (renewal)',
      customer: { email: 'ada@example.com' },
      metadata: {
        subscriptionId: 'sub_aaaaaaaaaaaaaaaa',
        transactionId: `txn_renewal_${renewals}`,
        periodStart: '2026-12-01T00:00:00.000Z',
      },
      ...overrides,
    };
  };

  it("confirms an off-session PaymentIntent on the kept customer and card, under the renewal's key, with the metadata the webhook reads", async () => {
    const request = renewal('pm_card_visa');
    const result = await gateway.renew(request);
    expect(result).toMatchObject({ status: 'succeeded', paymentId: expect.stringMatching(/^pi_fake/) });
    expect(fake.requests).toHaveLength(1);
    const [sent] = fake.requests;
    expect(sent).toMatchObject({
      method: 'POST',
      path: '/v1/payment_intents',
      authorization: 'Bearer sk_test_fake',
      idempotencyKey: request.idempotencyKey,
    });
    expect(sent!.params).toEqual({
      amount: '2675',
      currency: 'usd',
      customer: 'cus_kept',
      payment_method: 'pm_card_visa',
      'allowed_payment_method_types[0]': 'card',
      // A subscription bought with Link may renew on Link's own payment method.
      'allowed_payment_method_types[1]': 'link',
      off_session: 'true',
      confirm: 'true',
      description: 'Vogue: Vogue Digital (renewal)',
      receipt_email: 'ada@example.com',
      'metadata[subscriptionId]': 'sub_aaaaaaaaaaaaaaaa',
      'metadata[transactionId]': request.metadata.transactionId,
      'metadata[periodStart]': '2026-12-01T00:00:00.000Z',
    });
    // Nothing is saved again (no setup_future_usage) and no customer is made: the subscription's are used.
    expect(fake.requests.filter((r) => r.path === '/v1/customers')).toEqual([]);
  });

  it('charges in the mode of the subscription', async () => {
    await gateway.renew(renewal('pm_card_visa', { livemode: true, currencyCode: 'GBP' }));
    expect(fake.requests[0]).toMatchObject({ authorization: 'Bearer sk_live_fake', params: expect.objectContaining({ currency: 'gbp' }) });
  });

  it('charges once for the same request sent twice (a run killed before it recorded the answer)', async () => {
    const request = renewal('pm_card_visa');
    const before = fake.paymentIntents().length;
    const first = await gateway.renew(request);
    const second = await gateway.renew(request);
    expect(second).toEqual(first);
    expect(fake.paymentIntents()).toHaveLength(before + 1);
    expect(fake.requests.map((r) => r.idempotencyKey)).toEqual([request.idempotencyKey, request.idempotencyKey]);
  });

  it.each([
    ['pm_card_chargeDeclinedInsufficientFunds', 'insufficient_funds'],
    ['pm_card_chargeDeclinedExpiredCard', 'expired_card'],
  ])('fails a decline of %s with the checkout code %s, naming the intent', async (paymentMethod, code) => {
    const result = await gateway.renew(renewal(paymentMethod));
    expect(result).toEqual({ status: 'failed', paymentId: expect.stringMatching(/^pi_fake/), code });
  });

  it('answers a bank that wants 3-D Secure with the intent to confirm on-session, and reads it back the same way', async () => {
    const result = await gateway.renew(renewal('pm_card_authenticationRequired'));
    expect(result).toEqual({
      status: 'requires_action',
      paymentId: expect.stringMatching(/^pi_fake/),
      action: { type: 'stripe_sdk', clientSecret: expect.stringMatching(/_secret_/) },
    });
    // Until the buyer confirms, Stripe keeps the intent waiting: still requires_action, not a failure.
    expect(await gateway.retrieve(result.paymentId!, false)).toEqual(result);
    fake.completeAuthentication(result.paymentId!);
    expect(await gateway.retrieve(result.paymentId!, false)).toMatchObject({ status: 'succeeded', paymentId: result.paymentId });
    expect(await gateway.renew(renewal('pm_card_threeDSecureRequired'))).toMatchObject({ status: 'requires_action' });
  });

  it('fails, nothing charged, when Stripe refuses the request (a card no longer on the customer)', async () => {
    expect(await gateway.renew(renewal('pm_unknown'))).toEqual({ status: 'failed', paymentId: null, code: 'processing_error' });
  });

  it.each([
    ['failing on its side', 500, { error: { type: 'api_error', message: 'Something went wrong on our end' } }],
    ['throttling', 429, { error: { type: 'invalid_request_error', code: 'rate_limit', message: 'Too many requests' } }],
  ])('throws when Stripe is %s, and the same key charges once when tried again', async (_what, status, body) => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const request = renewal('pm_card_visa');
    const before = fake.paymentIntents().length;
    fake.forced.push({ status, body });
    await expect(gateway.renew(request)).rejects.toMatchObject({ status: 503, code: 'payment_provider_unavailable' });
    expect(await gateway.renew(request)).toMatchObject({ status: 'succeeded' });
    expect(await gateway.renew(request)).toMatchObject({ status: 'succeeded' });
    expect(fake.paymentIntents()).toHaveLength(before + 1);
    log.mockRestore();
  });

  it('throws when Stripe cannot be reached', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const unreachable = new StripeGateway({ test: 'sk_test_fake' }, { host: '127.0.0.1', port: await closedPort(), protocol: 'http' });
    await expect(unreachable.renew(renewal('pm_card_visa'))).rejects.toMatchObject({ status: 503, code: 'payment_provider_unavailable' });
    log.mockRestore();
  }, 20_000);

  it.each<[string, RenewalInstrument]>([
    ['Amazon Pay', { kind: 'amazon-pay', chargePermissionId: 'S01-1' }],
    ['a sandbox card', { kind: 'sandbox-card', paymentIntentId: 'pi_sandbox_1' }],
  ])('refuses %s instrument as a programming error, asking Stripe nothing', async (_what, instrument) => {
    await expect(gateway.renew(renewal('pm_card_visa', { instrument }))).rejects.toThrow(/cannot charge/);
    await expect(gateway.renew(renewal('pm_card_visa', { amount: 0 }))).rejects.toThrow(/positive/);
    expect(fake.requests).toEqual([]);
  });
});

describe('StripeGateway.refund (refunds.create on the PaymentIntent)', () => {
  const refundRequest = (paymentId: string, overrides: Partial<RefundRequest> = {}): RefundRequest => ({
    paymentId,
    chargeId: null,
    kind: 'purchase',
    paidAt: '2026-11-01T00:00:00.000Z',
    amount: 1000,
    paidAmount: 2500,
    currencyCode: 'USD',
    livemode: false,
    idempotencyKey: `refund-of-${paymentId}`,
    reason: 'customer care',
    metadata: { refundId: 're_ours_1', transactionId: 'txn_1' },
    ...overrides,
  });
  const paid = async () => ((await gateway.charge(request('pm_card_visa'))) as { paymentId: string }).paymentId;

  it('refunds part of a payment on its intent, with a key derived from ours and our ids in the metadata', async () => {
    const paymentId = await paid();
    fake.requests.length = 0;
    const result = await gateway.refund(refundRequest(paymentId));
    expect(result).toEqual({ status: 'succeeded', refundId: expect.stringMatching(/^re_fake\d+$/) });
    const [sent] = fake.requests;
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/refunds', authorization: 'Bearer sk_test_fake' });
    expect(sent!.idempotencyKey).toBe(`refund-${providerRefundKey(`refund-of-${paymentId}`, 40)}`);
    expect(sent!.params).toMatchObject({
      payment_intent: paymentId,
      amount: '1000',
      'metadata[refundId]': 're_ours_1',
      'metadata[transactionId]': 'txn_1',
      'metadata[reason]': 'customer care',
    });
  });

  it('answers a repeat with the same key with the same refund: Stripe makes one', async () => {
    const paymentId = await paid();
    const first = await gateway.refund(refundRequest(paymentId));
    const again = await gateway.refund(refundRequest(paymentId));
    expect(again).toEqual(first);
    expect([...fake.refunds.values()].filter((refund) => refund.payment_intent === paymentId)).toHaveLength(1);
  });

  it('refuses more than is left to refund, and a payment Stripe does not know', async () => {
    const paymentId = await paid();
    expect(await gateway.refund(refundRequest(paymentId, { amount: 2000 }))).toMatchObject({ status: 'succeeded' });
    expect(await gateway.refund(refundRequest(paymentId, { amount: 1000, idempotencyKey: 'second' }))).toMatchObject({
      status: 'failed',
      refundId: null,
      code: 'amount_too_large',
    });
    expect(await gateway.refund(refundRequest('pi_unknown'))).toMatchObject({ status: 'failed', code: 'payment_not_found' });
    // A SetupIntent (a free trial) took no money: nothing is asked of Stripe.
    fake.requests.length = 0;
    expect(await gateway.refund(refundRequest('seti_fake1'))).toMatchObject({ status: 'failed', code: 'payment_not_found' });
    expect(fake.requests).toHaveLength(0);
  });

  it('leaves a refund Stripe keeps pending to be read back', async () => {
    const paymentId = await paid();
    fake.refundStatuses.push('pending');
    const result = await gateway.refund(refundRequest(paymentId));
    expect(result).toMatchObject({ status: 'pending' });
    const refundId = (result as { refundId: string }).refundId;
    fake.settleRefund(refundId, 'succeeded');
    expect(await gateway.refundStatus(refundId, false)).toEqual({ status: 'succeeded', refundId });
  });

  it('throws when Stripe is out of reach', async () => {
    const paymentId = await paid();
    fake.forced.push({ status: 500, body: { error: { type: 'api_error', message: 'down' } } });
    await expect(gateway.refund(refundRequest(paymentId))).rejects.toThrow();
  });
});
