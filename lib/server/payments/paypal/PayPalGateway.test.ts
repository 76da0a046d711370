import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChargeRequest, ChargeResult, Purchase, RefundRequest } from '@/lib/server/payments/PaymentGateway';
import { HttpError } from '@/lib/server/http/HttpError';
import { startFakePayPal, type FakePayPal } from './fakePayPalServer';
import { PayPalApiError, paypalRequestId } from './paypalClient';
import { InMemoryPlanStore, PayPalGateway } from './PayPalGateway';
import { toPayPalValue } from './paypalMoney';
import type { PayPalPlanRequest, PayPalSubscriptionRequest } from './paypalTypes';

const TEST_APP = { clientId: 'test-client-id', clientSecret: 'test-client-secret' };
const LIVE_APP = { clientId: 'live-client-id', clientSecret: 'live-client-secret' };

let fake: FakePayPal;
let plans: InMemoryPlanStore;
let gateway: PayPalGateway;
let waits: number[];

beforeAll(async () => {
  fake = await startFakePayPal({ apps: [TEST_APP, LIVE_APP] });
});
afterAll(async () => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.setOverride(null);
  plans = new InMemoryPlanStore();
  waits = [];
  gateway = new PayPalGateway({ test: { baseUrl: fake.baseUrl, ...TEST_APP }, live: { baseUrl: fake.baseUrl, ...LIVE_APP } }, plans, {
    activationWaitsMs: [5, 10],
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
});

const ONE_OFF: Purchase = { offerId: '2001', name: 'Vogue Single Issue', renewal: null, trialDays: null };
const YEARLY: Purchase = { offerId: '1001', name: 'Vogue Digital', renewal: { interval: 'year', amount: 2500 }, trialDays: null };
const TRIAL: Purchase = { offerId: '1002', name: 'Vogue Digital Trial', renewal: { interval: 'month', amount: 999 }, trialDays: 14 };

let n = 0;
function request(overrides: Partial<ChargeRequest> = {}): ChargeRequest {
  n += 1;
  return {
    amount: 2500,
    currencyCode: 'USD',
    idempotencyKey: `attempt-key-${n}`,
    description: 'Vogue: Vogue Single Issue',
    customer: { email: 'ada@example.com', name: 'Ada Reader' },
    payment: { kind: 'paypal' },
    livemode: false,
    returnUrl: '/vogue/demo-single/paypal?step=payment',
    origin: 'https://subscribe.example.com',
    purchase: ONE_OFF,
    metadata: { transactionId: `txn_${n}`, campaignId: 'vogue-demo-single' },
    ...overrides,
  };
}

/** The payment id of a charge that waits for approval. */
function paymentIdOf(result: ChargeResult): string {
  if (result.status !== 'requires_action' || !result.paymentId)
    throw new Error(`expected an approval to wait for, got ${JSON.stringify(result)}`);
  return result.paymentId;
}

const routes = () => fake.apiRequests().map((call) => `${call.method} ${call.path}`);

describe('PayPalGateway.charge: a purchase that does not renew is an order', () => {
  it('creates a CAPTURE order for the amount, with our transaction id, PAY_NOW and no shipping, under a request id from the attempt', async () => {
    const charge = request();
    const result = await gateway.charge(charge);

    expect(routes()).toEqual(['POST /v2/checkout/orders']);
    const [call] = fake.apiRequests();
    expect(call!.json).toEqual({
      intent: 'CAPTURE',
      purchase_units: [
        {
          amount: { currency_code: 'USD', value: '25.00' },
          description: 'Vogue: Vogue Single Issue',
          custom_id: charge.metadata.transactionId,
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            user_action: 'PAY_NOW',
            shipping_preference: 'NO_SHIPPING',
            return_url: 'https://subscribe.example.com/vogue/demo-single/paypal?step=payment',
            cancel_url: 'https://subscribe.example.com/vogue/demo-single/paypal?step=payment',
          },
        },
      },
    });
    expect(call!.headers['paypal-request-id']).toBe(paypalRequestId('order', charge.idempotencyKey));
    // The attempt key proves ownership of the checkout attempt: it must not travel to PayPal.
    expect(JSON.stringify(call!.headers) + call!.rawBody).not.toContain(charge.idempotencyKey);

    const orderId = paymentIdOf(result);
    expect(result).toEqual({ status: 'requires_action', paymentId: orderId, action: { type: 'paypal_approval', flow: 'order', orderId } });
    expect(orderId).toMatch(/^ORDER/);
  });

  it('creates nothing twice for a repeated submit of the same attempt', async () => {
    const charge = request();
    const first = await gateway.charge(charge);
    const again = await gateway.charge(charge);
    expect(again).toEqual(first);
    expect(new Set(fake.apiRequests().map((call) => call.headers['paypal-request-id'])).size).toBe(1);
  });

  it('leaves the return URLs out when the origin is not known', async () => {
    await gateway.charge(request({ origin: null }));
    const body = fake.apiRequests()[0]!.json as { payment_source: { paypal: { experience_context: object } } };
    expect(body.payment_source.paypal.experience_context).toEqual({ user_action: 'PAY_NOW', shipping_preference: 'NO_SHIPPING' });
  });

  it('uses the live app in live mode', async () => {
    await gateway.charge(request({ livemode: true }));
    expect(fake.tokenRequests()[0]!.headers.authorization).toBe(
      `Basic ${Buffer.from('live-client-id:live-client-secret').toString('base64')}`,
    );
    expect(fake.apiRequests()[0]!.headers.authorization).toMatch(/^Bearer A21-live-client-id-/);
  });

  it('is unavailable, with nothing charged, in a mode without a PayPal app', async () => {
    const testOnly = new PayPalGateway({ test: { baseUrl: fake.baseUrl, ...TEST_APP } }, plans);
    const error = await testOnly.charge(request({ livemode: true })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 503,
      code: 'payments_unavailable',
      message: 'PayPal is not available in live mode right now. Nothing was charged.',
    });
    await expect(testOnly.retrieve('ORDER1', true)).rejects.toMatchObject({ status: 503 });
    expect(fake.requests).toEqual([]);
  });

  it('answers failed (processing_error) when PayPal refuses the order, and 503 payment_provider_unavailable when PayPal is down', async () => {
    fake.setOverride((call) =>
      call.path === '/v2/checkout/orders'
        ? { status: 422, body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'CURRENCY_NOT_SUPPORTED' }] } }
        : undefined,
    );
    expect(await gateway.charge(request())).toEqual({ status: 'failed', paymentId: null, code: 'processing_error' });

    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fake.setOverride((call) =>
      call.path === '/v2/checkout/orders' ? { status: 500, body: { name: 'INTERNAL_SERVER_ERROR' } } : undefined,
    );
    const error = await gateway.charge(request()).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      status: 503,
      code: 'payment_provider_unavailable',
      retryAfterSeconds: 120,
      message: expect.stringMatching(/^PayPal is unavailable right now\. Nothing was charged\./),
    });
    expect((error as Error).cause).toBeInstanceOf(PayPalApiError);
    log.mockRestore();
  });
});

