import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, sign, verify, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import type { Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyGatewayEvent } from '@/lib/server/checkout/reconcile';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import type { Database } from '@/lib/server/db/schema';
import type { GatewayEvent } from '@/lib/server/payments/PaymentGateway';
import { testDb } from '@/tests/fixtures/testDb';
import { startFakePayPal, type FakePayPal } from './fakePayPalServer';
import { makeFakeWebhookCertificates, type FakeWebhookCertificates } from './fakeWebhookCertificates';
import { handlePayPalWebhook, type PayPalWebhookDeps } from './paypalWebhook';
import {
  cachingCertificateFetcher,
  downloadCertificate,
  signedMessage,
  trustedCertUrl,
  WEBHOOK_TOLERANCE_MS,
} from './paypalWebhookSignature';

/*
 * The signing certificates: node:crypto makes key pairs but not X.509 certificates, so
 * fakeWebhookCertificates makes throwaway chains (a test root, an intermediate, a signing
 * certificate in PayPal's name) with the openssl command line. Each plays PayPal's chain of
 * one mode, served by the injected fetcher at that mode's PayPal URL; its root is handed to
 * the verifier as the mode's test trust anchor, as no deployment can.
 */
let sandbox: FakeWebhookCertificates;
let live: FakeWebhookCertificates;
let sandboxRoot: X509Certificate;
let liveRoot: X509Certificate;
beforeAll(() => {
  sandbox = makeFakeWebhookCertificates();
  live = makeFakeWebhookCertificates({ commonName: 'messageverificationcerts.paypal.com' });
  sandboxRoot = new X509Certificate(sandbox.authority);
  liveRoot = new X509Certificate(live.authority);
});

const WEBHOOK_TEST = '8PT597110X687430LKGECATA';
const WEBHOOK_LIVE = '1JE4291016473214C';
const CERT_URL = 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77';
const LIVE_CERT_URL = 'https://api.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-bf3d2b01';
// Close to the real clock: the test certificates are valid from the moment they were made, for two days.
const NOW = new Date(Date.now() + 60_000);

let fetched: string[];
let applied: GatewayEvent[];
let applyAnswer: 'applied' | 'duplicate' | 'unmatched';
let deps: PayPalWebhookDeps;
beforeEach(() => {
  fetched = [];
  applied = [];
  applyAnswer = 'applied';
  deps = {
    webhookIds: { live: WEBHOOK_LIVE, test: WEBHOOK_TEST },
    fetchCertificate: async (url) => {
      fetched.push(url);
      return url.startsWith('https://api.paypal.com/') ? live.chain : sandbox.chain;
    },
    now: () => NOW,
    apply: async (event) => {
      applied.push(event);
      return applyAnswer;
    },
    testTrustAnchors: { test: [sandboxRoot], live: [liveRoot] },
  };
});

let n = 0;
/** A delivery as PayPal sends it: the raw body and the five signature headers (the live webhook's signed with the live chain). */
function delivery(
  event: object,
  options: { webhookId?: string; sentAt?: Date; certUrl?: string; algo?: string; signingKey?: string } = {},
) {
  n += 1;
  const isLive = options.webhookId === WEBHOOK_LIVE;
  const body = Buffer.from(JSON.stringify(event));
  const transmission = { id: `b2384410-${n}-11ea-9a1f-6b5e5e3f7a0d`, time: (options.sentAt ?? NOW).toISOString() };
  const message = `${transmission.id}|${transmission.time}|${options.webhookId ?? WEBHOOK_TEST}|${crc32(body)}`;
  const signature = sign('sha256', Buffer.from(message), options.signingKey ?? (isLive ? live : sandbox).signingKey).toString('base64');
  return {
    body,
    message,
    signature,
    headers: {
      'paypal-transmission-id': transmission.id,
      'paypal-transmission-time': transmission.time,
      'paypal-transmission-sig': signature,
      'paypal-cert-url': options.certUrl ?? (isLive ? LIVE_CERT_URL : CERT_URL),
      'paypal-auth-algo': options.algo ?? 'SHA256withRSA',
      'content-type': 'application/json',
    } as Record<string, string>,
  };
}

