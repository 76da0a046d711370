import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AmazonPayApiError, AmazonPayClient, amazonPayPathPrefix, type AmazonPayClientOptions } from './amazonPayClient';
import type { AmazonPayCredentials } from './amazonPayTypes';
import { startFakeAmazonPay, type FakeAmazonPay } from './fakeAmazonPay';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const now = () => new Date('2026-11-21T12:00:00Z');

let fake: FakeAmazonPay;
beforeAll(async () => {
  fake = await startFakeAmazonPay(publicKey);
});
afterAll(async () => fake.close());
beforeEach(() => fake.reset());

const credentials = (overrides: Partial<AmazonPayCredentials> = {}): AmazonPayCredentials => ({
  merchantId: 'A2BCDEFGHIJ3KL',
  storeId: 'amzn1.application-oa2-client.0123456789abcdef0123456789abcdef',
  publicKeyId: 'AGPTYXGL5VH6PZ2KBM2ALPQY',
  privateKey: pem,
  region: 'na',
  baseUrl: fake.baseUrl,
  sandbox: true,
  ...overrides,
});
const client = (overrides: Partial<AmazonPayCredentials> = {}, options: AmazonPayClientOptions = {}) =>
  new AmazonPayClient(credentials(overrides), { now, sleep: async () => {}, ...options });

