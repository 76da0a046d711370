import { randomUUID, sign, X509Certificate } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';
import { makeFakeWebhookCertificates, type FakeWebhookCertificates } from './fakeWebhookCertificates';
import type { PayPalCaptureStatus, PayPalOrder, PayPalSubscription } from './paypalTypes';
import { downloadCertificate, PAYPAL_CERT_HOSTS, type CertificateFetcher } from './paypalWebhookSignature';

/**
 * A local stand-in for the PayPal REST endpoints the client calls (PayPal itself cannot be
 * reached from tests), for tests only. It records every request as sent, checks credentials
 * like PayPal (Basic for the token, Bearer after), answers a repeated PayPal-Request-Id with
 * the first answer, and keeps orders and subscriptions whose state tests move by hand
 * (approving, declining, activating) as the visitor and PayPal would. It also signs webhook
 * deliveries as PayPal's sandbox does, with a certificate chain it serves under
 * /v1/notifications/certs/ and whose test root a test hands to the verifier as a sandbox
 * trust anchor (nothing in the product trusts it).
 */

/** The path the fake serves its signing chain at, as PayPal's sandbox serves its own. */
const CERT_PATH = '/v1/notifications/certs/CERT-fake-0001';

export interface RecordedRequest {
  method: string;
  path: string;
  /** The path with its query string, as sent. */
  url: string;
  headers: http.IncomingHttpHeaders;
  rawBody: string;
  /** The body parsed as JSON, when it is. */
  json: unknown;
}

export type FakeReply = { status: number; body: unknown } | 'hang';

interface FakeOrder {
  order: PayPalOrder;
  /** What capturing it does: a capture status, or a 422 issue. */
  captureOutcome: PayPalCaptureStatus | { issue: string };
}

interface FakeSubscription {
  subscription: PayPalSubscription;
  /** APPROVED, then ACTIVE after this many more reads (PayPal activating it by itself). */
  activateAfterReads: number | null;
}

/** A subscription's payment at PayPal (a sale), in minor units of its currency. */
export interface FakeSale {
  id: string;
  subscriptionId: string;
  amount: number;
  currency: string;
  time: string;
}

/** "25.00" → 2500: the fake's currencies all take two decimals. */
const minorOf = (value: string) => Math.round(Number(value) * 100);

export interface FakePayPalOptions {
  /** REST apps it accepts; tokens name their app so tests can tell live calls from test ones. */
  apps?: { clientId: string; clientSecret: string }[];
  tokenExpiresIn?: number;
}

