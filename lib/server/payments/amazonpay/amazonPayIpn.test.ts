import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, sign } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { GatewayEvent } from '@/lib/server/payments/PaymentGateway';
import { AmazonPayGateway, amazonPayReturnUrl } from './AmazonPayGateway';
import { AmazonPayClient } from './amazonPayClient';
import type { GatewayEventOutcome } from '@/lib/server/payments/PaymentGateway';
import { handleAmazonPayIpn, type AmazonPayIpnDeps } from './amazonPayIpn';
import type { AmazonPayCredentials } from './amazonPayTypes';
import { createSnsVerifier } from './snsMessage';
import { startFakeAmazonPay, type FakeAmazonPay } from './fakeAmazonPay';

/*
 * SNS signs with an X.509 certificate's key. The test makes its own: a self-signed
 * certificate from the openssl command line (Node can read certificates but not make them),
 * served by an injected fetcher as if from sns.us-east-1.amazonaws.com.
 */
let dir: string;
let snsKey: string;
let snsCert: string;
const CERT_URL = 'https://sns.us-east-1.amazonaws.com/SimpleNotificationService-9c6465fa7f48f5cacd23014631ec1136.pem';
const TOPIC = 'arn:aws:sns:us-east-1:291180941288:A2BCDEFGHIJ3KL';

const { privateKey: apiKey, publicKey: apiPublicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const SESSION = 'bd504926-f659-4ad7-a1a9-9a747aaf5275';
let fake: FakeAmazonPay;
let gateway: AmazonPayGateway;
let lookup: AmazonPayClient;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'sns-cert-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'key.pem',
      '-out',
      'cert.pem',
      '-days',
      '2',
      '-subj',
      '/CN=sns.amazonaws.com',
    ],
    { cwd: dir, stdio: 'ignore' },
  );
  snsKey = readFileSync(path.join(dir, 'key.pem'), 'utf8');
  snsCert = readFileSync(path.join(dir, 'cert.pem'), 'utf8');
  fake = await startFakeAmazonPay(apiPublicKey);
  const credentials: AmazonPayCredentials = {
    merchantId: 'A2BCDEFGHIJ3KL',
    storeId: 'amzn1.application-oa2-client.0123456789abcdef0123456789abcdef',
    publicKeyId: 'AGPTYXGL5VH6PZ2KBM2ALPQY',
    privateKey: apiKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    region: 'na',
    baseUrl: fake.baseUrl,
    sandbox: true,
  };
  gateway = new AmazonPayGateway({ test: credentials }, { retries: 0 });
  lookup = gateway.client(false);
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await fake.close();
});

/** SNS's string to sign, written here independently of the verifier. */
function snsSign(fields: Record<string, string>, version: '1' | '2'): string {
  const keys =
    fields.Type === 'Notification'
      ? ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type']
      : ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'];
  const text = keys
    .filter((k) => fields[k] !== undefined)
    .map((k) => `${k}\n${fields[k]}\n`)
    .join('');
  return sign(version === '1' ? 'sha1' : 'sha256', Buffer.from(text), snsKey).toString('base64');
}

interface Delivery {
  ipn?: object;
  message?: string;
  version?: '1' | '2';
  timestamp?: Date;
  certUrl?: string;
  subject?: string;
  topicArn?: string;
  tamper?: (body: Record<string, string>) => void;
}

function delivery(options: Delivery = {}): string {
  const fields: Record<string, string> = {
    Type: 'Notification',
    MessageId: 'f4e1d2c3-0000-4000-8000-000000000001',
    TopicArn: options.topicArn ?? TOPIC,
    Message: options.message ?? JSON.stringify(options.ipn ?? {}),
    Timestamp: (options.timestamp ?? new Date()).toISOString(),
    ...(options.subject ? { Subject: options.subject } : {}),
  };
  const version = options.version ?? '2';
  const body: Record<string, string> = {
    ...fields,
    SignatureVersion: version,
    Signature: snsSign(fields, version),
    SigningCertURL: options.certUrl ?? CERT_URL,
    UnsubscribeURL: 'https://sns.us-east-1.amazonaws.com/?Action=Unsubscribe',
  };
  options.tamper?.(body);
  return JSON.stringify(body);
}