describe('PayPalGateway.retrieve: an order', () => {
  async function createdOrder() {
    const result = await gateway.charge(request());
    fake.requests.length = 0;
    return paymentIdOf(result);
  }

  it('captures an approved order once, under a request id of its own, and answers succeeded', async () => {
    const orderId = await createdOrder();
    fake.approveOrder(orderId);

    expect(await gateway.retrieve(orderId, false)).toEqual({
      status: 'succeeded',
      paymentId: orderId,
      chargeId: expect.stringMatching(/^CAPTURE/),
    });
    expect(routes()).toEqual([`GET /v2/checkout/orders/${orderId}`, `POST /v2/checkout/orders/${orderId}/capture`]);
    const capture = fake.apiRequests()[1]!;
    expect(capture.headers).toMatchObject({ 'paypal-request-id': paypalRequestId('capture', orderId), prefer: 'return=representation' });

    // A second confirm reads a COMPLETED order and captures nothing more.
    fake.requests.length = 0;
    expect(await gateway.retrieve(orderId, false)).toEqual({
      status: 'succeeded',
      paymentId: orderId,
      chargeId: expect.stringMatching(/^CAPTURE/),
    });
    expect(routes()).toEqual([`GET /v2/checkout/orders/${orderId}`]);
  });

  it('answers succeeded for an order captured elsewhere (ORDER_ALREADY_CAPTURED)', async () => {
    const orderId = await createdOrder();
    fake.approveOrder(orderId);
    // Our read still sees APPROVED (another capture lands in between): the capture is refused as a duplicate.
    fake.setOverride((call) => {
      if (call.method === 'GET' && call.path.endsWith(orderId) && !fake.requests.some((earlier) => earlier.path.endsWith('/capture'))) {
        fake.captureElsewhere(orderId);
        return { status: 200, body: { id: orderId, status: 'APPROVED' } };
      }
      return undefined;
    });
    expect(await gateway.retrieve(orderId, false)).toEqual({
      status: 'succeeded',
      paymentId: orderId,
      chargeId: expect.stringMatching(/^CAPTURE/),
    });
    expect(routes()).toEqual([
      `GET /v2/checkout/orders/${orderId}`,
      `POST /v2/checkout/orders/${orderId}/capture`,
      `GET /v2/checkout/orders/${orderId}`,
    ]);
  });

  it.each([
    ['a DECLINED capture', 'DECLINED' as const],
    ['a FAILED capture', 'FAILED' as const],
    ['an INSTRUMENT_DECLINED refusal', { issue: 'INSTRUMENT_DECLINED' }],
    ['a PAYER_CANNOT_PAY refusal', { issue: 'PAYER_CANNOT_PAY' }],
  ])('answers failed (wallet_declined) for %s', async (_name, outcome) => {
    const orderId = await createdOrder();
    fake.approveOrder(orderId, outcome);
    expect(await gateway.retrieve(orderId, false)).toEqual({ status: 'failed', paymentId: orderId, code: 'wallet_declined' });
  });

  it.each(['CREATED', 'PAYER_ACTION_REQUIRED'] as const)('asks for approval again while the order is %s', async (status) => {
    const orderId = await createdOrder();
    fake.setOrderStatus(orderId, status);
    expect(await gateway.retrieve(orderId, false)).toEqual({
      status: 'requires_action',
      paymentId: orderId,
      action: { type: 'paypal_approval', flow: 'order', orderId },
    });
    expect(routes()).toEqual([`GET /v2/checkout/orders/${orderId}`]);
  });

  it('answers failed (cancelled) for a VOIDED order', async () => {
    const orderId = await createdOrder();
    fake.setOrderStatus(orderId, 'VOIDED');
    expect(await gateway.retrieve(orderId, false)).toEqual({ status: 'failed', paymentId: orderId, code: 'cancelled' });
  });

  it('says the payment is still processing while the capture is PENDING', async () => {
    const orderId = await createdOrder();
    fake.approveOrder(orderId, 'PENDING');
    await expect(gateway.retrieve(orderId, false)).rejects.toMatchObject({ status: 409, code: 'attempt_in_progress' });
  });

  it('throws what PayPal answers for an unknown order', async () => {
    await expect(gateway.retrieve('ORDER-UNKNOWN', false)).rejects.toMatchObject({ status: 404, errorName: 'RESOURCE_NOT_FOUND' });
  });
});

