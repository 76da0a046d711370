import { constants, createHash, generateKeyPairSync, verify } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { chargeRequestFixture } from '@/tests/fixtures/chargeRequest';
import type {
  ChargeRequest,
  Purchase,
  RefundRequest,
  RenewalChargeRequest,
  RenewalInstrument,
  WalletReturn,
} from '@/lib/server/payments/PaymentGateway';
import { providerRefundKey } from '@/lib/server/payments/refundKey';
import { AmazonPayApiError } from './amazonPayClient';
import { AmazonPayGateway, amazonPayReturnUrl, completeKey, renewalKey } from './AmazonPayGateway';
import type { AmazonPayCredentials } from './amazonPayTypes';
import { startFakeAmazonPay, type FakeAmazonPay } from './fakeAmazonPay';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const sha256Hex = (s: string) => createHash('sha256').update(s).digest('hex');
const ORIGIN = 'https://subscribe.example.com';
const SESSION = 'bd504926-f659-4ad7-a1a9-9a747aaf5275';

let fake: FakeAmazonPay;
let gateway: AmazonPayGateway;
const credentials = (publicKeyId: string, sandbox: boolean): AmazonPayCredentials => ({
  merchantId: 'A2BCDEFGHIJ3KL',
  storeId: 'amzn1.application-oa2-client.0123456789abcdef0123456789abcdef',
  publicKeyId,
  privateKey: pem,
  region: 'na',
  baseUrl: fake.baseUrl,
  sandbox,
});

beforeAll(async () => {
  fake = await startFakeAmazonPay(publicKey);
  gateway = new AmazonPayGateway(
    { test: credentials('AGPTYXGL5VH6PZ2KBM2ALPQY', true), live: credentials('AHLIVEKEY5VH6PZ2KBM2ALPQ', false) },
    { retries: 0, sleep: async () => {} },
  );
});
afterAll(async () => fake.close());
beforeEach(() => fake.reset());

const monthly: Purchase = {
  offerId: 'vogue-digital',
  name: 'Vogue Digital',
  renewal: { interval: 'month', amount: 2500 },
  trialDays: null,
};
const trial: Purchase = { offerId: 'vogue-trial', name: 'Vogue Digital trial', renewal: { interval: 'year', amount: 9900 }, trialDays: 14 };

const chargeRequest = (overrides: Partial<ChargeRequest> = {}): ChargeRequest =>
  chargeRequestFixture({
    payment: { kind: 'amazon-pay' },
    idempotencyKey: 'attempt-1',
    origin: ORIGIN,
    returnUrl: '/vogue/demo-single/credit-card?promo=spring%20sale',
    purchase: monthly,
    metadata: { transactionId: 'txn_1', campaignId: 'vogue-demo-single' },
    ...overrides,
  });

const visit = (stage: WalletReturn['stage'], overrides: Partial<WalletReturn> = {}): WalletReturn => ({
  stage,
  sessionId: SESSION,
  amount: 2500,
  currencyCode: 'USD',
  livemode: false,
  idempotencyKey: 'attempt-1',
  resultReturnUrl: amazonPayReturnUrl(ORIGIN, '/vogue/demo-single/credit-card', 'txn_1', 'result'),
  purchase: monthly,
  ...overrides,
});

const completes = () => fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/complete'));

describe('amazonPayReturnUrl', () => {
  it("turns the payment step's path into its Amazon Pay return page, keeping its query", () => {
    expect(amazonPayReturnUrl(ORIGIN, '/vogue/demo-single/credit-card?promo=spring%20sale', 'txn_1', 'review')).toBe(
      'https://subscribe.example.com/vogue/demo-single/credit-card/amazon-pay?promo=spring+sale&attempt=txn_1&stage=review',
    );
    expect(amazonPayReturnUrl(`${ORIGIN}/`, '/gq/offer/credit-card', 'txn_2', 'result')).toBe(
      'https://subscribe.example.com/gq/offer/credit-card/amazon-pay?attempt=txn_2&stage=result',
    );
  });

  it('accepts only a payment step path on our own origin', () => {
    expect(() => amazonPayReturnUrl(ORIGIN, '//evil.example/credit-card', 'txn_1', 'review')).toThrow();
    expect(() => amazonPayReturnUrl(ORIGIN, 'https://evil.example/x/credit-card', 'txn_1', 'review')).toThrow();
    expect(() => amazonPayReturnUrl(ORIGIN, '/vogue/demo/delivery', 'txn_1', 'review')).toThrow();
  });
});

