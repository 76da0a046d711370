import { createHash, verify, constants, type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Charge, ChargePermission, CheckoutSession, Price, Refund } from './amazonPayTypes';

/**
 * A local stand-in for the Amazon Pay API v2 endpoints our client calls (Amazon cannot be
 * reached here), for tests only. It records every request and checks its signature with
 * its own implementation of Amazon's algorithm (not the signer under test), keeps checkout
 * sessions that move Open → Completed/Canceled as Amazon's do, charges a Chargeable charge
 * permission (a renewal), refunds a captured charge as Amazon does (RefundInitiated, then
 * Refunded or Declined when a test settles it), and answers a repeated idempotency key with
 * the first answer.
 */

export interface RecordedRequest {
  method: string;
  /** The path as sent, with its /sandbox/v2, /live/v2 or /v2 prefix. */
  path: string;
  query: string;
  headers: Readonly<Record<string, string>>;
  body: string;
  json: unknown;
  /** The signature verified (RSASSA-PSS/SHA-256, salt 32) over the canonical request the fake rebuilt. */
  signatureValid: boolean;
  /** What the fake rebuilt and verified, for tests that look closer. */
  canonicalRequest: string;
}

/** How a session ends when completed: paid, declined by Amazon, or left by the buyer. */
export type FakeOutcome = 'approve' | 'decline' | 'buyer_cancel';

/**
 * How Create Charge on a charge permission ends (a renewal): captured; declined softly
 * (the permission stays Chargeable); or declined hard (the permission becomes
 * NonChargeable, as Amazon moves it when its payment method is invalid).
 */
export type FakeChargeOutcome = 'capture' | 'soft_decline' | 'hard_decline';

export interface FakeSession {
  session: CheckoutSession;
  outcome: FakeOutcome;
  /** false: the buyer has not picked a payment method at Amazon yet (no amazonPayRedirectUrl). */
  buyerAssociated: boolean;
}

export interface ForcedResponse {
  status: number;
  body: object | string;
  delayMs?: number;
}

const sha256Hex = (data: string) => createHash('sha256').update(data).digest('hex');

function canonicalOf(req: http.IncomingMessage, path: string, query: string, body: string, signedHeaders: string): string {
  const sortedQuery = query ? query.split('&').sort().join('&') : '';
  const headerLines = signedHeaders
    .split(';')
    .map((name) => `${name}:${String(req.headers[name] ?? '').trim()}\n`)
    .join('');
  return `${req.method}\n${path}\n${sortedQuery}\n${headerLines}\n${signedHeaders}\n${sha256Hex(body)}`;
}