describe('PayPalGateway.charge: an offer that renews is a subscription from a plan', () => {
  const subscriptionRequest = (overrides: Partial<ChargeRequest> = {}) =>
    request({ purchase: YEARLY, description: 'Vogue: Vogue Digital', ...overrides });
  const bodies = <T>(path: string) =>
    fake
      .apiRequests()
      .filter((call) => call.path === path)
      .map((call) => call.json as T);

  it('creates the product and plan once, then the subscription at today’s price, with our transaction id', async () => {
    const charge = subscriptionRequest();
    const result = await gateway.charge(charge);

    expect(routes()).toEqual(['POST /v1/catalogs/products', 'POST /v1/billing/plans', 'POST /v1/billing/subscriptions']);
    const [product, plan, subscription] = fake.apiRequests();
    expect(product!.json).toMatchObject({ name: 'Vogue Digital', type: 'SERVICE' });
    const planBody = plan!.json as PayPalPlanRequest;
    expect(planBody).toMatchObject({
      product_id: expect.stringMatching(/^PROD-/),
      status: 'ACTIVE',
      payment_preferences: { auto_bill_outstanding: true },
    });
    expect(planBody.billing_cycles).toEqual([
      {
        frequency: { interval_unit: 'YEAR', interval_count: 1 },
        tenure_type: 'REGULAR',
        sequence: 1,
        total_cycles: 0,
        pricing_scheme: { fixed_price: { currency_code: 'USD', value: '25.00' } },
      },
    ]);
    expect(subscription!.json).toEqual({
      plan_id: expect.stringMatching(/^P-/),
      custom_id: charge.metadata.transactionId,
      application_context: {
        user_action: 'SUBSCRIBE_NOW',
        shipping_preference: 'NO_SHIPPING',
        return_url: 'https://subscribe.example.com/vogue/demo-single/paypal?step=payment',
        cancel_url: 'https://subscribe.example.com/vogue/demo-single/paypal?step=payment',
      },
    });
    expect(subscription!.headers['paypal-request-id']).toBe(paypalRequestId('subscription', charge.idempotencyKey));

    const subscriptionId = paymentIdOf(result);
    expect(subscriptionId).toMatch(/^I-/);
    expect(result).toEqual({
      status: 'requires_action',
      paymentId: subscriptionId,
      action: { type: 'paypal_approval', flow: 'subscription', subscriptionId },
    });
    expect([...plans.plans.values()]).toEqual([(subscription!.json as PayPalSubscriptionRequest).plan_id]);
  });

  it('reuses the stored plan for the next checkout of the same offer', async () => {
    await gateway.charge(subscriptionRequest());
    const planId = bodies<PayPalSubscriptionRequest>('/v1/billing/subscriptions')[0]!.plan_id;
    fake.requests.length = 0;

    await gateway.charge(subscriptionRequest());
    expect(routes()).toEqual(['POST /v1/billing/subscriptions']);
    expect(bodies<PayPalSubscriptionRequest>('/v1/billing/subscriptions')[0]!.plan_id).toBe(planId);
  });

  it('keeps plans apart per mode, currency and price of the first year', async () => {
    await gateway.charge(subscriptionRequest());
    await gateway.charge(subscriptionRequest({ livemode: true }));
    await gateway.charge(subscriptionRequest({ currencyCode: 'GBP' }));
    await gateway.charge(subscriptionRequest({ amount: 1250 }));
    await gateway.charge(subscriptionRequest({ amount: 1250 }));
    expect(bodies('/v1/billing/plans')).toHaveLength(4);
    expect(plans.plans.size).toBe(4);
  });

  it('prices a promo code’s first year as a TRIAL cycle of one year, then renews at the full price', async () => {
    await gateway.charge(subscriptionRequest({ amount: 1250 }));
    expect(bodies<PayPalPlanRequest>('/v1/billing/plans')[0]!.billing_cycles).toEqual([
      {
        frequency: { interval_unit: 'YEAR', interval_count: 1 },
        tenure_type: 'TRIAL',
        sequence: 1,
        total_cycles: 1,
        pricing_scheme: { fixed_price: { currency_code: 'USD', value: '12.50' } },
      },
      {
        frequency: { interval_unit: 'YEAR', interval_count: 1 },
        tenure_type: 'REGULAR',
        sequence: 2,
        total_cycles: 0,
        pricing_scheme: { fixed_price: { currency_code: 'USD', value: '25.00' } },
      },
    ]);
  });

  it('makes a free trial a TRIAL cycle of its days without a price', async () => {
    await gateway.charge(request({ purchase: TRIAL, amount: 0, currencyCode: 'GBP' }));
    expect(bodies<PayPalPlanRequest>('/v1/billing/plans')[0]!.billing_cycles).toEqual([
      { frequency: { interval_unit: 'DAY', interval_count: 14 }, tenure_type: 'TRIAL', sequence: 1, total_cycles: 1 },
      {
        frequency: { interval_unit: 'MONTH', interval_count: 1 },
        tenure_type: 'REGULAR',
        sequence: 2,
        total_cycles: 0,
        pricing_scheme: { fixed_price: { currency_code: 'GBP', value: '9.99' } },
      },
    ]);
  });

  it('leaves application_context out when the origin is not known (it needs both URLs)', async () => {
    await gateway.charge(subscriptionRequest({ origin: null }));
    expect(bodies<PayPalSubscriptionRequest>('/v1/billing/subscriptions')[0]).not.toHaveProperty('application_context');
  });

  it('creates the same product and plan for two first checkouts at once (request ids from the plan key)', async () => {
    await Promise.all([gateway.charge(subscriptionRequest()), gateway.charge(subscriptionRequest())]);
    const planIds = new Set(bodies<PayPalSubscriptionRequest>('/v1/billing/subscriptions').map((body) => body.plan_id));
    expect(planIds.size).toBe(1);
  });
});