const ipnAbout = (objectType: string, objectId: string, extra: object = {}) => ({
  MerchantID: 'A2BCDEFGHIJ3KL',
  ObjectType: objectType,
  ObjectId: objectId,
  ChargePermissionId: 'S01-0000000-0000001',
  NotificationType: 'STATE_CHANGE',
  NotificationId: `note-${objectType}-${objectId}`,
  NotificationVersion: 'V2',
  ...extra,
});

let applied: GatewayEvent[];
let fetchCertificate: Mock<(url: URL) => Promise<string>>;
let deps: AmazonPayIpnDeps;
let warnings: string[];
beforeEach(() => {
  fake.reset();
  applied = [];
  fetchCertificate = vi.fn(async (_url: URL) => snsCert);
  warnings = [];
  deps = {
    mode: 'test',
    verify: createSnsVerifier({ fetchCertificate }),
    topicArns: [TOPIC],
    warn: (line) => warnings.push(line),
    lookup,
    merchantId: 'A2BCDEFGHIJ3KL',
    apply: async (event): Promise<GatewayEventOutcome> => {
      const seen = applied.some((e) => e.id === event.id);
      applied.push(event);
      return seen ? 'duplicate' : 'applied';
    },
  };
});

/** A paid checkout in the fake, made through the gateway as the return pages would. */
async function paidCheckout() {
  fake.addSession(SESSION, { merchantReferenceId: 'txn_1' });
  const visit = {
    sessionId: SESSION,
    amount: 2500,
    currencyCode: 'USD' as const,
    livemode: false,
    idempotencyKey: 'attempt-1',
    resultReturnUrl: amazonPayReturnUrl('https://subscribe.example.com', '/vogue/demo/credit-card', 'txn_1', 'result'),
    purchase: { offerId: 'o', name: 'Vogue Digital', renewal: { interval: 'month' as const, amount: 2500 }, trialDays: null },
  };
  await gateway.resume({ ...visit, stage: 'review' });
  await gateway.resume({ ...visit, stage: 'result' });
  const session = fake.sessions.get(SESSION)!.session;
  return { chargeId: session.chargeId!, permissionId: session.chargePermissionId! };
}