describe('AmazonPayGateway.charge', () => {
  it('answers with the signed createCheckoutSession payload for the button, and calls nothing', async () => {
    const result = await gateway.charge(chargeRequest());
    expect(result).toMatchObject({
      status: 'requires_action',
      paymentId: null,
      action: { type: 'amazon_pay_checkout', publicKeyId: 'AGPTYXGL5VH6PZ2KBM2ALPQY' },
    });
    if (result.status !== 'requires_action' || result.action.type !== 'amazon_pay_checkout') throw new Error('no button config');
    const { payloadJSON, signature } = result.action;
    expect(JSON.parse(payloadJSON)).toEqual({
      webCheckoutDetails: {
        checkoutReviewReturnUrl:
          'https://subscribe.example.com/vogue/demo-single/credit-card/amazon-pay?promo=spring+sale&attempt=txn_1&stage=review',
      },
      storeId: 'amzn1.application-oa2-client.0123456789abcdef0123456789abcdef',
      scopes: ['name', 'email'],
      chargePermissionType: 'Recurring',
      recurringMetadata: { frequency: { unit: 'Month', value: '1' }, amount: { amount: '25.00', currencyCode: 'USD' } },
      merchantMetadata: { merchantReferenceId: 'txn_1' },
    });
    // The signature is over the exact string handed back, as Amazon checks it.
    const stringToSign = `AMZN-PAY-RSASSA-PSS-V2\n${sha256Hex(payloadJSON)}`;
    expect(
      verify(
        'sha256',
        Buffer.from(stringToSign),
        { key: publicKey, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 },
        Buffer.from(signature, 'base64'),
      ),
    ).toBe(true);
    expect(fake.requests).toEqual([]);
  });

  it('asks for a yearly recurring permission for a yearly offer, and a one-time permission for what does not renew', async () => {
    const yearly = await gateway.charge(chargeRequest({ purchase: trial, amount: 0 }));
    const oneOff = await gateway.charge(chargeRequest({ purchase: { ...monthly, renewal: null } }));
    const payload = (r: typeof yearly) =>
      r.status === 'requires_action' && r.action.type === 'amazon_pay_checkout'
        ? (JSON.parse(r.action.payloadJSON) as Record<string, unknown>)
        : {};
    expect(payload(yearly)).toMatchObject({
      chargePermissionType: 'Recurring',
      recurringMetadata: { frequency: { unit: 'Year', value: '1' }, amount: { amount: '99.00', currencyCode: 'USD' } },
    });
    expect(payload(oneOff)).toMatchObject({ chargePermissionType: 'OneTime' });
    expect(payload(oneOff)).not.toHaveProperty('recurringMetadata');
  });

  it('signs with the live key in live mode', async () => {
    expect(await gateway.charge(chargeRequest({ livemode: true }))).toMatchObject({ action: { publicKeyId: 'AHLIVEKEY5VH6PZ2KBM2ALPQ' } });
  });

  it('refuses without a public origin, without the mode, or for another payment input', async () => {
    await expect(gateway.charge(chargeRequest({ origin: null }))).rejects.toMatchObject({
      status: 503,
      code: 'public_origin_missing',
      message: 'Amazon Pay is not available right now: the site address (PUBLIC_ORIGIN) is not configured. Nothing was charged.',
    });
    const testOnly = new AmazonPayGateway({ test: credentials('AGPTYXGL5VH6PZ2KBM2ALPQY', true) });
    await expect(testOnly.charge(chargeRequest({ livemode: true }))).rejects.toMatchObject({
      status: 503,
      code: 'payments_unavailable',
      message: 'Amazon Pay is not available in live mode right now. Nothing was charged.',
    });
    await expect(gateway.charge(chargeRequest({ payment: { kind: 'paypal' } }))).rejects.toMatchObject({ status: 400 });
    await expect(gateway.charge(chargeRequest({ amount: 0, purchase: { ...monthly, renewal: null } }))).rejects.toMatchObject({
      status: 400,
      code: 'nothing_to_pay',
    });
  });
});