describe('PayPalGateway.retrieve: a subscription', () => {
  async function createdSubscription() {
    const result = await gateway.charge(request({ purchase: YEARLY }));
    fake.requests.length = 0;
    return paymentIdOf(result);
  }

  it('answers succeeded once ACTIVE', async () => {
    const id = await createdSubscription();
    fake.setSubscription(id, {
      status: 'ACTIVE',
      billing_info: {
        failed_payments_count: 0,
        last_payment: { amount: { currency_code: 'USD', value: '25.00' }, time: '2026-11-21T12:00:00Z' },
      },
    });
    expect(await gateway.retrieve(id, false)).toEqual({ status: 'succeeded', paymentId: id });
    expect(routes()).toEqual([`GET /v1/billing/subscriptions/${id}`]);
  });

  it('asks for approval while APPROVAL_PENDING', async () => {
    const id = await createdSubscription();
    expect(await gateway.retrieve(id, false)).toEqual({
      status: 'requires_action',
      paymentId: id,
      action: { type: 'paypal_approval', flow: 'subscription', subscriptionId: id },
    });
  });

  it('waits for PayPal to activate an APPROVED subscription', async () => {
    const id = await createdSubscription();
    fake.setSubscription(id, { status: 'APPROVED' }, 1);
    expect(await gateway.retrieve(id, false)).toEqual({ status: 'succeeded', paymentId: id });
    expect(waits).toEqual([5]);
    expect(routes()).toEqual([`GET /v1/billing/subscriptions/${id}`, `GET /v1/billing/subscriptions/${id}`]);
  });

  it('says the payment is still processing when the subscription stays APPROVED', async () => {
    const id = await createdSubscription();
    fake.setSubscription(id, { status: 'APPROVED' });
    await expect(gateway.retrieve(id, false)).rejects.toMatchObject({ status: 409, code: 'attempt_in_progress' });
    expect(waits).toEqual([5, 10]);
  });

  it.each([
    ['CANCELLED', 'cancelled'],
    ['EXPIRED', 'cancelled'],
    ['SUSPENDED', 'wallet_declined'],
  ] as const)('answers failed for a %s subscription (%s)', async (status, code) => {
    const id = await createdSubscription();
    fake.setSubscription(id, { status });
    expect(await gateway.retrieve(id, false)).toEqual({ status: 'failed', paymentId: id, code });
  });

  it('answers failed (wallet_declined) for an ACTIVE subscription whose first payment failed', async () => {
    const id = await createdSubscription();
    fake.setSubscription(id, { status: 'ACTIVE', billing_info: { failed_payments_count: 1 } });
    expect(await gateway.retrieve(id, false)).toEqual({ status: 'failed', paymentId: id, code: 'wallet_declined' });
  });
});