describe('SNS signature', () => {
  it.each([
    ['1', 'SHA1withRSA'],
    ['2', 'SHA256withRSA'],
  ] as const)('accepts SignatureVersion %s (%s) and applies the notification', async (version, _algorithm) => {
    const { chargeId } = await paidCheckout();
    const result = await handleAmazonPayIpn(deps, delivery({ version, ipn: ipnAbout('CHARGE', chargeId) }));
    expect(result).toEqual({ received: true, outcome: 'applied' });
    expect(fetchCertificate).toHaveBeenCalledWith(new URL(CERT_URL));
  });

  it('signs Subject too when SNS sends one', async () => {
    const { chargeId } = await paidCheckout();
    expect((await handleAmazonPayIpn(deps, delivery({ subject: 'Amazon Pay', ipn: ipnAbout('CHARGE', chargeId) }))).outcome).toBe(
      'applied',
    );
    const stripped = delivery({ subject: 'Amazon Pay', ipn: ipnAbout('CHARGE', chargeId), tamper: (b) => delete b.Subject });
    await expect(handleAmazonPayIpn(deps, stripped)).rejects.toMatchObject({ status: 400, code: 'invalid_signature' });
  });

  it('refuses a tampered message', async () => {
    const body = delivery({
      ipn: ipnAbout('CHARGE', 'S01-0000000-0000001-C00001'),
      tamper: (b) => (b.Message = b.Message!.replace('C00001', 'C00002')),
    });
    await expect(handleAmazonPayIpn(deps, body)).rejects.toMatchObject({ status: 400, code: 'invalid_signature' });
    expect(fake.requests).toEqual([]);
    expect(applied).toEqual([]);
  });

  it.each([
    'https://evil.example.com/SimpleNotificationService-1.pem',
    'http://sns.us-east-1.amazonaws.com/SimpleNotificationService-1.pem',
    'https://sns.us-east-1.amazonaws.com.evil.example/SimpleNotificationService-1.pem',
    'https://sns.us-east-1.amazonaws.com:8443/SimpleNotificationService-1.pem',
    'https://user@sns.us-east-1.amazonaws.com/SimpleNotificationService-1.pem',
    'https://sns.us-east-1.amazonaws.com/not-a-certificate',
    'not a url',
  ])('refuses the certificate URL %s without fetching it', async (certUrl) => {
    await expect(handleAmazonPayIpn(deps, delivery({ certUrl, ipn: ipnAbout('CHARGE', 'x') }))).rejects.toMatchObject({
      status: 400,
      code: 'invalid_certificate_url',
    });
    expect(fetchCertificate).not.toHaveBeenCalled();
  });

  it('refuses a stale (or future) message, by the injected clock', async () => {
    const hourAndMinute = 61 * 60 * 1000;
    await expect(
      handleAmazonPayIpn(deps, delivery({ timestamp: new Date(Date.now() - hourAndMinute), ipn: ipnAbout('CHARGE', 'x') })),
    ).rejects.toMatchObject({ status: 400, code: 'stale_notification' });
    await expect(
      handleAmazonPayIpn(deps, delivery({ timestamp: new Date(Date.now() + hourAndMinute), ipn: ipnAbout('CHARGE', 'x') })),
    ).rejects.toMatchObject({ status: 400, code: 'stale_notification' });
    const later = {
      ...deps,
      verify: createSnsVerifier({ fetchCertificate, now: () => new Date(Date.now() + 10 * 60 * 1000), toleranceMs: 5 * 60 * 1000 }),
    };
    await expect(handleAmazonPayIpn(later, delivery({ ipn: ipnAbout('CHARGE', 'x') }))).rejects.toMatchObject({
      code: 'stale_notification',
    });
    expect(fetchCertificate).not.toHaveBeenCalled();
  });

  it('fetches each certificate once', async () => {
    await handleAmazonPayIpn(deps, delivery({ ipn: ipnAbout('CHARGE_PERMISSION', 'S01-1') }));
    await handleAmazonPayIpn(deps, delivery({ ipn: ipnAbout('CHARGE_PERMISSION', 'S01-2') }));
    expect(fetchCertificate).toHaveBeenCalledTimes(1);
  });

  it('answers 400, never a 500, to what is not an SNS message or not an Amazon Pay notification', async () => {
    await expect(handleAmazonPayIpn(deps, 'not json')).rejects.toMatchObject({ status: 400, code: 'invalid_body' });
    await expect(handleAmazonPayIpn(deps, JSON.stringify({ Type: 'Notification' }))).rejects.toMatchObject({
      status: 400,
      code: 'invalid_body',
    });
    await expect(handleAmazonPayIpn(deps, delivery({ message: 'hello' }))).rejects.toMatchObject({
      status: 400,
      code: 'invalid_notification',
    });
    await expect(handleAmazonPayIpn(deps, delivery({ ipn: { ObjectType: 'CHARGE' } }))).rejects.toMatchObject({
      status: 400,
      code: 'invalid_notification',
    });
  });

  it('hands back the SubscribeURL of a subscription confirmation, without applying anything', async () => {
    const body = confirmation();
    expect(await handleAmazonPayIpn(deps, body)).toEqual({ received: true, outcome: 'ignored', subscribeUrl: SUBSCRIBE_URL });
    expect(applied).toEqual([]);
    await expect(handleAmazonPayIpn(deps, confirmation({ SubscribeURL: 'https://evil.example/confirm' }))).rejects.toMatchObject({
      status: 400,
    });
  });
});