export async function startFakeAmazonPay(publicKey: KeyObject) {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, FakeSession>();
  const charges = new Map<string, Charge>();
  const permissions = new Map<string, ChargePermission>();
  const byKey = new Map<string, { status: number; body: string }>();
  const refunds = new Map<string, Refund>();
  /** How Create Charge on a permission ends, each time; capture when unset. */
  const chargeOutcomes = new Map<string, FakeChargeOutcome>();
  /** Answers to give before the routes, in order (a 503, a delay, …). */
  const forced: ForcedResponse[] = [];
  let counter = 0;

  const checkSignature = (req: http.IncomingMessage, path: string, query: string, body: string) => {
    const auth = /^AMZN-PAY-RSASSA-PSS-V2 PublicKeyId=([^,]+), SignedHeaders=([^,]+), Signature=(.+)$/.exec(
      req.headers.authorization ?? '',
    );
    if (!auth) return { valid: false, canonical: '' };
    const [, , signedHeaders = '', signature = ''] = auth;
    const canonical = canonicalOf(req, path, query, body, signedHeaders);
    const stringToSign = `AMZN-PAY-RSASSA-PSS-V2\n${sha256Hex(canonical)}`;
    const required = ['x-amz-pay-date', 'x-amz-pay-host', 'x-amz-pay-region'].every((h) => signedHeaders.split(';').includes(h));
    const hostMatches = req.headers['x-amz-pay-host'] === req.headers.host;
    const valid =
      required &&
      hostMatches &&
      verify(
        'sha256',
        Buffer.from(stringToSign),
        { key: publicKey, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 },
        Buffer.from(signature, 'base64'),
      );
    return { valid, canonical };
  };

  const complete = (fake: FakeSession, chargeAmount: Price | undefined): { status: number; body: object } => {
    const { session } = fake;
    if (session.statusDetails.state === 'Canceled')
      return { status: 422, body: { reasonCode: 'CheckoutSessionCanceled', message: 'The checkout session is canceled' } };
    if (session.statusDetails.state !== 'Open')
      return { status: 422, body: { reasonCode: 'InvalidCheckoutSessionStatus', message: 'not Open' } };
    const expected = session.paymentDetails?.chargeAmount;
    if (
      !expected ||
      !chargeAmount ||
      Number(expected.amount) !== Number(chargeAmount.amount) ||
      expected.currencyCode !== chargeAmount.currencyCode
    ) {
      return { status: 400, body: { reasonCode: 'AmountMismatch', message: 'chargeAmount does not match' } };
    }
    if (fake.outcome !== 'approve') {
      session.statusDetails = {
        state: 'Canceled',
        reasonCode: fake.outcome === 'decline' ? 'Declined' : 'BuyerCanceled',
        reasonDescription: 'fake',
      };
      return { status: 422, body: { reasonCode: 'CheckoutSessionCanceled', message: 'The checkout session is canceled' } };
    }
    counter += 1;
    const permissionId = `S01-0000000-${String(counter).padStart(7, '0')}`;
    permissions.set(permissionId, {
      chargePermissionId: permissionId,
      chargePermissionType: session.chargePermissionType ?? 'OneTime',
      merchantMetadata: session.merchantMetadata ?? null,
      statusDetails: { state: 'Chargeable', reasons: null },
    });
    let chargeId: string | null = null;
    if (session.paymentDetails?.paymentIntent !== 'Confirm') {
      chargeId = `${permissionId}-C${String(counter).padStart(5, '0')}`;
      charges.set(chargeId, {
        chargeId,
        chargePermissionId: permissionId,
        chargeAmount: expected,
        statusDetails: { state: 'Captured', reasonCode: null, reasonDescription: null },
      });
    }
    session.statusDetails = { state: 'Completed', reasonCode: null, reasonDescription: null };
    session.chargePermissionId = permissionId;
    session.chargeId = chargeId;
    return { status: 200, body: session };
  };

  /** Create Charge: only on a Chargeable permission; a decline is an error naming its reason, and no charge exists. */
  const createCharge = (body: { chargePermissionId?: string; chargeAmount?: Price } | null): { status: number; body: object } => {
    const permission = permissions.get(body?.chargePermissionId ?? '');
    if (!permission || !body?.chargeAmount)
      return { status: 404, body: { reasonCode: 'ResourceNotFound', message: 'chargePermissionId not found' } };
    if (permission.statusDetails.state !== 'Chargeable')
      return {
        status: 422,
        body: { reasonCode: 'InvalidChargePermissionStatus', message: `the charge permission is ${permission.statusDetails.state}` },
      };
    const outcome = chargeOutcomes.get(permission.chargePermissionId) ?? 'capture';
    if (outcome === 'soft_decline') return { status: 422, body: { reasonCode: 'SoftDeclined', message: 'soft decline; try again later' } };
    if (outcome === 'hard_decline') {
      permission.statusDetails = { state: 'NonChargeable', reasons: [{ reasonCode: 'PaymentMethodInvalid' }] };
      return { status: 422, body: { reasonCode: 'HardDeclined', message: 'hard decline' } };
    }
    counter += 1;
    const charge: Charge = {
      chargeId: `${permission.chargePermissionId}-C${String(counter).padStart(5, '0')}`,
      chargePermissionId: permission.chargePermissionId,
      chargeAmount: body.chargeAmount,
      statusDetails: { state: 'Captured', reasonCode: null, reasonDescription: null },
    };
    charges.set(charge.chargeId, charge);
    return { status: 201, body: charge };
  };

  const cents = (price: Price | null | undefined) => Math.round(Number(price?.amount ?? 0) * 100);

  /** Create Refund: on a Captured charge, never more than is left of it (Amazon's own allowance for more is not modelled). */
  const createRefund = (body: { chargeId?: string; refundAmount?: Price } | null): { status: number; body: object } => {
    const charge = charges.get(body?.chargeId ?? '');
    if (!charge || !body?.refundAmount) return { status: 404, body: { reasonCode: 'ResourceNotFound', message: 'chargeId not found' } };
    if (charge.statusDetails.state !== 'Captured')
      return { status: 422, body: { reasonCode: 'InvalidChargeStatus', message: `the charge is ${charge.statusDetails.state}` } };
    const refunded = [...refunds.values()]
      .filter((refund) => refund.chargeId === charge.chargeId && refund.statusDetails.state !== 'Declined')
      .reduce((sum, refund) => sum + cents(refund.refundAmount), 0);
    if (cents(body.refundAmount) > cents(charge.chargeAmount) - refunded)
      return { status: 400, body: { reasonCode: 'TransactionAmountExceeded', message: 'the refund exceeds what is left of the charge' } };
    counter += 1;
    const refund: Refund = {
      refundId: `${charge.chargeId.replace(/-C\d+$/, '')}-R${String(counter).padStart(5, '0')}`,
      chargeId: charge.chargeId,
      refundAmount: body.refundAmount,
      statusDetails: { state: 'RefundInitiated', reasonCode: null, reasonDescription: null },
    };
    refunds.set(refund.refundId, refund);
    return { status: 201, body: refund };
  };

  const route = (method: string, resource: string, json: unknown): { status: number; body: object } => {
    if (resource === 'charges' && method === 'POST') return createCharge(json as Parameters<typeof createCharge>[0]);
    if (resource === 'refunds' && method === 'POST') return createRefund(json as Parameters<typeof createRefund>[0]);
    const refundMatch = /^refunds\/([^/]+)$/.exec(resource);
    if (refundMatch && method === 'GET') {
      const found = refunds.get(decodeURIComponent(refundMatch[1] ?? ''));
      return found ? { status: 200, body: found } : { status: 404, body: { reasonCode: 'ResourceNotFound', message: 'refund not found' } };
    }
    const notFound = { status: 404, body: { reasonCode: 'ResourceNotFound', message: `${resource} not found` } };
    const sessionMatch = /^checkoutSessions\/([^/]+)(\/complete)?$/.exec(resource);
    if (sessionMatch) {
      const fake = sessions.get(decodeURIComponent(sessionMatch[1] ?? ''));
      if (!fake) return notFound;
      if (method === 'GET' && !sessionMatch[2]) return { status: 200, body: fake.session };
      if (method === 'POST' && sessionMatch[2]) return complete(fake, (json as { chargeAmount?: Price } | null)?.chargeAmount);
      if (method === 'PATCH' && !sessionMatch[2]) {
        if (fake.session.statusDetails.state !== 'Open')
          return { status: 422, body: { reasonCode: 'InvalidCheckoutSessionStatus', message: 'not Open' } };
        const update = json as Pick<CheckoutSession, 'paymentDetails' | 'merchantMetadata'> & {
          webCheckoutDetails?: { checkoutResultReturnUrl?: string };
        };
        const session = fake.session;
        session.paymentDetails = { ...session.paymentDetails, ...update.paymentDetails };
        session.merchantMetadata = { ...session.merchantMetadata, ...update.merchantMetadata };
        session.webCheckoutDetails = {
          ...session.webCheckoutDetails,
          checkoutResultReturnUrl: update.webCheckoutDetails?.checkoutResultReturnUrl ?? null,
          amazonPayRedirectUrl: fake.buyerAssociated
            ? `https://payments.amazon.example/checkout/processing?amazonCheckoutSessionId=${session.checkoutSessionId}`
            : null,
        };
        session.constraints = fake.buyerAssociated ? [] : [{ constraintId: 'BuyerNotAssociated', description: 'no buyer' }];
        return { status: 200, body: session };
      }
    }
    const charge = /^charges\/([^/]+)$/.exec(resource);
    if (charge && method === 'GET') {
      const found = charges.get(decodeURIComponent(charge[1] ?? ''));
      return found ? { status: 200, body: found } : notFound;
    }
    const permission = /^chargePermissions\/([^/]+)$/.exec(resource);
    if (permission && method === 'GET') {
      const found = permissions.get(decodeURIComponent(permission[1] ?? ''));
      return found ? { status: 200, body: found } : notFound;
    }
    return notFound;
  };

  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const [path = '', query = ''] = (req.url ?? '/').split('?');
      const { valid, canonical } = checkSignature(req, path, query, body);
      const json: unknown = body ? JSON.parse(body) : null;
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      requests.push({ method: req.method ?? '', path, query, headers, body, json, signatureValid: valid, canonicalRequest: canonical });
      const send = (status: number, payload: object | string, delayMs = 0) =>
        setTimeout(() => {
          if (res.destroyed) return;
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(typeof payload === 'string' ? payload : JSON.stringify(payload));
        }, delayMs);
      const next = forced.shift();
      if (next) return send(next.status, next.body, next.delayMs);
      if (!valid) return send(401, { reasonCode: 'InvalidRequestSignature', message: 'signature does not verify' });
      const resource = /^\/(?:sandbox\/|live\/)?v2\/(.+)$/.exec(path)?.[1];
      if (!resource) return send(404, { reasonCode: 'ResourceNotFound', message: path });
      const key = req.headers['x-amz-pay-idempotency-key'];
      const replay = typeof key === 'string' ? byKey.get(key) : undefined;
      if (replay) return send(replay.status, replay.body);
      const answer = route(req.method ?? '', resource, json);
      const text = JSON.stringify(answer.body);
      if (typeof key === 'string' && req.method === 'POST') byKey.set(key, { status: answer.status, body: text });
      return send(answer.status, text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  /** A session as the button makes it: Open, with our review URL and merchant reference. */
  const addSession = (
    id: string,
    options: {
      merchantReferenceId: string;
      reviewReturnUrl?: string;
      chargePermissionType?: 'OneTime' | 'Recurring';
      outcome?: FakeOutcome;
      buyerAssociated?: boolean;
    },
  ) => {
    const session: CheckoutSession = {
      checkoutSessionId: id,
      webCheckoutDetails: {
        checkoutReviewReturnUrl:
          options.reviewReturnUrl ??
          `http://127.0.0.1:3000/vogue/demo/credit-card/amazon-pay?attempt=${options.merchantReferenceId}&stage=review`,
        checkoutResultReturnUrl: null,
        amazonPayRedirectUrl: null,
      },
      paymentDetails: null,
      merchantMetadata: { merchantReferenceId: options.merchantReferenceId },
      chargePermissionType: options.chargePermissionType ?? 'Recurring',
      statusDetails: { state: 'Open', reasonCode: null, reasonDescription: null },
      constraints: [],
      chargePermissionId: null,
      chargeId: null,
    };
    sessions.set(id, { session, outcome: options.outcome ?? 'approve', buyerAssociated: options.buyerAssociated ?? true });
    return session;
  };

  /** A charge permission as a completed checkout leaves it (Recurring, Chargeable), and how Create Charge on it ends. */
  const addChargePermission = (id: string, options: { outcome?: FakeChargeOutcome; state?: string } = {}) => {
    permissions.set(id, {
      chargePermissionId: id,
      chargePermissionType: 'Recurring',
      merchantMetadata: null,
      statusDetails: { state: options.state ?? 'Chargeable', reasons: null },
    });
    if (options.outcome) chargeOutcomes.set(id, options.outcome);
    return permissions.get(id)!;
  };

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    requests,
    sessions,
    charges,
    permissions,
    forced,
    addSession,
    addChargePermission,
    refunds,
    /** A captured charge, as a completed checkout or a renewal leaves it. */
    addCharge(chargeId: string, chargeAmount: Price, chargePermissionId = chargeId.replace(/-C\d+$/, '')) {
      charges.set(chargeId, {
        chargeId,
        chargePermissionId,
        chargeAmount,
        statusDetails: { state: 'Captured', reasonCode: null, reasonDescription: null },
      });
    },
    /** Amazon processes a refund: Refunded, or Declined (with Amazon's reason). */
    settleRefund(
      refundId: string,
      state: 'Refunded' | 'Declined',
      reasonCode: string | null = state === 'Declined' ? 'AmazonRejected' : null,
    ) {
      const refund = refunds.get(refundId);
      if (!refund) throw new Error(`the fake holds no refund ${refundId}`);
      refund.statusDetails = { state, reasonCode, reasonDescription: null };
    },
    reset() {
      refunds.clear();
      chargeOutcomes.clear();
      requests.length = 0;
      sessions.clear();
      charges.clear();
      permissions.clear();
      byKey.clear();
      forced.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeAmazonPay = Awaited<ReturnType<typeof startFakeAmazonPay>>;