describe('AmazonPayClient', () => {
  it('GETs a checkout session under /sandbox/v2 with signed Amazon Pay headers', async () => {
    fake.addSession('4d7aa444-7c22-4fa0-89c7-4cc6b3ca53ce', { merchantReferenceId: 'txn_1' });
    const session = await client().getCheckoutSession('4d7aa444-7c22-4fa0-89c7-4cc6b3ca53ce');
    expect(session).toMatchObject({ checkoutSessionId: '4d7aa444-7c22-4fa0-89c7-4cc6b3ca53ce', statusDetails: { state: 'Open' } });
    expect(fake.requests).toHaveLength(1);
    const [sent] = fake.requests;
    expect(sent).toMatchObject({
      method: 'GET',
      path: '/sandbox/v2/checkoutSessions/4d7aa444-7c22-4fa0-89c7-4cc6b3ca53ce',
      body: '',
      signatureValid: true,
    });
    expect(sent!.headers).toMatchObject({
      'x-amz-pay-date': '20261121T120000Z',
      'x-amz-pay-host': fake.host,
      'x-amz-pay-region': 'na',
      accept: 'application/json',
      'content-type': 'application/json',
    });
    expect(sent!.headers.authorization).toMatch(
      /^AMZN-PAY-RSASSA-PSS-V2 PublicKeyId=AGPTYXGL5VH6PZ2KBM2ALPQY, SignedHeaders=accept;content-type;x-amz-pay-date;x-amz-pay-host;x-amz-pay-region, Signature=/,
    );
    expect(sent!.headers['x-amz-pay-idempotency-key']).toBeUndefined();
  });

  it('PATCHes and POSTs the exact JSON it signed; only POST carries the idempotency key', async () => {
    fake.addSession('s-1', { merchantReferenceId: 'txn_1' });
    const c = client();
    await c.updateCheckoutSession('s-1', {
      webCheckoutDetails: { checkoutResultReturnUrl: 'https://shop.example/r' },
      paymentDetails: {
        paymentIntent: 'AuthorizeWithCapture',
        canHandlePendingAuthorization: false,
        chargeAmount: { amount: '25.00', currencyCode: 'USD' },
      },
      merchantMetadata: { merchantReferenceId: 'txn_1' },
    });
    const completed = await c.completeCheckoutSession('s-1', { chargeAmount: { amount: '25.00', currencyCode: 'USD' } }, 'key-1');
    expect(completed.statusDetails.state).toBe('Completed');
    const [patch, post] = fake.requests;
    expect(patch).toMatchObject({ method: 'PATCH', path: '/sandbox/v2/checkoutSessions/s-1', signatureValid: true });
    expect(patch!.headers['x-amz-pay-idempotency-key']).toBeUndefined();
    expect(post).toMatchObject({
      method: 'POST',
      path: '/sandbox/v2/checkoutSessions/s-1/complete',
      signatureValid: true,
      json: { chargeAmount: { amount: '25.00', currencyCode: 'USD' } },
    });
    expect(post!.headers['x-amz-pay-idempotency-key']).toBe('key-1');
    expect(post!.headers.authorization).toContain(
      'SignedHeaders=accept;content-type;x-amz-pay-date;x-amz-pay-host;x-amz-pay-idempotency-key;x-amz-pay-region,',
    );
  });

  it('POSTs Create Charge to /charges with the exact JSON it signed and the idempotency key, and reads the Charge back', async () => {
    fake.addChargePermission('S01-1234567-1234567');
    const body = {
      chargePermissionId: 'S01-1234567-1234567',
      chargeAmount: { amount: '12.34', currencyCode: 'EUR' },
      captureNow: true as const,
      canHandlePendingAuthorization: false as const,
      merchantMetadata: { merchantReferenceId: 'txn_r1', noteToBuyer: 'Vogue: Vogue Digital' },
    };
    const charge = await client().createCharge(body, 'renewal-key-1');
    expect(charge).toEqual({
      chargeId: expect.stringMatching(/^S01-1234567-1234567-C/),
      chargePermissionId: 'S01-1234567-1234567',
      chargeAmount: { amount: '12.34', currencyCode: 'EUR' },
      statusDetails: { state: 'Captured', reasonCode: null, reasonDescription: null },
    });
    const [post] = fake.requests;
    expect(post).toMatchObject({ method: 'POST', path: '/sandbox/v2/charges', signatureValid: true, json: body });
    expect(post!.body).toBe(JSON.stringify(body));
    expect(post!.headers['x-amz-pay-idempotency-key']).toBe('renewal-key-1');
    // The same key again: Amazon's first answer, no second charge.
    expect(await client().createCharge(body, 'renewal-key-1')).toEqual(charge);
    expect(fake.charges.size).toBe(1);
  });

  it("throws Amazon's refusal of a charge with its reasonCode (a decline is an error, not a Charge)", async () => {
    fake.addChargePermission('S01-1', { outcome: 'soft_decline' });
    const body = {
      chargePermissionId: 'S01-1',
      chargeAmount: { amount: '25.00', currencyCode: 'USD' },
      captureNow: true as const,
      canHandlePendingAuthorization: false as const,
      merchantMetadata: { merchantReferenceId: 'txn_r1' },
    };
    await expect(client().createCharge(body, 'k-1')).rejects.toMatchObject({ status: 422, reasonCode: 'SoftDeclined' });
    expect(fake.requests).toHaveLength(1); // a 422 is not retried
  });

  it('addresses live keys under /live/v2 and environment-specific keys (LIVE-…, SANDBOX-…) under /v2', async () => {
    expect(amazonPayPathPrefix({ publicKeyId: 'AGPTYXGL5VH6PZ2KBM2ALPQY', sandbox: true })).toBe('/sandbox/v2');
    expect(amazonPayPathPrefix({ publicKeyId: 'AGPTYXGL5VH6PZ2KBM2ALPQY', sandbox: false })).toBe('/live/v2');
    expect(amazonPayPathPrefix({ publicKeyId: 'SANDBOX-AFVX7ULWSGBZ5535PCUQOY7B', sandbox: true })).toBe('/v2');
    await expect(client({ sandbox: false }).getCharge('S01-1-C1')).rejects.toMatchObject({ status: 404 });
    await expect(client({ publicKeyId: 'SANDBOX-AFVX7ULWSGBZ5535PCUQOY7B' }).getChargePermission('S01-1')).rejects.toMatchObject({
      status: 404,
    });
    expect(fake.requests.map((r) => r.path)).toEqual(['/live/v2/charges/S01-1-C1', '/v2/chargePermissions/S01-1']);
    expect(fake.requests.every((r) => r.signatureValid)).toBe(true);
  });

  it('refuses a key whose environment prefix contradicts the mode', () => {
    expect(() => client({ publicKeyId: 'LIVE-AFVX7ULWSGBZ5535PCUQOY7B', sandbox: true })).toThrow(/live environment/);
    expect(() => client({ publicKeyId: 'SANDBOX-AFVX7ULWSGBZ5535PCUQOY7B', sandbox: false })).toThrow(/sandbox environment/);
  });

  it("turns a refusal into an AmazonPayApiError with Amazon's status, reasonCode and message, without retrying it", async () => {
    fake.forced.push({ status: 400, body: { reasonCode: 'InvalidParameterValue', message: 'chargeAmount is invalid' } });
    const error = await client()
      .getCheckoutSession('s-1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AmazonPayApiError);
    expect(error).toMatchObject({ status: 400, reasonCode: 'InvalidParameterValue' });
    expect((error as Error).message).toContain('chargeAmount is invalid');
    expect(fake.requests).toHaveLength(1);
  });

  it('retries what Amazon asks to retry (5xx, 429), signing each attempt afresh', async () => {
    fake.addSession('s-1', { merchantReferenceId: 'txn_1' });
    fake.forced.push(
      { status: 503, body: { reasonCode: 'ServiceUnavailable', message: 'later' } },
      { status: 429, body: { reasonCode: 'TooManyRequests', message: 'slow down' } },
    );
    expect((await client().getCheckoutSession('s-1')).checkoutSessionId).toBe('s-1');
    expect(fake.requests).toHaveLength(3);
    expect(new Set(fake.requests.map((r) => r.headers.authorization)).size).toBe(3);
    fake.forced.push({ status: 500, body: 'oops' }, { status: 500, body: 'oops' });
    await expect(client({}, { retries: 1 }).getCheckoutSession('s-1')).rejects.toMatchObject({ status: 500, reasonCode: 'HTTP500' });
  });

  it('gives up on a request Amazon does not answer in time', async () => {
    fake.forced.push({ status: 200, body: {}, delayMs: 500 });
    await expect(client({}, { timeoutMs: 50, retries: 0 }).getCheckoutSession('s-1')).rejects.toMatchObject({
      status: 0,
      reasonCode: 'RequestTimeout',
    });
  });

  it('refuses a body that is not what Amazon documents', async () => {
    fake.forced.push({ status: 200, body: { hello: 'world' } });
    await expect(client().getCharge('S01-1-C1')).rejects.toMatchObject({ reasonCode: 'UnexpectedResponse' });
  });
});