const SUBSCRIBE_URL = `https://sns.us-east-1.amazonaws.com/?Action=ConfirmSubscription&TopicArn=${encodeURIComponent(TOPIC)}&Token=abc`;

/** A signed SubscriptionConfirmation, as SNS sends one when Seller Central's IPN URL is saved. */
function confirmation(change: Record<string, string> = {}): string {
  const fields: Record<string, string> = {
    Type: 'SubscriptionConfirmation',
    MessageId: 'm-1',
    Token: 'abc',
    TopicArn: TOPIC,
    Message: 'You have chosen to subscribe…',
    SubscribeURL: SUBSCRIBE_URL,
    Timestamp: new Date().toISOString(),
    ...change,
  };
  return JSON.stringify({ ...fields, SignatureVersion: '1', Signature: snsSign(fields, '1'), SigningCertURL: CERT_URL });
}

describe('pinned SNS topics (finding 2: anyone can sign through SNS with a topic of their own)', () => {
  const FOREIGN = 'arn:aws:sns:us-east-1:123456789012:my-own-topic';

  it('refuses a signed notification from another topic: no certificate, no Amazon Pay call, nothing applied', async () => {
    const { chargeId } = await paidCheckout();
    fake.requests.length = 0;
    const body = delivery({ topicArn: FOREIGN, ipn: ipnAbout('CHARGE', chargeId) });
    await expect(handleAmazonPayIpn(deps, body)).rejects.toMatchObject({ status: 403, code: 'unknown_topic' });
    expect(fetchCertificate).not.toHaveBeenCalled();
    expect(fake.requests).toEqual([]);
    expect(applied).toEqual([]);
  });

  it("refuses the other mode's topic at this mode's endpoint, and takes any of several pinned", async () => {
    const TEST_TOPIC = 'arn:aws:sns:us-east-1:291180941288:sandbox-topic';
    const live: AmazonPayIpnDeps = { ...deps, mode: 'live', topicArns: [TOPIC] };
    await expect(
      handleAmazonPayIpn(live, delivery({ topicArn: TEST_TOPIC, ipn: ipnAbout('CHARGE_PERMISSION', 'S01-1') })),
    ).rejects.toMatchObject({
      status: 403,
    });
    const both: AmazonPayIpnDeps = { ...deps, topicArns: [TEST_TOPIC, TOPIC] };
    expect((await handleAmazonPayIpn(both, delivery({ ipn: ipnAbout('CHARGE_PERMISSION', 'S01-1') }))).outcome).toBe('ignored');
  });

  it('confirms a subscription only for a pinned topic', async () => {
    await expect(handleAmazonPayIpn(deps, confirmation({ TopicArn: FOREIGN }))).rejects.toMatchObject({
      status: 403,
      code: 'unknown_topic',
    });
    expect(fetchCertificate).not.toHaveBeenCalled();
  });

  it.each([
    ['another region', SUBSCRIBE_URL.replace('us-east-1', 'eu-west-1')],
    ['another topic', SUBSCRIBE_URL.replace(encodeURIComponent(TOPIC), encodeURIComponent(FOREIGN))],
    ['another action', SUBSCRIBE_URL.replace('ConfirmSubscription', 'Publish')],
    ['plain http', SUBSCRIBE_URL.replace('https:', 'http:')],
    ['an SNS-like host', SUBSCRIBE_URL.replace('amazonaws.com', 'amazonaws.com.evil.example')],
    ['a China host', SUBSCRIBE_URL.replace('amazonaws.com', 'amazonaws.com.cn')],
    ['another path', SUBSCRIBE_URL.replace('.com/?', '.com/other?')],
  ])('never hands back a SubscribeURL on %s', async (_name, SubscribeURL) => {
    await expect(handleAmazonPayIpn(deps, confirmation({ SubscribeURL }))).rejects.toMatchObject({ status: 400, code: 'invalid_body' });
  });

  it('refuses everything while no topic is pinned for the mode, naming the setting, and says why to the log', async () => {
    const unpinned: AmazonPayIpnDeps = { ...deps, topicArns: [] };
    await expect(handleAmazonPayIpn(unpinned, confirmation())).rejects.toMatchObject({
      status: 403,
      code: 'topic_not_configured',
      message: expect.stringContaining('AMAZON_PAY_SNS_TOPIC_ARN_TEST'),
    });
    await expect(handleAmazonPayIpn(unpinned, delivery({ ipn: ipnAbout('CHARGE', 'x') }))).rejects.toMatchObject({ status: 403 });
    expect(fetchCertificate).not.toHaveBeenCalled();
    expect(fake.requests).toEqual([]);
    expect(warnings[0]).toContain(`AMAZON_PAY_SNS_TOPIC_ARN_TEST names Amazon Pay's SNS topic (this delivery names ${TOPIC}, unverified)`);
    await expect(handleAmazonPayIpn({ ...unpinned, warn: undefined }, 'not json')).rejects.toMatchObject({ status: 403 });
  });
});

