import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, sign, verify, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GatewayEvent } from '@/lib/server/payments/PaymentGateway';
import { handlePayPalWebhook, type PayPalWebhookDeps } from './paypalWebhook';
import {
  cachingCertificateFetcher,
  downloadCertificate,
  signedMessage,
  trustedCertUrl,
  WEBHOOK_TOLERANCE_MS,
} from './paypalWebhookSignature';

/*
 * The signing certificate: node:crypto makes key pairs but not X.509 certificates, and no
 * X.509 library is installed, so the test makes a throwaway self-signed one with the openssl
 * command line (present wherever Node's own tests run). It plays PayPal's certificate, served
 * by the injected fetcher at a PayPal URL.
 */
let certificatePem: string;
let privateKeyPem: string;
beforeAll(() => {
  const dir = mkdtempSync(path.join(tmpdir(), 'paypal-webhook-cert-'));
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
        '/CN=messageverificationcerts.sandbox.paypal.com',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'pipe' },
    );
    certificatePem = readFileSync(path.join(dir, 'cert.pem'), 'utf8');
    privateKeyPem = readFileSync(path.join(dir, 'key.pem'), 'utf8');
  } catch (error) {
    throw new Error(`These tests need the openssl command to make a test certificate: ${(error as Error).message}`, { cause: error });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

const WEBHOOK_TEST = '8PT597110X687430LKGECATA';
const WEBHOOK_LIVE = '1JE4291016473214C';
const CERT_URL = 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77';
// Close to the real clock: the test certificate is valid from the moment it was made, for two days.
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
      return certificatePem;
    },
    now: () => NOW,
    apply: async (event) => {
      applied.push(event);
      return applyAnswer;
    },
  };
});

let n = 0;
/** A delivery as PayPal sends it: the raw body and the five signature headers. */
function delivery(event: object, options: { webhookId?: string; sentAt?: Date; certUrl?: string; algo?: string } = {}) {
  n += 1;
  const body = Buffer.from(JSON.stringify(event));
  const transmission = { id: `b2384410-${n}-11ea-9a1f-6b5e5e3f7a0d`, time: (options.sentAt ?? NOW).toISOString() };
  const message = `${transmission.id}|${transmission.time}|${options.webhookId ?? WEBHOOK_TEST}|${crc32(body)}`;
  const signature = sign('sha256', Buffer.from(message), privateKeyPem).toString('base64');
  return {
    body,
    message,
    signature,
    headers: {
      'paypal-transmission-id': transmission.id,
      'paypal-transmission-time': transmission.time,
      'paypal-transmission-sig': signature,
      'paypal-cert-url': options.certUrl ?? CERT_URL,
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
    expect(verify('sha256', Buffer.from(message), new X509Certificate(certificatePem).publicKey, Buffer.from(signature, 'base64'))).toBe(
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
      },
    ]);
  });

  it('accepts a delivery signed for the live webhook, and headers given as a Fetch Headers object', async () => {
    const { body, headers } = delivery(captureCompleted(), { webhookId: WEBHOOK_LIVE });
    expect((await handlePayPalWebhook(deps, new Headers(headers), body)).outcome).toBe('applied');
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
  ])('refuses a certificate URL on %s without fetching it', async (_name, certUrl) => {
    const { body, headers } = delivery(captureCompleted(), { certUrl });
    await expect(handlePayPalWebhook(deps, headers, body)).rejects.toMatchObject({ status: 400, code: 'untrusted_certificate' });
    expect(fetched).toEqual([]);
    expect(applied).toEqual([]);
  });

  it.each([
    'https://api.paypal.com/v1/notifications/certs/CERT-1',
    'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-1',
    'https://messageverificationcerts.paypal.com/x',
  ])('trusts the PayPal certificate URL %s', (url) => {
    expect(trustedCertUrl(url).href).toBe(url);
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
      code: 'invalid_certificate',
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
        privateKeyPem,
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

describe('handlePayPalWebhook: events', () => {
  const order = { supplementary_data: { related_ids: { order_id: '5O190127TN364715T' } } };
  const subscription = { id: 'I-BW452GLLEP1G', status: 'ACTIVE', custom_id: 'txn_2', plan_id: 'P-5ML4271244454362WXNWU5NQ' };
  const base = { id: 'WH-EVENT-1', gateway: 'paypal' };

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

describe('certificate fetching', () => {
  let server: http.Server;
  let base: string;
  let served: string[];
  beforeAll(async () => {
    served = [];
    server = http.createServer((req, res) => {
      served.push(req.url ?? '');
      if (req.url === '/cert.pem') return void res.end(certificatePem);
      if (req.url === '/moved') return void res.writeHead(302, { location: '/cert.pem' }).end();
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
    const pem = await downloadCertificate(`${base}/cert.pem`);
    expect(pem).toBe(certificatePem);
    await expect(downloadCertificate(`${base}/moved`)).rejects.toThrow();
    expect(served).toEqual(['/cert.pem', '/moved']);
    await expect(downloadCertificate(`${base}/missing`)).rejects.toThrow(/404/);
    await expect(downloadCertificate(`${base}/huge`)).rejects.toThrow(/larger/);
  });

  it('caches certificates by URL, but not failures', async () => {
    const fetchCertificate = cachingCertificateFetcher((url) => downloadCertificate(url.replace('https://api.sandbox.paypal.com', base)));
    const cached: PayPalWebhookDeps = { ...deps, fetchCertificate };
    const certUrl = 'https://api.sandbox.paypal.com/cert.pem';
    for (const event of [captureCompleted('WH-A'), captureCompleted('WH-B')]) {
      const { body, headers } = delivery(event, { certUrl });
      expect((await handlePayPalWebhook(cached, headers, body)).outcome).toBe('applied');
    }
    expect(served).toEqual(['/cert.pem']);

    const missing = 'https://api.sandbox.paypal.com/missing';
    await expect(fetchCertificate(missing)).rejects.toThrow();
    await expect(fetchCertificate(missing)).rejects.toThrow();
    expect(served).toEqual(['/cert.pem', '/missing', '/missing']);
  });
});
