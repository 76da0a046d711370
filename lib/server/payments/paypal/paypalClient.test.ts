import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakePayPal, type FakePayPal } from './fakePayPalServer';
import { PayPalApiError, PayPalClient, PayPalNetworkError, paypalRequestId } from './paypalClient';

const APP = { clientId: 'test-client-id', clientSecret: 'test-client-secret' };
let fake: FakePayPal;
let clock = 0;

beforeAll(async () => {
  fake = await startFakePayPal({ apps: [APP], tokenExpiresIn: 3600 });
});
afterAll(async () => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.setOverride(null);
  clock = Date.parse('2026-11-21T12:00:00Z');
});

const newClient = (overrides: Partial<ConstructorParameters<typeof PayPalClient>[0]> = {}) =>
  new PayPalClient({ baseUrl: fake.baseUrl, ...APP, now: () => clock, ...overrides });

const order = { intent: 'CAPTURE' as const, purchase_units: [{ amount: { currency_code: 'USD', value: '25.00' } }] };

describe('PayPalClient: the access token', () => {
  it('asks for a client-credentials token with Basic auth and a form body, then calls with it as Bearer', async () => {
    const client = newClient();
    const created = await client.createOrder(order, 'req-1');

    const [tokenRequest, call] = fake.requests;
    expect(tokenRequest).toMatchObject({ method: 'POST', path: '/v1/oauth2/token', rawBody: 'grant_type=client_credentials' });
    expect(tokenRequest!.headers.authorization).toBe(`Basic ${Buffer.from('test-client-id:test-client-secret').toString('base64')}`);
    expect(tokenRequest!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(call!.headers.authorization).toMatch(/^Bearer A21-test-client-id-\d+$/);
    expect(created).toMatchObject({ id: expect.stringMatching(/^ORDER/), status: 'PAYER_ACTION_REQUIRED' });
  });

  it('reuses the token until five minutes before it expires, then fetches a new one', async () => {
    const client = newClient();
    const { id } = await client.createOrder(order, 'req-2');
    await client.getOrder(id);
    expect(fake.tokenRequests()).toHaveLength(1);

    clock += 3600_000 - 300_000 - 1;
    await client.getOrder(id);
    expect(fake.tokenRequests()).toHaveLength(1);

    clock += 1;
    await client.getOrder(id);
    expect(fake.tokenRequests()).toHaveLength(2);
    const [, , , last] = fake.apiRequests().map((request) => request.headers.authorization);
    expect(last).not.toBe(fake.apiRequests()[0]!.headers.authorization);
  });

  it('asks for one token for calls made at the same time', async () => {
    const client = newClient();
    const { id } = await newClient().createOrder(order, 'req-3');
    fake.requests.length = 0;
    await Promise.all([client.getOrder(id), client.getOrder(id), client.getOrder(id)]);
    expect(fake.tokenRequests()).toHaveLength(1);
  });

  it('fetches a new token and retries once when PayPal no longer accepts the token (401)', async () => {
    const client = newClient();
    const { id } = await client.createOrder(order, 'req-4');
    fake.revokeTokens();
    fake.requests.length = 0;
    await expect(client.getOrder(id)).resolves.toMatchObject({ id });
    expect(fake.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      `GET /v2/checkout/orders/${id}`,
      'POST /v1/oauth2/token',
      `GET /v2/checkout/orders/${id}`,
    ]);
  });

  it('reports refused credentials as a PayPalApiError with OAuth error name', async () => {
    const client = newClient({ clientSecret: 'wrong-secret' });
    const error = await client.getOrder('ORDER1').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PayPalApiError);
    expect(error).toMatchObject({ status: 401, errorName: 'invalid_client', issue: null });
  });
});