describe('Amazon Pay REFUND notifications', () => {
  it('hands a REFUND notification to the refund service by the refund id, asking Amazon nothing itself', async () => {
    const settled: string[] = [];
    const withRefunds = { ...deps, settleRefund: async (id: string) => (settled.push(id), 'applied' as const) };
    const result = await handleAmazonPayIpn(withRefunds, delivery({ ipn: ipnAbout('REFUND', 'S01-0000000-0000001-R00001') }));
    expect(result).toEqual({ received: true, outcome: 'applied' });
    expect(settled).toEqual(['S01-0000000-0000001-R00001']);
    expect(fake.requests).toEqual([]);
    expect(applied).toEqual([]);
  });

  it('settles nothing for a REFUND notification from another merchant, or from a topic not pinned', async () => {
    const settled: string[] = [];
    const withRefunds = { ...deps, settleRefund: async (id: string) => (settled.push(id), 'applied' as const) };
    const other = delivery({ ipn: ipnAbout('REFUND', 'S01-0000000-0000001-R00001', { MerchantID: 'SOMEONE_ELSE' }) });
    expect(await handleAmazonPayIpn(withRefunds, other)).toEqual({ received: true, outcome: 'ignored' });
    const foreign = delivery({
      topicArn: 'arn:aws:sns:us-east-1:111111111111:mine',
      ipn: ipnAbout('REFUND', 'S01-0000000-0000001-R00001'),
    });
    await expect(handleAmazonPayIpn(withRefunds, foreign)).rejects.toMatchObject({ status: 403 });
    expect(settled).toEqual([]);
  });
});