const captureCompleted = (id = 'WH-58D329510W468432D-8HN650336L201105X') => ({
  id,
  event_version: '1.0',
  create_time: NOW.toISOString(),
  resource_type: 'capture',
  event_type: 'PAYMENT.CAPTURE.COMPLETED',
  summary: 'Payment completed for $ 25.0 USD',
  resource: {
    id: '42311647XV020574X',
    status: 'COMPLETED',
    amount: { currency_code: 'USD', value: '25.00' },
    custom_id: 'txn_1',
    supplementary_data: { related_ids: { order_id: '5O190127TN364715T' } },
  },
});

describe('handlePayPalWebhook: the signature', () => {
  it('accepts a delivery signed for the test webhook, and applies its event', async () => {
    const { body, headers, message, signature } = delivery(captureCompleted());
    // The fixture itself is a valid RSA-SHA256 signature of PayPal's message format under the certificate's key.
    expect(message).toBe(
      signedMessage({ id: headers['paypal-transmission-id']!, time: headers['paypal-transmission-time']! }, WEBHOOK_TEST, body),
    );
    expect(verify('sha256', Buffer.from(message), new X509Certificate(sandbox.chain).publicKey, Buffer.from(signature, 'base64'))).toBe(
      true,
    );

    expect(await handlePayPalWebhook(deps, headers, body)).toEqual({ received: true, outcome: 'applied' });
    expect(fetched).toEqual([CERT_URL]);
    expect(applied).toEqual([
      {
        id: 'WH-58D329510W468432D-8HN650336L201105X',
        gateway: 'paypal',
        type: 'payment.succeeded',
        paymentId: '5O190127TN364715T',
        transactionId: 'txn_1',
        livemode: false,
      },
    ]);
  });

  it('accepts a delivery signed for the live webhook, and headers given as a Fetch Headers object', async () => {
    const { body, headers } = delivery(captureCompleted(), { webhookId: WEBHOOK_LIVE });
    expect((await handlePayPalWebhook(deps, new Headers(headers), body)).outcome).toBe('applied');
    expect(fetched).toEqual([LIVE_CERT_URL]);
    expect(applied).toEqual([expect.objectContaining({ type: 'payment.succeeded', livemode: true })]);
  });

  it('passes on what applying the event answered (a redelivery is a duplicate)', async () => {
    const { body, headers } = delivery(captureCompleted());
    applyAnswer = 'duplicate';
    expect(await handlePayPalWebhook(deps, headers, body)).toEqual({ received: true, outcome: 'duplicate' });
    applyAnswer = 'unmatched';
    expect(await handlePayPalWebhook(deps, headers, body)).toEqual({ received: true, outcome: 'unmatched' });
  });

  it('refuses a body changed after signing', async () => {
    const { body, headers } = delivery({ ...captureCompleted(), event_type: 'PAYMENT.CAPTURE.DENIED' });
    const tampered = Buffer.from(body.toString().replace('PAYMENT.CAPTURE.DENIED', 'PAYMENT.CAPTURE.COMPLETED'));
    await expect(handlePayPalWebhook(deps, headers, tampered)).rejects.toMatchObject({ status: 400, code: 'invalid_signature' });
    expect(applied).toEqual([]);
  });

  it('refuses a delivery signed for a webhook that is not ours', async () => {
    const { body, headers } = delivery(captureCompleted(), { webhookId: 'SOMEONE-ELSES-WEBHOOK' });
    await expect(handlePayPalWebhook(deps, headers, body)).rejects.toMatchObject({ status: 400, code: 'invalid_signature' });
  });

  it('refuses a signature made with another key', async () => {
    const { body, headers } = delivery(captureCompleted());
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    headers['paypal-transmission-sig'] = sign('sha256', Buffer.from('anything'), privateKey).toString('base64');
    await expect(handlePayPalWebhook(deps, headers, body)).rejects.toMatchObject({ status: 400, code: 'invalid_signature' });
  });

  it.each([
    ['another host', 'https://evil.example.com/v1/notifications/certs/CERT-1'],
    ['a host that only starts like PayPal’s', 'https://api.paypal.com.evil.example.com/cert.pem'],
    ['a host that only ends like PayPal’s', 'https://notpaypal.com/cert.pem'],
    ['plain http', 'http://api.sandbox.paypal.com/v1/notifications/certs/CERT-1'],
    ['another port', 'https://api.paypal.com:8443/v1/notifications/certs/CERT-1'],
    ['credentials in the URL', 'https://evil@api.paypal.com/v1/notifications/certs/CERT-1'],
    ['not a URL', 'api.paypal.com/cert'],
    ['another PayPal host', 'https://www.paypal.com/v1/notifications/certs/CERT-1'],
    ['PayPal’s REST host', 'https://api-m.paypal.com/v1/notifications/certs/CERT-1'],
    ['a host named like the certificate', 'https://messageverificationcerts.paypal.com/v1/notifications/certs/CERT-1'],
    ['a path outside the certificates', 'https://api.paypal.com/v1/oauth2/token'],
    ['a path climbing out of them', 'https://api.sandbox.paypal.com/v1/notifications/certs/../../oauth2/token'],
    ['a query', 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-1?redirect=https://evil.example.com'],
  ])('refuses a certificate URL on %s without fetching it', async (_name, certUrl) => {
    const { body, headers } = delivery(captureCompleted(), { certUrl });
    await expect(handlePayPalWebhook(deps, headers, body)).rejects.toMatchObject({ status: 400, code: 'untrusted_certificate' });
    expect(fetched).toEqual([]);
    expect(applied).toEqual([]);
  });

  it.each([
    ['https://api.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-bf3d2b01', 'live'],
    ['https://api.sandbox.paypal.com/v1/notifications/certs/CERT-1', 'test'],
  ])('trusts the PayPal certificate URL %s, for %s mode', (url, mode) => {
    expect(trustedCertUrl(url)).toEqual({ url: new URL(url), mode });
  });

  it('refuses a delivery signed more than 5 minutes ago (or ahead) without fetching anything', async () => {
    const stale = delivery(captureCompleted(), { sentAt: new Date(NOW.getTime() - WEBHOOK_TOLERANCE_MS - 1000) });
    await expect(handlePayPalWebhook(deps, stale.headers, stale.body)).rejects.toMatchObject({ status: 400, code: 'stale_transmission' });
    const ahead = delivery(captureCompleted(), { sentAt: new Date(NOW.getTime() + WEBHOOK_TOLERANCE_MS + 1000) });
    await expect(handlePayPalWebhook(deps, ahead.headers, ahead.body)).rejects.toMatchObject({ status: 400, code: 'stale_transmission' });
    expect(fetched).toEqual([]);

    const recent = delivery(captureCompleted(), { sentAt: new Date(NOW.getTime() - WEBHOOK_TOLERANCE_MS + 1000) });
    expect((await handlePayPalWebhook(deps, recent.headers, recent.body)).outcome).toBe('applied');
  });

  it('refuses a delivery without its signature headers, naming them', async () => {
    const { body, headers } = delivery(captureCompleted());
    delete headers['paypal-transmission-sig'];
    delete headers['paypal-cert-url'];
    await expect(handlePayPalWebhook(deps, headers, body)).rejects.toMatchObject({
      status: 400,
      code: 'missing_signature',
      message: expect.stringContaining('PAYPAL-TRANSMISSION-SIG, PAYPAL-CERT-URL'),
    });
  });

  it('refuses an algorithm other than SHA256withRSA', async () => {
    const { body, headers } = delivery(captureCompleted(), { algo: 'SHA1withRSA' });
    await expect(handlePayPalWebhook(deps, headers, body)).rejects.toMatchObject({ status: 400, code: 'invalid_signature' });
    expect(fetched).toEqual([]);
  });

  it('refuses a certificate that has expired', async () => {
    const later = new Date(NOW.getTime() + 3 * 24 * 3600_000);
    const { body, headers } = delivery(captureCompleted(), { sentAt: later });
    await expect(handlePayPalWebhook({ ...deps, now: () => later }, headers, body)).rejects.toMatchObject({
      status: 400,
      code: 'untrusted_certificate',
    });
  });

  it('answers 503 when the certificate cannot be downloaded, and 400 when it is not a certificate', async () => {
    const { body, headers } = delivery(captureCompleted());
    const unreachable: PayPalWebhookDeps = { ...deps, fetchCertificate: () => Promise.reject(new Error('ECONNRESET')) };
    await expect(handlePayPalWebhook(unreachable, headers, body)).rejects.toMatchObject({ status: 503, code: 'certificate_unavailable' });
    const garbage: PayPalWebhookDeps = { ...deps, fetchCertificate: async () => '<html>not a certificate</html>' };
    await expect(handlePayPalWebhook(garbage, headers, body)).rejects.toMatchObject({ status: 400, code: 'invalid_certificate' });
  });

  it('refuses a signed body that is not an event', async () => {
    const notJson = delivery(captureCompleted());
    const body = Buffer.from('{not json');
    const resigned = {
      ...notJson.headers,
      'paypal-transmission-sig': sign(
        'sha256',
        Buffer.from(
          `${notJson.headers['paypal-transmission-id']}|${notJson.headers['paypal-transmission-time']}|${WEBHOOK_TEST}|${crc32(body)}`,
        ),
        sandbox.signingKey,
      ).toString('base64'),
    };
    await expect(handlePayPalWebhook(deps, resigned, body)).rejects.toMatchObject({ status: 400, code: 'invalid_payload' });

    const noType = delivery({ id: 'WH-1', resource: {} });
    await expect(handlePayPalWebhook(deps, noType.headers, noType.body)).rejects.toMatchObject({ status: 400, code: 'invalid_payload' });
  });

  it('is unavailable (503) when no webhook id is configured', async () => {
    const { body, headers } = delivery(captureCompleted());
    await expect(handlePayPalWebhook({ ...deps, webhookIds: {} }, headers, body)).rejects.toMatchObject({ status: 503 });
  });
});

describe('handlePayPalWebhook: whose certificate (finding 7: a key of the sender’s own in PayPal’s name)', () => {
  const refused = { status: 400, code: 'untrusted_certificate' };

  it('refuses a certificate self-signed in PayPal’s name', async () => {
    const selfSigned = makeSelfSigned('messageverificationcerts.sandbox.paypal.com');
    const { body, headers } = delivery(captureCompleted(), { signingKey: selfSigned.key });
    const forged: PayPalWebhookDeps = { ...deps, fetchCertificate: async () => selfSigned.cert };
    await expect(handlePayPalWebhook(forged, headers, body)).rejects.toMatchObject({
      ...refused,
      message: expect.stringContaining('not issued by a trusted certificate authority'),
    });
    expect(applied).toEqual([]);
  });

  it('refuses a chain whose root is not trusted, or that lacks its intermediate', async () => {
    const { body, headers } = delivery(captureCompleted());
    await expect(handlePayPalWebhook({ ...deps, testTrustAnchors: {} }, headers, body)).rejects.toMatchObject(refused);
    const leafOnly: PayPalWebhookDeps = {
      ...deps,
      fetchCertificate: async () => sandbox.chain.split(/(?<=-----END CERTIFICATE-----\n)/)[0]!,
    };
    await expect(handlePayPalWebhook(leafOnly, headers, body)).rejects.toMatchObject(refused);
    expect(applied).toEqual([]);
  });

  it('takes the chain with its root served too', async () => {
    const { body, headers } = delivery(captureCompleted());
    const withRoot: PayPalWebhookDeps = { ...deps, fetchCertificate: async () => sandbox.chain + sandbox.authority };
    expect((await handlePayPalWebhook(withRoot, headers, body)).outcome).toBe('applied');
  });

  it('refuses a trusted chain issued to another name', async () => {
    const other = makeFakeWebhookCertificates({ commonName: 'www.paypal.com' });
    const { body, headers } = delivery(captureCompleted(), { signingKey: other.signingKey });
    const misnamed: PayPalWebhookDeps = {
      ...deps,
      fetchCertificate: async () => other.chain,
      testTrustAnchors: { test: [new X509Certificate(other.authority)] },
    };
    await expect(handlePayPalWebhook(misnamed, headers, body)).rejects.toMatchObject({
      ...refused,
      message: expect.stringContaining('not issued to messageverificationcerts.sandbox.paypal.com'),
    });
  });

  it('refuses a chain whose intermediate has expired', async () => {
    const shortLived = makeFakeWebhookCertificates({ intermediateDays: 1, leafDays: 3 });
    const later = new Date(NOW.getTime() + 36 * 3600_000);
    const { body, headers } = delivery(captureCompleted(), { sentAt: later, signingKey: shortLived.signingKey });
    const expired: PayPalWebhookDeps = {
      ...deps,
      now: () => later,
      fetchCertificate: async () => shortLived.chain,
      testTrustAnchors: { test: [new X509Certificate(shortLived.authority)] },
    };
    await expect(handlePayPalWebhook(expired, headers, body)).rejects.toMatchObject({
      ...refused,
      message: expect.stringContaining('Fake PayPal Test Intermediate is not valid'),
    });
  });

  it('trusts a test authority for its own mode only, and never in a production process', async () => {
    const liveDelivery = delivery(captureCompleted(), { webhookId: WEBHOOK_LIVE });
    const sandboxOnly: PayPalWebhookDeps = { ...deps, testTrustAnchors: { test: [liveRoot, sandboxRoot] } };
    await expect(handlePayPalWebhook(sandboxOnly, liveDelivery.headers, liveDelivery.body)).rejects.toMatchObject(refused);

    const { body, headers } = delivery(captureCompleted());
    vi.stubEnv('NODE_ENV', 'production');
    try {
      await expect(handlePayPalWebhook(deps, headers, body)).rejects.toMatchObject(refused);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('refuses, without fetching anything, a certificate of a mode whose webhook is not configured', async () => {
    const { body, headers } = delivery(captureCompleted());
    await expect(handlePayPalWebhook({ ...deps, webhookIds: { live: WEBHOOK_LIVE } }, headers, body)).rejects.toMatchObject({
      status: 400,
      code: 'unknown_webhook',
    });
    expect(fetched).toEqual([]);
  });

  it('checks a live certificate against the live webhook id only: a test delivery cannot pass as live', async () => {
    const { body, headers } = delivery(captureCompleted(), { certUrl: LIVE_CERT_URL, signingKey: live.signingKey });
    await expect(handlePayPalWebhook(deps, headers, body)).rejects.toMatchObject({ status: 400, code: 'invalid_signature' });
    expect(applied).toEqual([]);
  });

  it('refuses a body that is not an event before fetching anything', async () => {
    const { headers } = delivery(captureCompleted());
    await expect(handlePayPalWebhook(deps, headers, Buffer.from('{not json'))).rejects.toMatchObject({
      status: 400,
      code: 'invalid_payload',
    });
    expect(fetched).toEqual([]);
  });
});

describe('the local fake PayPal signs webhooks with a chain only a test trusts', () => {
  let fake: FakePayPal;
  beforeAll(async () => {
    fake = await startFakePayPal();
  });
  afterAll(() => fake.close());

  it('is accepted with its test root handed over, and refused without it', async () => {
    const { body, headers } = fake.signWebhook(captureCompleted('WH-FAKE-1'), WEBHOOK_TEST, NOW);
    const fromFake: PayPalWebhookDeps = {
      ...deps,
      fetchCertificate: cachingCertificateFetcher(fake.certificateFetcher),
      testTrustAnchors: { test: [fake.webhookAuthority()] },
    };
    expect(await handlePayPalWebhook(fromFake, headers, body)).toEqual({ received: true, outcome: 'applied' });
    expect(applied).toEqual([expect.objectContaining({ id: 'WH-FAKE-1', livemode: false })]);
    await expect(handlePayPalWebhook({ ...fromFake, testTrustAnchors: {} }, headers, body)).rejects.toMatchObject({
      status: 400,
      code: 'untrusted_certificate',
    });
    expect(fake.requests.filter((request) => request.path.startsWith('/v1/notifications/certs/'))).toHaveLength(1);
  });
});

describe('the live/test rule, as for Stripe: a live webhook never moves a test order', () => {
  let db: Kysely<Database>;
  beforeEach(async () => {
    db = await testDb();
    const transactions = new TransactionRepository(db, () => NOW);
    await transactions.create({
      id: 'txn_1',
      receiptTokenHash: 'x',
      campaignId: 'vogue-demo-single',
      brandSlug: 'vogue',
      order: {
        offer: {
          id: '1001',
          uuid: 'u',
          name: 'Vogue Digital',
          description: 'd',
          billingInterval: 'year',
          trialOffer: false,
          trialDays: null,
          isPrintOffer: false,
          renewalAmount: 2500,
        },
        lines: [],
        taxRate: { rate: 0, inclusive: false, components: [{ kind: 'tax', rate: 0 }] },
        payment: { method: 'paypal' },
      },
      couponCode: null,
      gateway: 'paypal',
      livemode: false,
      source: null,
      customer: { email: 'a@example.com', firstName: 'A', lastName: 'B', country: 'GB' },
      autoRenewalConsent: null,
      currencyCode: 'USD',
      subtotal: 2500,
      discount: 0,
      tax: 0,
      total: 2500,
    });
    await transactions.markRequiresAction('txn_1', '5O190127TN364715T');
  });
  afterEach(async () => db.destroy());

  it('a live delivery about a test order is unmatched and changes nothing; the test webhook’s applies', async () => {
    const onDb: PayPalWebhookDeps = { ...deps, apply: (event) => applyGatewayEvent(db, event, () => NOW) };
    const status = async () =>
      (await db.selectFrom('transactions').select('status').where('id', '=', 'txn_1').executeTakeFirstOrThrow()).status;
    const liveDelivery = delivery(captureCompleted('WH-LIVE-1'), { webhookId: WEBHOOK_LIVE });
    expect(await handlePayPalWebhook(onDb, liveDelivery.headers, liveDelivery.body)).toEqual({ received: true, outcome: 'unmatched' });
    expect(await status()).toBe('requires_action');
    expect(await db.selectFrom('gateway_events').selectAll().execute()).toEqual([]);
    const testDelivery = delivery(captureCompleted('WH-TEST-1'));
    expect(await handlePayPalWebhook(onDb, testDelivery.headers, testDelivery.body)).toEqual({ received: true, outcome: 'applied' });
    expect(await status()).toBe('succeeded');
  });
});

/** A certificate self-signed in `commonName`, as a forger makes one, and its key. */
function makeSelfSigned(commonName: string): { cert: string; key: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'paypal-self-signed-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-sha256',
        '-days',
        '2',
        '-subj',
        `/CN=${commonName}`,
        '-keyout',
        'key.pem',
        '-out',
        'cert.pem',
      ],
      { cwd: dir, stdio: 'pipe' },
    );
    return { cert: readFileSync(path.join(dir, 'cert.pem'), 'utf8'), key: readFileSync(path.join(dir, 'key.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('handlePayPalWebhook: events', () => {
  const order = { supplementary_data: { related_ids: { order_id: '5O190127TN364715T' } } };
  const subscription = { id: 'I-BW452GLLEP1G', status: 'ACTIVE', custom_id: 'txn_2', plan_id: 'P-5ML4271244454362WXNWU5NQ' };
  const base = { id: 'WH-EVENT-1', gateway: 'paypal', livemode: false };

  it.each([
    [
      'PAYMENT.CAPTURE.COMPLETED',
      { id: 'CAP1', custom_id: 'txn_1', ...order },
      { ...base, type: 'payment.succeeded', paymentId: '5O190127TN364715T', transactionId: 'txn_1' },
    ],
    [
      'PAYMENT.CAPTURE.DENIED',
      { id: 'CAP1', custom_id: 'txn_1', ...order },
      { ...base, type: 'payment.failed', paymentId: '5O190127TN364715T', transactionId: 'txn_1', failureCode: 'wallet_declined' },
    ],
    [
      'PAYMENT.CAPTURE.DECLINED',
      { id: 'CAP1', ...order },
      { ...base, type: 'payment.failed', paymentId: '5O190127TN364715T', failureCode: 'wallet_declined' },
    ],
    [
      'BILLING.SUBSCRIPTION.ACTIVATED',
      subscription,
      { ...base, type: 'payment.succeeded', paymentId: 'I-BW452GLLEP1G', transactionId: 'txn_2' },
    ],
    [
      'BILLING.SUBSCRIPTION.CANCELLED',
      subscription,
      {
        ...base,
        type: 'payment.failed',
        paymentId: 'I-BW452GLLEP1G',
        transactionId: 'txn_2',
        failureCode: 'cancelled',
        renewal: { kind: 'cancelled' },
      },
    ],
    [
      'BILLING.SUBSCRIPTION.EXPIRED',
      subscription,
      { ...base, type: 'payment.failed', paymentId: 'I-BW452GLLEP1G', transactionId: 'txn_2', failureCode: 'cancelled' },
    ],
    [
      'BILLING.SUBSCRIPTION.SUSPENDED',
      subscription,
      {
        ...base,
        type: 'payment.failed',
        paymentId: 'I-BW452GLLEP1G',
        transactionId: 'txn_2',
        failureCode: 'wallet_declined',
        renewal: { kind: 'suspended' },
      },
    ],
    [
      'BILLING.SUBSCRIPTION.PAYMENT.FAILED',
      { ...subscription, billing_info: { failed_payments_count: 2, last_failed_payment: { time: '2027-11-26T10:00:00Z' } } },
      {
        ...base,
        type: 'payment.failed',
        paymentId: 'I-BW452GLLEP1G',
        transactionId: 'txn_2',
        failureCode: 'wallet_declined',
        renewal: { kind: 'payment-failed', failedPayments: 2, at: '2027-11-26T10:00:00Z' },
      },
    ],
    [
      'PAYMENT.SALE.COMPLETED',
      { id: '80021663DE681814L', billing_agreement_id: 'I-BW452GLLEP1G', custom: 'txn_2', create_time: '2027-11-26T10:00:00Z' },
      {
        ...base,
        type: 'payment.succeeded',
        paymentId: 'I-BW452GLLEP1G',
        transactionId: 'txn_2',
        renewal: { kind: 'paid', saleId: '80021663DE681814L', at: '2027-11-26T10:00:00Z' },
      },
    ],
    [
      'PAYMENT.SALE.DENIED',
      { id: '80021663DE681814L', billing_agreement_id: 'I-BW452GLLEP1G' },
      { ...base, type: 'payment.failed', paymentId: 'I-BW452GLLEP1G', failureCode: 'wallet_declined' },
    ],
  ])('maps %s', async (eventType, resource, expected) => {
    const { body, headers } = delivery({ id: 'WH-EVENT-1', event_type: eventType, resource });
    expect(await handlePayPalWebhook(deps, headers, body)).toEqual({ received: true, outcome: 'applied' });
    expect(applied).toEqual([expected]);
  });

  it.each([
    ['an event type that moves no payment', 'CHECKOUT.ORDER.APPROVED', { id: '5O190127TN364715T', status: 'APPROVED' }],
    ['a refund', 'PAYMENT.CAPTURE.REFUNDED', { id: 'REF1', ...order }],
    ['a capture that names no order', 'PAYMENT.CAPTURE.COMPLETED', { id: 'CAP1', custom_id: 'txn_1' }],
    ['a sale that belongs to no subscription', 'PAYMENT.SALE.COMPLETED', { id: 'SALE1' }],
    ['a subscription event without a resource', 'BILLING.SUBSCRIPTION.ACTIVATED', undefined],
    ['an event type named like an object property', 'constructor', {}],
  ])('ignores %s, without applying anything', async (_name, eventType, resource) => {
    const { body, headers } = delivery({ id: 'WH-EVENT-2', event_type: eventType, ...(resource ? { resource } : {}) });
    expect(await handlePayPalWebhook(deps, headers, body)).toEqual({ received: true, outcome: 'ignored' });
    expect(applied).toEqual([]);
  });
});

describe('handlePayPalWebhook: refunds', () => {
  const refunded = (eventType: string, resource: object) => ({ ...captureCompleted(`WH-${eventType}`), event_type: eventType, resource });

  it.each(['PAYMENT.CAPTURE.REFUNDED', 'PAYMENT.CAPTURE.REVERSED', 'PAYMENT.SALE.REFUNDED', 'PAYMENT.SALE.REVERSED'])(
    'hands %s to the refund service by the refund id, after the signature holds',
    async (eventType) => {
      const settled: string[] = [];
      const { body, headers } = delivery(refunded(eventType, { id: '1JU08902781691411', status: 'COMPLETED' }));
      const result = await handlePayPalWebhook({ ...deps, settleRefund: async (id) => (settled.push(id), 'unmatched') }, headers, body);
      expect(result).toEqual({ received: true, outcome: 'unmatched' });
      expect(settled).toEqual(['1JU08902781691411']);
      expect(applied).toEqual([]);
    },
  );

  it('settles nothing for a refund event whose signature fails, nor for one without a refund id', async () => {
    const settled: string[] = [];
    const withRefunds = { ...deps, settleRefund: async (id: string) => (settled.push(id), 'applied' as const) };
    const forged = delivery(refunded('PAYMENT.CAPTURE.REFUNDED', { id: '1JU08902781691411' }));
    forged.headers['paypal-transmission-sig'] = Buffer.from('forged').toString('base64');
    await expect(handlePayPalWebhook(withRefunds, forged.headers, forged.body)).rejects.toMatchObject({ status: 400 });
    const bare = delivery(refunded('PAYMENT.CAPTURE.REFUNDED', { status: 'COMPLETED' }));
    expect(await handlePayPalWebhook(withRefunds, bare.headers, bare.body)).toEqual({ received: true, outcome: 'ignored' });
    expect(settled).toEqual([]);
  });
});

describe('certificate fetching', () => {
  let server: http.Server;
  let base: string;
  let served: string[];
  beforeAll(async () => {
    served = [];
    server = http.createServer((req, res) => {
      served.push(req.url ?? '');
      if (req.url === '/v1/notifications/certs/CERT-1') return void res.end(sandbox.chain);
      if (req.url === '/moved') return void res.writeHead(302, { location: '/v1/notifications/certs/CERT-1' }).end();
      if (req.url === '/huge') return void res.end('x'.repeat(100_000));
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    served.length = 0;
  });

  it('downloads the PEM, and refuses redirects, errors and oversized answers', async () => {
    const pem = await downloadCertificate(`${base}/v1/notifications/certs/CERT-1`);
    expect(pem).toBe(sandbox.chain);
    await expect(downloadCertificate(`${base}/moved`)).rejects.toThrow();
    expect(served).toEqual(['/v1/notifications/certs/CERT-1', '/moved']);
    await expect(downloadCertificate(`${base}/missing`)).rejects.toThrow(/404/);
    await expect(downloadCertificate(`${base}/huge`)).rejects.toThrow(/larger/);
  });

  it('caches certificates by URL, but not failures', async () => {
    const fetchCertificate = cachingCertificateFetcher((url) => downloadCertificate(url.replace('https://api.sandbox.paypal.com', base)));
    const cached: PayPalWebhookDeps = { ...deps, fetchCertificate };
    const certUrl = 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-1';
    for (const event of [captureCompleted('WH-A'), captureCompleted('WH-B')]) {
      const { body, headers } = delivery(event, { certUrl });
      expect((await handlePayPalWebhook(cached, headers, body)).outcome).toBe('applied');
    }
    expect(served).toEqual(['/v1/notifications/certs/CERT-1']);

    const missing = 'https://api.sandbox.paypal.com/missing';
    await expect(fetchCertificate(missing)).rejects.toThrow();
    await expect(fetchCertificate(missing)).rejects.toThrow();
    expect(served).toEqual(['/v1/notifications/certs/CERT-1', '/missing', '/missing']);
  });
});