describe('AmazonPayGateway.resume', () => {
  it('review: sets the result URL, the amount to authorise and capture, and our references, then sends the buyer to Amazon', async () => {
    fake.addSession(SESSION, { merchantReferenceId: 'txn_1' });
    const answer = await gateway.resume(visit('review'));
    expect(answer).toEqual({ redirect: `https://payments.amazon.example/checkout/processing?amazonCheckoutSessionId=${SESSION}` });
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /sandbox/v2/checkoutSessions/${SESSION}`,
      `PATCH /sandbox/v2/checkoutSessions/${SESSION}`,
    ]);
    const patch = fake.requests[1]!;
    expect(patch.json).toEqual({
      webCheckoutDetails: {
        checkoutResultReturnUrl: 'https://subscribe.example.com/vogue/demo-single/credit-card/amazon-pay?attempt=txn_1&stage=result',
      },
      paymentDetails: {
        paymentIntent: 'AuthorizeWithCapture',
        canHandlePendingAuthorization: false,
        chargeAmount: { amount: '25.00', currencyCode: 'USD' },
      },
      merchantMetadata: { merchantReferenceId: 'txn_1', customInformation: `checkoutSessionId=${SESSION}` },
    });
    expect(patch.headers['x-amz-pay-idempotency-key']).toBeUndefined();
    expect(fake.requests.every((r) => r.signatureValid)).toBe(true);
    expect(completes()).toEqual([]);
  });

  it('review of a free trial: paymentIntent Confirm, nothing authorised; the renewal amount stands as chargeAmount', async () => {
    fake.addSession(SESSION, { merchantReferenceId: 'txn_1' });
    await gateway.resume(visit('review', { amount: 0, purchase: trial }));
    expect(fake.requests[1]!.json).toMatchObject({
      paymentDetails: { paymentIntent: 'Confirm', chargeAmount: { amount: '99.00', currencyCode: 'USD' } },
    });
    expect((fake.requests[1]!.json as { paymentDetails: object }).paymentDetails).not.toHaveProperty('canHandlePendingAuthorization');
    const result = await gateway.resume(visit('result', { amount: 0, purchase: trial }));
    expect(result).toMatchObject({
      status: 'succeeded',
      paymentId: SESSION,
      instrument: { kind: 'amazon-pay', chargePermissionId: expect.stringMatching(/^S01-/) },
    });
    expect(completes()[0]!.json).toEqual({ chargeAmount: { amount: '99.00', currencyCode: 'USD' } });
    expect(fake.sessions.get(SESSION)!.session.chargeId).toBeNull(); // nothing was charged
  });

  it('result: completes the session once, with the amount and an idempotency key, and answers succeeded with the session id', async () => {
    fake.addSession(SESSION, { merchantReferenceId: 'txn_1' });
    await gateway.resume(visit('review'));
    const result = await gateway.resume(visit('result'));
    expect(result).toMatchObject({
      status: 'succeeded',
      paymentId: SESSION,
      instrument: { kind: 'amazon-pay', chargePermissionId: expect.stringMatching(/^S01-/) },
    });
    const [complete] = completes();
    expect(complete).toMatchObject({
      path: `/sandbox/v2/checkoutSessions/${SESSION}/complete`,
      json: { chargeAmount: { amount: '25.00', currencyCode: 'USD' } },
      signatureValid: true,
    });
    expect(complete!.headers['x-amz-pay-idempotency-key']).toBe(completeKey('attempt-1', SESSION));
    expect(complete!.headers['x-amz-pay-idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('a repeated visit of the result page reads the session and answers as the first time, never completing twice', async () => {
    fake.addSession(SESSION, { merchantReferenceId: 'txn_1' });
    await gateway.resume(visit('review'));
    const first = await gateway.resume(visit('result'));
    const again = await gateway.resume(visit('result'));
    const reviewAgain = await gateway.resume(visit('review'));
    expect(again).toEqual(first);
    expect(reviewAgain).toEqual(first);
    expect(completes()).toHaveLength(1);
  });

  it('a completion racing another one answers with the session as it now stands', async () => {
    fake.addSession(SESSION, { merchantReferenceId: 'txn_1' });
    await gateway.resume(visit('review'));
    fake.sessions.get(SESSION)!.session.statusDetails = { state: 'Open', reasonCode: null, reasonDescription: null };
    fake.forced.push(
      { status: 200, body: fake.sessions.get(SESSION)!.session }, // the GET sees it still Open…
      { status: 422, body: { reasonCode: 'InvalidCheckoutSessionStatus', message: 'already completed' } }, // …another request completed it
      {
        status: 200,
        body: {
          ...fake.sessions.get(SESSION)!.session,
          statusDetails: { state: 'Completed' },
          chargePermissionId: 'S01-1',
          chargeId: 'S01-1-C1',
        },
      },
    );
    expect(await gateway.resume(visit('result'))).toMatchObject({
      status: 'succeeded',
      paymentId: SESSION,
      instrument: { kind: 'amazon-pay', chargePermissionId: expect.stringMatching(/^S01-/) },
    });
  });

  it.each([
    ['decline', 'wallet_declined'],
    ['buyer_cancel', 'cancelled'],
  ] as const)('a session Amazon cancels (%s) fails with %s', async (outcome, code) => {
    fake.addSession(SESSION, { merchantReferenceId: 'txn_1', outcome });
    await gateway.resume(visit('review'));
    expect(await gateway.resume(visit('result'))).toEqual({ status: 'failed', paymentId: SESSION, code });
    expect(await gateway.resume(visit('result'))).toEqual({ status: 'failed', paymentId: SESSION, code });
    expect(completes()).toHaveLength(1);
  });

  it('refuses a session made for another attempt, before changing anything', async () => {
    fake.addSession(SESSION, { merchantReferenceId: 'txn_other' });
    await expect(gateway.resume(visit('review'))).rejects.toMatchObject({ status: 409, code: 'amazon_pay_session_mismatch' });
    await expect(gateway.resume(visit('result'))).rejects.toMatchObject({ status: 409, code: 'amazon_pay_session_mismatch' });
    expect(fake.requests.map((r) => r.method)).toEqual(['GET', 'GET']);
  });

  it('refuses a completed session of another amount', async () => {
    fake.addSession(SESSION, { merchantReferenceId: 'txn_1' });
    await gateway.resume(visit('review'));
    await gateway.resume(visit('result'));
    await expect(gateway.resume(visit('result', { amount: 9900 }))).rejects.toMatchObject({ status: 409 });
  });

  it('answers a failed payment when the amount differs from the session (Amazon finalises nothing)', async () => {
    fake.addSession(SESSION, { merchantReferenceId: 'txn_1' });
    await gateway.resume(visit('review'));
    expect(await gateway.resume(visit('result', { amount: 2400 }))).toEqual({
      status: 'failed',
      paymentId: SESSION,
      code: 'processing_error',
    });
    expect(fake.sessions.get(SESSION)!.session.statusDetails.state).toBe('Open');
  });

  it('maps what cannot go on to clear HTTP errors', async () => {
    await expect(gateway.resume(visit('review', { sessionId: '../charges/x' }))).rejects.toMatchObject({
      status: 400,
      code: 'invalid_checkout_session',
    });
    await expect(gateway.resume(visit('review'))).rejects.toMatchObject({ status: 404, code: 'amazon_pay_session_not_found' });
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fake.forced.push({ status: 500, body: { reasonCode: 'InternalServerError', message: 'boom' } });
    await expect(gateway.resume(visit('result'))).rejects.toMatchObject({
      status: 503,
      code: 'payment_provider_unavailable',
      retryAfterSeconds: 120,
    });
    log.mockRestore();
    fake.addSession(SESSION, { merchantReferenceId: 'txn_1', buyerAssociated: false });
    await expect(gateway.resume(visit('review'))).rejects.toMatchObject({ status: 409, code: 'amazon_pay_incomplete' });
    expect(fake.requests.filter((r) => r.path.includes('..'))).toEqual([]);
  });
});

describe('AmazonPayGateway.retrieve', () => {
  it('reads the checkout session: Open still with the buyer, Completed succeeded, Canceled failed', async () => {
    fake.addSession(SESSION, { merchantReferenceId: 'txn_1' });
    expect(await gateway.retrieve(SESSION, false)).toEqual({
      status: 'requires_action',
      paymentId: SESSION,
      action: {
        type: 'redirect',
        url: `http://127.0.0.1:3000/vogue/demo/credit-card/amazon-pay?attempt=txn_1&stage=review&amazonCheckoutSessionId=${SESSION}`,
      },
    });
    await gateway.resume(visit('review'));
    expect(await gateway.retrieve(SESSION, false)).toMatchObject({
      status: 'requires_action',
      action: { type: 'redirect', url: expect.stringMatching(/^https:\/\/payments\.amazon\.example\//) },
    });
    await gateway.resume(visit('result'));
    expect(await gateway.retrieve(SESSION, false)).toMatchObject({
      status: 'succeeded',
      paymentId: SESSION,
      instrument: { kind: 'amazon-pay', chargePermissionId: expect.stringMatching(/^S01-/) },
    });
    fake.sessions.get(SESSION)!.session.statusDetails = { state: 'Canceled', reasonCode: 'Expired', reasonDescription: null };
    expect(await gateway.retrieve(SESSION, false)).toEqual({ status: 'failed', paymentId: SESSION, code: 'wallet_declined' });
    expect(fake.requests.filter((r) => r.method === 'GET').every((r) => r.path === `/sandbox/v2/checkoutSessions/${SESSION}`)).toBe(true);
  });
});