describe('PayPalGateway: a cancelled subscription is suspended, a resumed one activated', () => {
  async function activeSubscription() {
    const id = paymentIdOf(await gateway.charge(request({ purchase: YEARLY })));
    fake.setSubscription(id, { status: 'ACTIVE' });
    fake.requests.length = 0;
    return { kind: 'paypal' as const, subscriptionId: id };
  }

  it('suspends at PayPal at once, and activates it again', async () => {
    const instrument = await activeSubscription();
    await gateway.pauseRenewals(instrument, false);
    expect(fake.subscriptionStatus(instrument.subscriptionId)).toBe('SUSPENDED');
    await gateway.resumeRenewals(instrument, false);
    expect(fake.subscriptionStatus(instrument.subscriptionId)).toBe('ACTIVE');
    expect(routes()).toEqual([
      `POST /v1/billing/subscriptions/${instrument.subscriptionId}/suspend`,
      `POST /v1/billing/subscriptions/${instrument.subscriptionId}/activate`,
    ]);
  });

  it('takes a second suspend (a retry after a lost answer) as done, after reading where it stands', async () => {
    const instrument = await activeSubscription();
    await gateway.pauseRenewals(instrument, false);
    await gateway.pauseRenewals(instrument, false);
    expect(routes().at(-1)).toBe(`GET /v1/billing/subscriptions/${instrument.subscriptionId}`);
    expect(fake.subscriptionStatus(instrument.subscriptionId)).toBe('SUSPENDED');
  });

  it('cancels at PayPal for good, and takes a second cancel (PayPal’s 422) as done', async () => {
    const instrument = await activeSubscription();
    await gateway.pauseRenewals(instrument, false);
    await gateway.cancelRenewals(instrument, false);
    expect(fake.subscriptionStatus(instrument.subscriptionId)).toBe('CANCELLED');
    await gateway.cancelRenewals(instrument, false);
    expect(routes().slice(-3)).toEqual([
      `POST /v1/billing/subscriptions/${instrument.subscriptionId}/cancel`,
      `POST /v1/billing/subscriptions/${instrument.subscriptionId}/cancel`,
      `GET /v1/billing/subscriptions/${instrument.subscriptionId}`,
    ]);
  });

  it('throws when PayPal cannot be reached to cancel, so that the engine asks again', async () => {
    const instrument = await activeSubscription();
    fake.setOverride((request) => (request.path.endsWith('/cancel') ? { status: 503, body: { name: 'SERVICE_UNAVAILABLE' } } : undefined));
    await expect(gateway.cancelRenewals(instrument, false)).rejects.toMatchObject({ status: 503 });
    fake.setOverride(null);
    expect(fake.subscriptionStatus(instrument.subscriptionId)).toBe('ACTIVE');
    await expect(gateway.cancelRenewals({ kind: 'amazon-pay', chargePermissionId: 'S01-1' }, false)).rejects.toThrow('cannot cancel');
  });

  it('refuses what it cannot move: a subscription PayPal cancelled, another provider’s', async () => {
    const instrument = await activeSubscription();
    fake.setSubscription(instrument.subscriptionId, { status: 'CANCELLED' });
    await expect(gateway.pauseRenewals(instrument, false)).rejects.toThrow(PayPalApiError);
    await expect(gateway.pauseRenewals({ kind: 'amazon-pay', chargePermissionId: 'S01-1' }, false)).rejects.toThrow('cannot suspend');
  });
});