describe('Amazon Pay notification mapping', () => {
  it('a Captured charge of the checkout: payment.succeeded for its session, once per NotificationId', async () => {
    const { chargeId } = await paidCheckout();
    fake.requests.length = 0;
    const body = delivery({ ipn: ipnAbout('CHARGE', chargeId, { NotificationId: 'n-42' }) });
    expect((await handleAmazonPayIpn(deps, body)).outcome).toBe('applied');
    expect(applied).toEqual([{ id: 'n-42', gateway: 'amazon-pay', type: 'payment.succeeded', paymentId: SESSION, transactionId: 'txn_1' }]);
    expect(fake.requests.map((r) => `${r.method} ${r.path.replace(/^\/sandbox\/v2\//, '')}`)).toEqual([
      `GET charges/${chargeId}`,
      expect.stringMatching(/^GET chargePermissions\//),
      `GET checkoutSessions/${SESSION}`,
    ]);
    expect(fake.requests.every((r) => r.signatureValid)).toBe(true);
    expect((await handleAmazonPayIpn(deps, body)).outcome).toBe('duplicate');
  });

  it('a Declined charge: payment.failed with wallet_declined', async () => {
    const { chargeId } = await paidCheckout();
    fake.charges.get(chargeId)!.statusDetails = { state: 'Declined', reasonCode: 'HardDeclined', reasonDescription: null };
    await handleAmazonPayIpn(deps, delivery({ ipn: ipnAbout('CHARGE', chargeId) }));
    expect(applied).toEqual([expect.objectContaining({ type: 'payment.failed', failureCode: 'wallet_declined', paymentId: SESSION })]);
  });

  it('ignores a charge still on its way, and later charges on the same recurring permission (renewals)', async () => {
    const { chargeId, permissionId } = await paidCheckout();
    fake.charges.get(chargeId)!.statusDetails = { state: 'CaptureInitiated', reasonCode: null, reasonDescription: null };
    expect((await handleAmazonPayIpn(deps, delivery({ ipn: ipnAbout('CHARGE', chargeId) }))).outcome).toBe('ignored');
    fake.charges.set(`${permissionId}-C99999`, {
      chargeId: `${permissionId}-C99999`,
      chargePermissionId: permissionId,
      chargeAmount: null,
      statusDetails: { state: 'Declined', reasonCode: 'SoftDeclined' },
    });
    expect((await handleAmazonPayIpn(deps, delivery({ ipn: ipnAbout('CHARGE', `${permissionId}-C99999`) }))).outcome).toBe('ignored');
    expect(applied).toEqual([]);
  });

  it('a checkout session notification: Completed succeeded, Canceled failed by reason', async () => {
    fake.addSession(SESSION, { merchantReferenceId: 'txn_1' });
    fake.sessions.get(SESSION)!.session.statusDetails = { state: 'Canceled', reasonCode: 'BuyerCanceled', reasonDescription: null };
    await handleAmazonPayIpn(deps, delivery({ ipn: ipnAbout('CHECKOUT_SESSION', SESSION) }));
    expect(applied).toEqual([
      {
        id: `note-CHECKOUT_SESSION-${SESSION}`,
        gateway: 'amazon-pay',
        type: 'payment.failed',
        failureCode: 'cancelled',
        paymentId: SESSION,
        transactionId: 'txn_1',
      },
    ]);
  });

  it('ignores what does not settle a checkout, and notifications for another merchant, without asking Amazon', async () => {
    for (const type of ['CHARGE_PERMISSION', 'REFUND', 'CHARGEBACK']) {
      expect((await handleAmazonPayIpn(deps, delivery({ ipn: ipnAbout(type, 'S01-0000000-0000001') }))).outcome).toBe('ignored');
    }
    expect((await handleAmazonPayIpn(deps, delivery({ ipn: ipnAbout('CHARGE', 'x', { MerchantID: 'SOMEONEELSE1' }) }))).outcome).toBe(
      'ignored',
    );
    expect(fake.requests).toEqual([]);
  });

  it("reads Amazon's camelCase spelling of the keys too", async () => {
    const { chargeId } = await paidCheckout();
    const ipn = {
      merchantID: 'A2BCDEFGHIJ3KL',
      objectType: 'CHARGE',
      objectId: chargeId,
      notificationType: 'STATE_CHANGE',
      notificationId: 'n-camel',
      notificationVersion: 'V2',
    };
    expect((await handleAmazonPayIpn(deps, delivery({ ipn }))).outcome).toBe('applied');
  });

  it('an object this account does not know is unmatched; Amazon unreachable is a 503 so that SNS delivers again', async () => {
    expect(await handleAmazonPayIpn(deps, delivery({ ipn: ipnAbout('CHARGE', 'S09-0000000-0000009-C00009') }))).toEqual({
      received: true,
      outcome: 'unmatched',
    });
    fake.forced.push({ status: 500, body: { reasonCode: 'InternalServerError', message: 'boom' } });
    await expect(handleAmazonPayIpn(deps, delivery({ ipn: ipnAbout('CHARGE', 'S01-1-C1') }))).rejects.toMatchObject({ status: 503 });
    expect(applied).toEqual([]);
  });
});