describe('AmazonPayGateway.renew (Create Charge on the recurring charge permission)', () => {
  const PERMISSION = 'S01-7654321-7654321';
  let tries = 0;
  const renewal = (overrides: Partial<RenewalChargeRequest> = {}): RenewalChargeRequest => {
    tries += 1;
    return {
      instrument: { kind: 'amazon-pay', chargePermissionId: PERMISSION },
      amount: 1234,
      currencyCode: 'USD',
      idempotencyKey: `renewal:sub_aaaaaaaaaaaaaaaa:2026-12-01T00:00:00.000Z:${tries}`,
      livemode: false,
      description: 'Vogue: Vogue Digital (renewal)',
      customer: { email: 'ada@example.com' },
      metadata: { subscriptionId: 'sub_aaaaaaaaaaaaaaaa', transactionId: `txn_renewal_${tries}`, periodStart: '2026-12-01T00:00:00.000Z' },
      ...overrides,
    };
  };
  const creates = () => fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/charges'));

  it('captures the amount at once, as a decimal string, under a 32-character digest of the try key, and answers the charge id', async () => {
    fake.addChargePermission(PERMISSION);
    const request = renewal();
    const result = await gateway.renew(request);
    const [charge] = [...fake.charges.values()];
    expect(result).toEqual({ status: 'succeeded', paymentId: charge!.chargeId });
    expect(creates()).toHaveLength(1);
    const [sent] = creates();
    expect(sent).toMatchObject({ path: '/sandbox/v2/charges', signatureValid: true });
    expect(sent!.json).toEqual({
      chargePermissionId: PERMISSION,
      chargeAmount: { amount: '12.34', currencyCode: 'USD' },
      captureNow: true,
      canHandlePendingAuthorization: false,
      merchantMetadata: { merchantReferenceId: request.metadata.transactionId, noteToBuyer: 'Vogue: Vogue Digital (renewal)' },
    });
    expect(sent!.headers['x-amz-pay-idempotency-key']).toBe(renewalKey(request.idempotencyKey));
    expect(sent!.headers['x-amz-pay-idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    expect(renewalKey(request.idempotencyKey)).not.toBe(renewalKey(renewal().idempotencyKey));
  });

  it.each([
    [5, 'EUR', '0.05'],
    [100005, 'GBP', '1000.05'],
    [2500, 'CAD', '25.00'],
  ] as const)('writes %i minor units of %s as %s', async (amount, currencyCode, written) => {
    fake.addChargePermission(PERMISSION);
    await gateway.renew(renewal({ amount, currencyCode }));
    expect(creates()[0]!.json).toMatchObject({ chargeAmount: { amount: written, currencyCode } });
  });

  it('charges in the mode of the subscription, with its keys', async () => {
    fake.addChargePermission(PERMISSION);
    expect(await gateway.renew(renewal({ livemode: true }))).toMatchObject({ status: 'succeeded' });
    expect(creates()[0]!.path).toBe('/live/v2/charges');
  });

  it('charges once for the same request sent twice (a run killed before it recorded the answer)', async () => {
    fake.addChargePermission(PERMISSION);
    const request = renewal();
    const first = await gateway.renew(request);
    expect(await gateway.renew(request)).toEqual(first);
    expect(fake.charges.size).toBe(1);
    expect(creates()).toHaveLength(2);
  });

  it('fails a soft decline with processing_error, the permission still chargeable for a later try', async () => {
    fake.addChargePermission(PERMISSION, { outcome: 'soft_decline' });
    expect(await gateway.renew(renewal())).toEqual({ status: 'failed', paymentId: null, code: 'processing_error' });
    expect(fake.permissions.get(PERMISSION)!.statusDetails.state).toBe('Chargeable');
    expect(fake.charges.size).toBe(0);
  });

  it('fails a hard decline with wallet_declined, and so every later try on the permission Amazon made non-chargeable', async () => {
    fake.addChargePermission(PERMISSION, { outcome: 'hard_decline' });
    expect(await gateway.renew(renewal())).toEqual({ status: 'failed', paymentId: null, code: 'wallet_declined' });
    expect(await gateway.renew(renewal())).toEqual({ status: 'failed', paymentId: null, code: 'wallet_declined' });
    expect(fake.requests.at(-1)!.path).toBe('/sandbox/v2/charges');
  });

  it('fails with wallet_declined on a charge permission that is closed (the buyer ended it at Amazon)', async () => {
    fake.addChargePermission(PERMISSION, { state: 'Closed' });
    expect(await gateway.renew(renewal())).toEqual({ status: 'failed', paymentId: null, code: 'wallet_declined' });
  });

  it.each([
    ['SoftDeclined', 422, 'processing_error'],
    ['ProcessingFailure', 500, 'processing_error'],
    ['TransactionTimedOut', 422, 'processing_error'],
    ['HardDeclined', 422, 'wallet_declined'],
    ['PaymentMethodNotAllowed', 422, 'wallet_declined'],
    ['AmazonRejected', 422, 'wallet_declined'],
    ['MFANotCompleted', 422, 'wallet_declined'],
    ['InvalidChargePermissionStatus', 422, 'wallet_declined'],
    ['TransactionAmountExceeded', 400, 'wallet_declined'],
    ['TransactionCountExceeded', 422, 'wallet_declined'],
  ] as const)('maps a refusal %s (%i) to %s', async (reasonCode, status, code) => {
    fake.forced.push({ status, body: { reasonCode, message: 'x' } });
    expect(await gateway.renew(renewal())).toEqual({ status: 'failed', paymentId: null, code });
  });

  it.each([
    ['SoftDeclined', 'processing_error'],
    ['HardDeclined', 'wallet_declined'],
    ['AmazonRejected', 'wallet_declined'],
  ] as const)('maps a Charge answered Declined with %s to %s, naming the charge', async (reasonCode, code) => {
    fake.forced.push({
      status: 201,
      body: { chargeId: 'S01-1-C1', chargePermissionId: 'S01-1', statusDetails: { state: 'Declined', reasonCode } },
    });
    expect(await gateway.renew(renewal())).toEqual({ status: 'failed', paymentId: 'S01-1-C1', code });
  });

  it('reads a charge still on its way once more, and throws while it stays so (the engine asks again with the same key)', async () => {
    const pending = { chargeId: 'S01-1-C1', chargePermissionId: 'S01-1', statusDetails: { state: 'AuthorizationInitiated' } };
    const captured = { ...pending, statusDetails: { state: 'Captured' } };
    fake.forced.push({ status: 201, body: pending }, { status: 200, body: captured });
    expect(await gateway.renew(renewal())).toEqual({ status: 'succeeded', paymentId: 'S01-1-C1' });
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /sandbox/v2/charges', 'GET /sandbox/v2/charges/S01-1-C1']);
    fake.forced.push({ status: 201, body: pending }, { status: 200, body: pending });
    await expect(gateway.renew(renewal())).rejects.toThrow(/still AuthorizationInitiated/);
  });

  it('throws when Amazon is down, and the same key then charges once', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fake.addChargePermission(PERMISSION);
    const request = renewal();
    fake.forced.push({ status: 503, body: { reasonCode: 'ServiceUnavailable', message: 'later' } });
    await expect(gateway.renew(request)).rejects.toMatchObject({ status: 503, code: 'payment_provider_unavailable' });
    fake.forced.push({ status: 200, body: {}, delayMs: 500 });
    const slow = new AmazonPayGateway({ test: credentials('AGPTYXGL5VH6PZ2KBM2ALPQY', true) }, { retries: 0, timeoutMs: 50 });
    await expect(slow.renew(request)).rejects.toMatchObject({ status: 503, code: 'payment_provider_unavailable' });
    expect(await gateway.renew(request)).toMatchObject({ status: 'succeeded' });
    expect(await gateway.renew(request)).toMatchObject({ status: 'succeeded' });
    expect(fake.charges.size).toBe(1);
    log.mockRestore();
  });

  it('throws what Amazon refuses in our request itself (not a decline): ours to fix, not the subscriber’s', async () => {
    fake.forced.push({ status: 400, body: { reasonCode: 'InvalidParameterValue', message: 'chargeAmount is invalid' } });
    const error = await gateway.renew(renewal()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AmazonPayApiError);
    expect(error).toMatchObject({ status: 400, reasonCode: 'InvalidParameterValue' });
  });

  it.each<[string, RenewalInstrument]>([
    ['a card', { kind: 'stripe', customerId: 'cus_1', paymentMethodId: 'pm_1' }],
    ['PayPal', { kind: 'paypal', subscriptionId: 'I-1' }],
  ])('refuses %s instrument, and a zero amount, as programming errors, asking Amazon nothing', async (_what, instrument) => {
    await expect(gateway.renew(renewal({ instrument }))).rejects.toThrow(/cannot charge/);
    await expect(gateway.renew(renewal({ amount: 0 }))).rejects.toThrow(/positive/);
    expect(fake.requests).toEqual([]);
  });
});

describe('AmazonPayGateway.refund (Create Refund on the charge; Amazon refunds later)', () => {
  const CHARGE = 'S01-1234567-1234567-C00001';
  const refundRequest = (overrides: Partial<RefundRequest> = {}): RefundRequest => ({
    paymentId: SESSION,
    chargeId: CHARGE,
    kind: 'purchase',
    paidAt: '2026-11-01T00:00:00.000Z',
    amount: 1000,
    paidAmount: 2500,
    currencyCode: 'USD',
    livemode: false,
    idempotencyKey: 'refund:operator-1:txn_1',
    reason: 'customer care',
    metadata: { refundId: 're_1', transactionId: 'txn_1' },
    ...overrides,
  });
  const refundCalls = () => fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/refunds'));

  it('refunds the charge kept with the purchase: pending, then Refunded when read back', async () => {
    fake.addCharge(CHARGE, { amount: '25.00', currencyCode: 'USD' });
    const result = await gateway.refund(refundRequest());
    expect(result).toEqual({ status: 'pending', refundId: expect.stringMatching(/-R\d{5}$/) });
    const [sent] = refundCalls();
    expect(sent!.signatureValid).toBe(true);
    expect(sent!.path).toBe('/sandbox/v2/refunds');
    expect(sent!.json).toEqual({ chargeId: CHARGE, refundAmount: { amount: '10.00', currencyCode: 'USD' } });
    // A digest of our key, in Amazon's form: at most 32 characters of [A-Za-z0-9_-].
    expect(sent!.headers['x-amz-pay-idempotency-key']).toBe(providerRefundKey('refund:operator-1:txn_1'));
    expect(sent!.headers['x-amz-pay-idempotency-key']).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    const refundId = (result as { refundId: string }).refundId;
    expect(await gateway.refundStatus(refundId, false)).toEqual({ status: 'pending', refundId });
    fake.settleRefund(refundId, 'Refunded');
    expect(await gateway.refundStatus(refundId, false)).toEqual({ status: 'succeeded', refundId });
  });

  it('answers a repeat with the same key with the same refund: Amazon makes one', async () => {
    fake.addCharge(CHARGE, { amount: '25.00', currencyCode: 'USD' });
    const first = await gateway.refund(refundRequest());
    const again = await gateway.refund(refundRequest());
    expect(again).toEqual(first);
    expect(fake.refunds.size).toBe(1);
  });

  it('finds the charge in the checkout session when none was kept, and reports it to be kept', async () => {
    fake.addSession(SESSION, { merchantReferenceId: 'txn_1' });
    const session = fake.sessions.get(SESSION)!.session;
    session.statusDetails = { state: 'Completed', reasonCode: null, reasonDescription: null };
    session.chargeId = CHARGE;
    fake.addCharge(CHARGE, { amount: '25.00', currencyCode: 'USD' });
    const result = await gateway.refund(refundRequest({ chargeId: null }));
    expect(result).toMatchObject({ status: 'pending', chargeId: CHARGE });
  });

  it("refunds a renewal by its own charge (the renewal's payment id)", async () => {
    fake.addCharge('S01-7654321-7654321-C00009', { amount: '25.00', currencyCode: 'USD' });
    const result = await gateway.refund(refundRequest({ kind: 'renewal', paymentId: 'S01-7654321-7654321-C00009', chargeId: null }));
    expect(result.status).toBe('pending');
    expect(refundCalls()[0]!.json).toMatchObject({ chargeId: 'S01-7654321-7654321-C00009' });
  });

  it('refuses more than is left of the charge; a refund Amazon declines later is failed when read back', async () => {
    fake.addCharge(CHARGE, { amount: '25.00', currencyCode: 'USD' });
    expect(await gateway.refund(refundRequest({ amount: 2600, idempotencyKey: 'too-much' }))).toMatchObject({
      status: 'failed',
      code: 'amount_too_large',
    });
    const pending = await gateway.refund(refundRequest());
    const refundId = (pending as { refundId: string }).refundId;
    fake.settleRefund(refundId, 'Declined');
    expect(await gateway.refundStatus(refundId, false)).toMatchObject({ status: 'failed', refundId, code: 'refused' });
  });

  it('throws when Amazon is out of reach: whether it refunded is unknown', async () => {
    fake.addCharge(CHARGE, { amount: '25.00', currencyCode: 'USD' });
    fake.forced.push({ status: 503, body: { reasonCode: 'ServiceUnavailable', message: 'down' } });
    await expect(gateway.refund(refundRequest())).rejects.toThrow();
  });

  it('keeps the charge a completed checkout took, for its refunds', async () => {
    fake.addSession(SESSION, { merchantReferenceId: 'txn_1' });
    await gateway.resume(visit('review'));
    const result = await gateway.resume(visit('result'));
    expect(result).toMatchObject({ status: 'succeeded', paymentId: SESSION, chargeId: expect.stringMatching(/-C\d{5}$/) });
  });
});