export async function startFakePayPal(options: FakePayPalOptions = {}) {
  const apps = options.apps ?? [{ clientId: 'test-client-id', clientSecret: 'test-client-secret' }];
  const requests: RecordedRequest[] = [];
  const tokens = new Map<string, string>(); // token → clientId
  const replays = new Map<string, { status: number; body: unknown }>();
  const orders = new Map<string, FakeOrder>();
  const subscriptions = new Map<string, FakeSubscription>();
  /** Subscriptions' payments (sales), as PayPal bills them; tests add them. */
  const sales = new Map<string, FakeSale>();
  /** Refunds of captures (v2) and of sales (v1), by id. */
  const refunds = new Map<string, { api: 'v2' | 'v1'; of: string; amount: number; status: string }>();
  /** The status the next refunds are made with (PayPal may leave one pending); completed when none is queued. */
  const refundStatuses: ('COMPLETED' | 'PENDING')[] = [];
  let counter = 0;
  const next = () => String(++counter).padStart(6, '0');
  let override: ((request: RecordedRequest) => FakeReply | undefined) | null = null;
  // Made on first use: openssl takes a moment, and most tests sign no webhook.
  let certificates: FakeWebhookCertificates | null = null;
  const webhookCertificates = () => (certificates ??= makeFakeWebhookCertificates());

  const error = (status: number, name: string, issue?: string) => ({
    status,
    body: {
      name,
      message: `${name} (fake)`,
      debug_id: `debug-${next()}`,
      ...(issue ? { details: [{ issue, description: `${issue} (fake)` }] } : {}),
    },
  });

  function route(request: RecordedRequest): { status: number; body: unknown } {
    const { method, path } = request;
    if (method === 'POST' && path === '/v1/oauth2/token') {
      const basic = request.headers.authorization?.replace(/^Basic /, '') ?? '';
      const [id, secret] = Buffer.from(basic, 'base64').toString().split(':');
      const app = apps.find((candidate) => candidate.clientId === id && candidate.clientSecret === secret);
      if (!app || request.rawBody !== 'grant_type=client_credentials') {
        return { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
      }
      const token = `A21-${app.clientId}-${next()}`;
      tokens.set(token, app.clientId);
      return {
        status: 200,
        body: {
          access_token: token,
          token_type: 'Bearer',
          expires_in: options.tokenExpiresIn ?? 32400,
          scope: 'https://uri.paypal.com/services/payments/payment',
          app_id: 'APP-FAKE',
        },
      };
    }
    if (!tokens.has(request.headers.authorization?.replace(/^Bearer /, '') ?? '')) return error(401, 'AUTHENTICATION_FAILURE');

    const requestId = request.headers['paypal-request-id'];
    const replayKey = typeof requestId === 'string' ? `${path}|${requestId}` : null;
    if (method === 'POST' && replayKey && replays.has(replayKey)) return replays.get(replayKey)!;
    const reply = answer(request);
    if (method === 'POST' && replayKey && reply.status < 500) replays.set(replayKey, reply);
    return reply;
  }

  function answer(request: RecordedRequest): { status: number; body: unknown } {
    const { method, path } = request;
    const body = (request.json ?? {}) as Record<string, unknown>;
    let match: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v2/checkout/orders') {
      const id = `ORDER${next()}`;
      const units = (body.purchase_units as PayPalOrder['purchase_units']) ?? [];
      const order: PayPalOrder = {
        id,
        status: 'PAYER_ACTION_REQUIRED',
        intent: 'CAPTURE',
        purchase_units: units.map((unit) => ({ ...unit })),
        links: [{ href: `https://www.sandbox.paypal.com/checkoutnow?token=${id}`, rel: 'payer-action', method: 'GET' }],
      };
      orders.set(id, { order, captureOutcome: 'COMPLETED' });
      return { status: 200, body: order };
    }
    if ((match = path.match(/^\/v2\/checkout\/orders\/([^/]+)$/)) && method === 'GET') {
      const found = orders.get(decodeURIComponent(match[1]!));
      return found ? { status: 200, body: found.order } : error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
    }
    if ((match = path.match(/^\/v2\/checkout\/orders\/([^/]+)\/capture$/)) && method === 'POST') {
      const found = orders.get(decodeURIComponent(match[1]!));
      if (!found) return error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
      if (found.order.status === 'COMPLETED') return error(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED');
      if (found.order.status !== 'APPROVED') return error(422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED');
      if (typeof found.captureOutcome === 'object') return error(422, 'UNPROCESSABLE_ENTITY', found.captureOutcome.issue);
      captureNow(found, found.captureOutcome);
      return { status: 201, body: found.order };
    }
    if (method === 'POST' && path === '/v1/catalogs/products') {
      return { status: 201, body: { id: `PROD-${next()}`, name: body.name, type: body.type } };
    }
    if (method === 'POST' && path === '/v1/billing/plans') {
      return { status: 201, body: { ...body, id: `P-${next()}`, status: 'ACTIVE' } };
    }
    if (method === 'POST' && path === '/v1/billing/subscriptions') {
      const id = `I-${next()}`;
      const subscription: PayPalSubscription = {
        id,
        status: 'APPROVAL_PENDING',
        plan_id: String(body.plan_id),
        ...(typeof body.custom_id === 'string' ? { custom_id: body.custom_id } : {}),
        links: [{ href: `https://www.sandbox.paypal.com/webapps/billing/subscriptions?ba_token=BA-${id}`, rel: 'approve', method: 'GET' }],
      };
      subscriptions.set(id, { subscription, activateAfterReads: null });
      return { status: 201, body: subscription };
    }
    if ((match = path.match(/^\/v1\/billing\/subscriptions\/([^/]+)$/)) && method === 'GET') {
      const found = subscriptions.get(decodeURIComponent(match[1]!));
      if (!found) return error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
      if (found.activateAfterReads !== null) {
        if (found.activateAfterReads <= 0) {
          found.subscription.status = 'ACTIVE';
          found.activateAfterReads = null;
        } else {
          found.activateAfterReads -= 1;
        }
      }
      return { status: 200, body: { ...found.subscription } };
    }
    if ((match = path.match(/^\/v1\/billing\/subscriptions\/([^/]+)\/(suspend|activate)$/)) && method === 'POST') {
      const found = subscriptions.get(decodeURIComponent(match[1]!));
      if (!found) return error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
      // As PayPal: only an active subscription suspends, only a suspended one activates.
      const [from, to] = match[2] === 'suspend' ? (['ACTIVE', 'SUSPENDED'] as const) : (['SUSPENDED', 'ACTIVE'] as const);
      if (found.subscription.status !== from) return error(422, 'UNPROCESSABLE_ENTITY', 'SUBSCRIPTION_STATUS_INVALID');
      found.subscription.status = to;
      return { status: 204, body: null };
    }
    if ((match = path.match(/^\/v1\/billing\/subscriptions\/([^/]+)\/cancel$/)) && method === 'POST') {
      const found = subscriptions.get(decodeURIComponent(match[1]!));
      if (!found) return error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
      // As PayPal: an active or suspended subscription cancels; one cancelled (or expired) already is refused.
      if (found.subscription.status !== 'ACTIVE' && found.subscription.status !== 'SUSPENDED')
        return error(422, 'UNPROCESSABLE_ENTITY', 'SUBSCRIPTION_STATUS_INVALID');
      found.subscription.status = 'CANCELLED';
      return { status: 204, body: null };
    }
    if ((match = path.match(/^\/v2\/payments\/captures\/([^/]+)\/refund$/)) && method === 'POST') {
      const captureId = decodeURIComponent(match[1]!);
      const capture = [...orders.values()]
        .flatMap((found) => found.order.purchase_units?.[0]?.payments?.captures ?? [])
        .find((candidate) => candidate.id === captureId);
      if (!capture) return error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
      const taken = minorOf(capture.amount?.value ?? '0');
      const requested = body.amount ? minorOf((body.amount as { value: string }).value) : null;
      const refunded = refundedOf(captureId);
      if (refunded >= taken) return error(422, 'UNPROCESSABLE_ENTITY', 'CAPTURE_FULLY_REFUNDED');
      const amount = requested ?? taken - refunded;
      if (amount > taken - refunded) return error(422, 'UNPROCESSABLE_ENTITY', 'REFUND_AMOUNT_EXCEEDED');
      const id = `REFUND${next()}`;
      const status = refundStatuses.shift() ?? 'COMPLETED';
      refunds.set(id, { api: 'v2', of: captureId, amount, status });
      capture.status = refunded + amount >= taken ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
      return {
        status: 201,
        body: { id, status, amount: { currency_code: capture.amount?.currency_code, value: (amount / 100).toFixed(2) } },
      };
    }
    if ((match = path.match(/^\/v2\/payments\/refunds\/([^/]+)$/)) && method === 'GET') {
      const refund = refunds.get(decodeURIComponent(match[1]!));
      if (!refund || refund.api !== 'v2') return error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
      return { status: 200, body: { id: match[1], status: refund.status, amount: { value: (refund.amount / 100).toFixed(2) } } };
    }
    if ((match = path.match(/^\/v1\/payments\/sale\/([^/]+)\/refund$/)) && method === 'POST') {
      const sale = sales.get(decodeURIComponent(match[1]!));
      // PayPal's v1 payments API names its errors; it has no details[].issue.
      if (!sale) return { status: 404, body: { name: 'INVALID_RESOURCE_ID', message: 'Requested resource ID was not found.' } };
      const requested = body.amount ? minorOf((body.amount as { total: string }).total) : null;
      const refunded = refundedOf(sale.id);
      if (refunded >= sale.amount)
        return {
          status: 400,
          body: { name: 'TRANSACTION_ALREADY_REFUNDED', message: 'Requested transaction has already been fully refunded.' },
        };
      const amount = requested ?? sale.amount - refunded;
      if (amount > sale.amount - refunded)
        return { status: 400, body: { name: 'REFUND_EXCEEDED_TRANSACTION_AMOUNT', message: 'Refund amount exceeded transaction amount.' } };
      const id = `SALEREFUND${next()}`;
      const state = (refundStatuses.shift() ?? 'COMPLETED').toLowerCase();
      refunds.set(id, { api: 'v1', of: sale.id, amount, status: state });
      return { status: 201, body: { id, state, sale_id: sale.id, amount: { total: (amount / 100).toFixed(2), currency: sale.currency } } };
    }
    if ((match = path.match(/^\/v1\/payments\/refund\/([^/]+)$/)) && method === 'GET') {
      const refund = refunds.get(decodeURIComponent(match[1]!));
      if (!refund || refund.api !== 'v1') return { status: 404, body: { name: 'INVALID_RESOURCE_ID', message: 'not found' } };
      return { status: 200, body: { id: match[1], state: refund.status, sale_id: refund.of } };
    }
    if ((match = path.match(/^\/v1\/billing\/subscriptions\/([^/]+)\/transactions$/)) && method === 'GET') {
      const subscriptionId = decodeURIComponent(match[1]!);
      const query = new URL(request.url, 'http://fake').searchParams;
      const start = query.get('start_time') ?? '';
      const end = query.get('end_time') ?? '';
      if (!start || !end) return error(400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER');
      const transactions = [...sales.values()]
        .filter((sale) => sale.subscriptionId === subscriptionId && sale.time >= start && sale.time <= end)
        .map((sale) => ({
          id: sale.id,
          status: refundedOf(sale.id) === 0 ? 'COMPLETED' : refundedOf(sale.id) >= sale.amount ? 'REFUNDED' : 'PARTIALLY_REFUNDED',
          time: sale.time,
          amount_with_breakdown: { gross_amount: { currency_code: sale.currency, value: (sale.amount / 100).toFixed(2) } },
        }));
      return { status: 200, body: { transactions } };
    }
    if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      return { status: 200, body: { verification_status: 'SUCCESS' } };
    }
    return error(404, 'NOT_FOUND');
  }

  /** What was refunded of a capture or a sale so far (refunds PayPal did not refuse). */
  function refundedOf(id: string): number {
    return [...refunds.values()]
      .filter((refund) => refund.of === id && refund.status !== 'FAILED' && refund.status !== 'failed' && refund.status !== 'CANCELLED')
      .reduce((sum, refund) => sum + refund.amount, 0);
  }

  function captureNow(found: FakeOrder, status: PayPalCaptureStatus) {
    const unit = found.order.purchase_units?.[0];
    found.order.status = 'COMPLETED';
    if (unit) {
      unit.payments = {
        captures: [
          {
            id: `CAPTURE${next()}`,
            status,
            ...(unit.amount ? { amount: unit.amount } : {}),
            ...(unit.custom_id ? { custom_id: unit.custom_id } : {}),
          },
        ],
      };
    }
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      let json: unknown = undefined;
      if (req.headers['content-type']?.startsWith('application/json')) {
        try {
          json = JSON.parse(rawBody);
        } catch {
          json = undefined;
        }
      }
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        path: new URL(req.url ?? '/', 'http://fake').pathname,
        url: req.url ?? '/',
        headers: req.headers,
        rawBody,
        json,
      };
      requests.push(recorded);
      if (recorded.method === 'GET' && recorded.path === CERT_PATH) {
        res.writeHead(200, { 'content-type': 'application/x-pem-file' });
        return void res.end(webhookCertificates().chain);
      }
      const reply = override?.(recorded) ?? route(recorded);
      if (reply === 'hang') return;
      res.writeHead(reply.status, { 'content-type': 'application/json', 'paypal-debug-id': `hdr-debug-${counter}` });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const order = (id: string): FakeOrder => {
    const found = orders.get(id);
    if (!found) throw new Error(`the fake holds no order ${id}`);
    return found;
  };
  const subscription = (id: string): FakeSubscription => {
    const found = subscriptions.get(id);
    if (!found) throw new Error(`the fake holds no subscription ${id}`);
    return found;
  };

  const baseUrl = `http://127.0.0.1:${port}`;
  const sandboxCertUrl = `https://${PAYPAL_CERT_HOSTS.test}${CERT_PATH}`;

  return {
    baseUrl,
    /** The test root the fake's signing chain leads to: a test's sandbox trust anchor. */
    webhookAuthority: () => new X509Certificate(webhookCertificates().authority),
    /** Downloads certificates as from PayPal's sandbox host, from the fake instead. */
    certificateFetcher: ((url) => downloadCertificate(url.replace(`https://${PAYPAL_CERT_HOSTS.test}`, baseUrl))) as CertificateFetcher,
    /** A webhook delivery as PayPal's sandbox sends it for `webhookId`: the raw body and its signature headers. */
    signWebhook(event: object, webhookId: string, sentAt: Date = new Date()) {
      const body = Buffer.from(JSON.stringify(event));
      const transmission = { id: randomUUID(), time: sentAt.toISOString() };
      const message = `${transmission.id}|${transmission.time}|${webhookId}|${crc32(body)}`;
      const signature = sign('sha256', Buffer.from(message), webhookCertificates().signingKey).toString('base64');
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'paypal-transmission-id': transmission.id,
        'paypal-transmission-time': transmission.time,
        'paypal-transmission-sig': signature,
        'paypal-cert-url': sandboxCertUrl,
        'paypal-auth-algo': 'SHA256withRSA',
      };
      return { body, headers };
    },
    requests,
    /** The requests other than token requests. */
    apiRequests: () => requests.filter((request) => request.path !== '/v1/oauth2/token'),
    tokenRequests: () => requests.filter((request) => request.path === '/v1/oauth2/token'),
    /** Answers instead of the fake's own logic when it returns a reply. */
    setOverride(handler: ((request: RecordedRequest) => FakeReply | undefined) | null) {
      override = handler;
    },
    /** PayPal forgets every token (as after a credential rotation). */
    revokeTokens: () => tokens.clear(),
    /** The visitor approves the order in PayPal's popup; capturing it will then have `outcome`. */
    approveOrder(id: string, outcome: FakeOrder['captureOutcome'] = 'COMPLETED') {
      order(id).order.status = 'APPROVED';
      order(id).captureOutcome = outcome;
    },
    setOrderStatus(id: string, status: PayPalOrder['status']) {
      order(id).order.status = status;
    },
    /** Captured outside this client (another server, an earlier call whose answer was lost). */
    captureElsewhere(id: string, status: PayPalCaptureStatus = 'COMPLETED') {
      captureNow(order(id), status);
    },
    setSubscription(id: string, patch: Partial<Omit<PayPalSubscription, 'id'>>, activateAfterReads: number | null = null) {
      Object.assign(subscription(id).subscription, patch);
      subscription(id).activateAfterReads = activateAfterReads;
    },
    /** PayPal bills a subscription: a sale of `amount` minor units at `time`. */
    addSale(sale: FakeSale) {
      sales.set(sale.id, sale);
    },
    /** The refunds made, by id, with what they refunded (minor units). */
    refunds,
    /** The next refunds are made with these statuses, in order. */
    refundStatuses,
    /** Settles a refund as PayPal would later. */
    settleRefund(id: string, status: 'COMPLETED' | 'FAILED') {
      const refund = refunds.get(id);
      if (!refund) throw new Error(`the fake holds no refund ${id}`);
      refund.status = refund.api === 'v2' ? status : status.toLowerCase();
    },
    /** Where a subscription stands at PayPal now. */
    subscriptionStatus: (id: string) => subscription(id).subscription.status,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakePayPal = Awaited<ReturnType<typeof startFakePayPal>>;