describe('PayPalClient: requests', () => {
  it('sends PayPal-Request-Id and Prefer: return=representation with a JSON body on creating POSTs', async () => {
    const client = newClient();
    await client.createOrder(order, 'order-abc');
    const call = fake.apiRequests()[0]!;
    expect(call).toMatchObject({ method: 'POST', path: '/v2/checkout/orders', json: order });
    expect(call.headers).toMatchObject({
      'paypal-request-id': 'order-abc',
      prefer: 'return=representation',
      'content-type': 'application/json',
      accept: 'application/json',
    });
  });

  it('captures with its own request id and an empty JSON body', async () => {
    const client = newClient();
    const { id } = await client.createOrder(order, 'order-cap');
    fake.approveOrder(id);
    const captured = await client.captureOrder(id, 'capture-xyz');
    expect(captured.status).toBe('COMPLETED');
    const call = fake.apiRequests().at(-1)!;
    expect(call).toMatchObject({ method: 'POST', path: `/v2/checkout/orders/${id}/capture`, rawBody: '{}' });
    expect(call.headers).toMatchObject({ 'paypal-request-id': 'capture-xyz', prefer: 'return=representation' });
  });

  it('calls the catalog, plan and subscription endpoints, each with its request id', async () => {
    const client = newClient();
    const product = await client.createProduct({ name: 'Vogue Digital', type: 'SERVICE' }, 'product-1');
    const plan = await client.createPlan(
      {
        product_id: product.id,
        name: 'Vogue Digital',
        billing_cycles: [
          {
            frequency: { interval_unit: 'YEAR', interval_count: 1 },
            tenure_type: 'REGULAR',
            sequence: 1,
            total_cycles: 0,
            pricing_scheme: { fixed_price: { currency_code: 'USD', value: '25.00' } },
          },
        ],
        payment_preferences: { auto_bill_outstanding: true },
      },
      'plan-1',
    );
    const subscription = await client.createSubscription({ plan_id: plan.id, custom_id: 'txn_1' }, 'subscription-1');
    await client.getSubscription(subscription.id);
    expect(fake.apiRequests().map((request) => [request.method, request.path, request.headers['paypal-request-id']])).toEqual([
      ['POST', '/v1/catalogs/products', 'product-1'],
      ['POST', '/v1/billing/plans', 'plan-1'],
      ['POST', '/v1/billing/subscriptions', 'subscription-1'],
      ['GET', `/v1/billing/subscriptions/${subscription.id}`, undefined],
    ]);
    expect(subscription).toMatchObject({ id: expect.stringMatching(/^I-/), status: 'APPROVAL_PENDING', plan_id: plan.id });
  });

  it('sends neither a request id nor Prefer on GETs and on the signature check', async () => {
    const client = newClient();
    const body = {
      auth_algo: 'SHA256withRSA',
      cert_url: 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-1',
      transmission_id: 't-1',
      transmission_sig: 'c2ln',
      transmission_time: '2026-11-21T12:00:00Z',
      webhook_id: 'WH1',
      webhook_event: { id: 'WH-1' },
    };
    await expect(client.verifyWebhookSignature(body)).resolves.toEqual({ verification_status: 'SUCCESS' });
    const call = fake.apiRequests()[0]!;
    expect(call).toMatchObject({ path: '/v1/notifications/verify-webhook-signature', json: body });
    expect(call.headers['paypal-request-id']).toBeUndefined();
    expect(call.headers.prefer).toBeUndefined();
  });
});

describe('PayPalClient: failures', () => {
  it("turns a non-2xx answer into a PayPalApiError with PayPal's name, debug id and first issue", async () => {
    fake.setOverride((request) =>
      request.path.endsWith('/capture')
        ? {
            status: 422,
            body: {
              name: 'UNPROCESSABLE_ENTITY',
              message: 'The requested action could not be performed.',
              debug_id: 'f1e2d3',
              details: [{ issue: 'INSTRUMENT_DECLINED', description: 'The instrument presented was declined.' }],
            },
          }
        : undefined,
    );
    const error = await newClient()
      .captureOrder('ORDER9', 'capture-9')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PayPalApiError);
    expect(error).toMatchObject({ status: 422, errorName: 'UNPROCESSABLE_ENTITY', issue: 'INSTRUMENT_DECLINED', debugId: 'f1e2d3' });
    expect((error as Error).message).toContain('INSTRUMENT_DECLINED');
  });

  it('takes the debug id from the header when the body has none, and survives a body that is not JSON', async () => {
    fake.setOverride((request) => (request.path.startsWith('/v2/') ? { status: 503, body: 'upstream unavailable' } : undefined));
    const error = await newClient()
      .getOrder('ORDER9')
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 503, errorName: null, issue: null, debugId: expect.stringMatching(/^hdr-debug-/) });
  });

  it('gives up after the timeout with a PayPalNetworkError', async () => {
    fake.setOverride((request) => (request.path.startsWith('/v2/') ? 'hang' : undefined));
    const error = await newClient({ timeoutMs: 150 })
      .getOrder('ORDER9')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PayPalNetworkError);
    expect(error).toMatchObject({ timedOut: true });
  });

  it('reports a connection failure as a PayPalNetworkError that did not time out', async () => {
    const error = await newClient({ baseUrl: 'http://127.0.0.1:1' })
      .getOrder('ORDER9')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PayPalNetworkError);
    expect(error).toMatchObject({ timedOut: false });
  });
});

describe('paypalRequestId', () => {
  it('is stable per purpose and value, short enough for PayPal, and does not reveal the value', () => {
    const key = 'attempt-secret-key-0123456789';
    const id = paypalRequestId('order', key);
    expect(id).toBe(paypalRequestId('order', key));
    expect(id).not.toBe(paypalRequestId('subscription', key));
    expect(id).not.toBe(paypalRequestId('order', `${key}x`));
    expect(id).toMatch(/^order-[0-9a-f]{48}$/);
    expect(id.length).toBeLessThanOrEqual(108);
    expect(id).not.toContain(key);
  });
});