describe('toPayPalValue', () => {
  it.each([
    [2500, 'USD', '25.00'],
    [999, 'GBP', '9.99'],
    [5, 'EUR', '0.05'],
    [0, 'CAD', '0.00'],
    [123456789, 'USD', '1234567.89'],
  ] as const)('turns %i minor units of %s into "%s"', (minor, currency, value) => {
    expect(toPayPalValue(minor, currency)).toBe(value);
  });

  it.each([-1, 1.5, Number.NaN])('refuses %d', (minor) => {
    expect(() => toPayPalValue(minor, 'USD')).toThrow(RangeError);
  });
});

describe('PayPalGateway.refund: an order’s capture, a subscription’s sale', () => {
  const refundRequest = (overrides: Partial<RefundRequest> & Pick<RefundRequest, 'paymentId'>): RefundRequest => ({
    chargeId: null,
    kind: 'purchase',
    paidAt: '2026-11-01T10:00:00.000Z',
    amount: 1000,
    paidAmount: 2500,
    currencyCode: 'USD',
    livemode: false,
    idempotencyKey: `refund-${n}`,
    reason: 'Withdrawal within 14 days',
    metadata: { refundId: 're_ours_1', transactionId: 'txn_1' },
    ...overrides,
  });

  /** A one-off order, approved and captured; its capture id as the paid result reports it. */
  async function capturedOrder(): Promise<{ orderId: string; captureId: string }> {
    const orderId = paymentIdOf(await gateway.charge(request()));
    fake.approveOrder(orderId);
    const paid = await gateway.retrieve(orderId, false);
    if (paid.status !== 'succeeded' || !paid.chargeId) throw new Error(`expected a capture, got ${JSON.stringify(paid)}`);
    return { orderId, captureId: paid.chargeId };
  }

  it('refunds part of an order’s capture (POST /v2/payments/captures/{id}/refund) under a request id from our key', async () => {
    const { orderId, captureId } = await capturedOrder();
    fake.requests.length = 0;
    const result = await gateway.refund(refundRequest({ paymentId: orderId, chargeId: captureId, idempotencyKey: 'refund-a' }));
    expect(result).toEqual({ status: 'succeeded', refundId: expect.stringMatching(/^REFUND/) });
    expect(routes()).toEqual([`POST /v2/payments/captures/${captureId}/refund`]);
    const [sent] = fake.apiRequests();
    expect(sent!.headers['paypal-request-id']).toBe(paypalRequestId('refund', 'refund-a'));
    expect(sent!.json).toMatchObject({ amount: { currency_code: 'USD', value: '10.00' }, custom_id: 're_ours_1' });
  });

  it('finds the capture in the order when none was kept, and reports it to be kept', async () => {
    const { orderId, captureId } = await capturedOrder();
    fake.requests.length = 0;
    const result = await gateway.refund(refundRequest({ paymentId: orderId }));
    expect(result).toMatchObject({ status: 'succeeded', chargeId: captureId });
    expect(routes()).toEqual([`GET /v2/checkout/orders/${orderId}`, `POST /v2/payments/captures/${captureId}/refund`]);
  });

  it('answers a repeat with the same key with the same refund, and refuses more than is left', async () => {
    const { orderId, captureId } = await capturedOrder();
    const first = await gateway.refund(
      refundRequest({ paymentId: orderId, chargeId: captureId, amount: 2000, idempotencyKey: 'refund-b' }),
    );
    expect(
      await gateway.refund(refundRequest({ paymentId: orderId, chargeId: captureId, amount: 2000, idempotencyKey: 'refund-b' })),
    ).toEqual(first);
    expect([...fake.refunds.values()].filter((refund) => refund.of === captureId)).toHaveLength(1);
    expect(
      await gateway.refund(refundRequest({ paymentId: orderId, chargeId: captureId, amount: 600, idempotencyKey: 'refund-c' })),
    ).toMatchObject({
      status: 'failed',
      code: 'amount_too_large',
    });
  });

  it('refunds a renewal’s sale (POST /v1/payments/sale/{id}/refund): its payment id is the sale', async () => {
    fake.addSale({ id: 'SALE-RENEWAL-1', subscriptionId: 'I-SUB1', amount: 2500, currency: 'USD', time: '2026-12-01T10:00:00Z' });
    const result = await gateway.refund(refundRequest({ paymentId: 'SALE-RENEWAL-1', kind: 'renewal', amount: 2500 }));
    expect(result).toEqual({ status: 'succeeded', refundId: expect.stringMatching(/^SALEREFUND/) });
    expect(routes()).toEqual(['POST /v1/payments/sale/SALE-RENEWAL-1/refund']);
    expect(fake.apiRequests()[0]!.json).toMatchObject({ amount: { total: '25.00', currency: 'USD' } });
    expect(
      await gateway.refund(refundRequest({ paymentId: 'SALE-RENEWAL-1', kind: 'renewal', amount: 100, idempotencyKey: 'again' })),
    ).toMatchObject({
      status: 'failed',
      code: 'amount_too_large',
    });
  });

  it('finds a subscription’s first sale among its transactions around the purchase when none was kept', async () => {
    fake.addSale({ id: 'SALE-FIRST', subscriptionId: 'I-SUB2', amount: 2500, currency: 'USD', time: '2026-11-01T10:00:05Z' });
    fake.addSale({ id: 'SALE-LATER', subscriptionId: 'I-SUB2', amount: 2500, currency: 'USD', time: '2026-12-01T10:00:05Z' });
    const result = await gateway.refund(refundRequest({ paymentId: 'I-SUB2' }));
    expect(result).toMatchObject({ status: 'succeeded', chargeId: 'SALE-FIRST' });
    expect(routes()[0]).toBe('GET /v1/billing/subscriptions/I-SUB2/transactions');
    expect(routes()[1]).toBe('POST /v1/payments/sale/SALE-FIRST/refund');
  });

  it('says PayPal took nothing for a subscription without a sale (a free trial)', async () => {
    expect(await gateway.refund(refundRequest({ paymentId: 'I-TRIAL' }))).toMatchObject({ status: 'failed', code: 'payment_not_found' });
  });

  it('leaves a refund PayPal keeps pending to be read back, from either API', async () => {
    const { orderId, captureId } = await capturedOrder();
    fake.refundStatuses.push('PENDING', 'PENDING');
    const capture = await gateway.refund(refundRequest({ paymentId: orderId, chargeId: captureId, idempotencyKey: 'pending-capture' }));
    fake.addSale({ id: 'SALE-PENDING', subscriptionId: 'I-SUB3', amount: 2500, currency: 'USD', time: '2026-12-01T10:00:00Z' });
    const sale = await gateway.refund(refundRequest({ paymentId: 'SALE-PENDING', kind: 'renewal', idempotencyKey: 'pending-sale' }));
    expect([capture.status, sale.status]).toEqual(['pending', 'pending']);
    for (const result of [capture, sale]) {
      const refundId = (result as { refundId: string }).refundId;
      fake.settleRefund(refundId, 'COMPLETED');
      expect(await gateway.refundStatus(refundId, false)).toEqual({ status: 'succeeded', refundId });
    }
  });

  it('throws when PayPal fails on its side', async () => {
    fake.setOverride((call) => (call.path.endsWith('/refund') ? { status: 503, body: { name: 'SERVICE_UNAVAILABLE' } } : undefined));
    await expect(gateway.refund(refundRequest({ paymentId: 'SALE-X', kind: 'renewal' }))).rejects.toThrow();
  });
});
