import { createHash } from 'node:crypto';
import { markedError } from '@/lib/server/crossBundleMark';
import type {
  PayPalAccessToken,
  PayPalCaptureRefundRequest,
  PayPalErrorBody,
  PayPalOrder,
  PayPalOrderRequest,
  PayPalPlan,
  PayPalPlanRequest,
  PayPalProduct,
  PayPalProductRequest,
  PayPalRefund,
  PayPalSaleRefund,
  PayPalSaleRefundRequest,
  PayPalSubscription,
  PayPalSubscriptionTransactions,
  PayPalSubscriptionRequest,
  PayPalVerifyWebhookSignatureRequest,
  PayPalVerifyWebhookSignatureResponse,
} from './paypalTypes';

/** One PayPal REST app in one mode (live: api-m.paypal.com, test: api-m.sandbox.paypal.com, or a local fake). */
export interface PayPalClientConfig {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Injected in tests only to count or delay calls; the default is the global fetch. */
  fetch?: typeof fetch;
  /** Per request, including reading the body. */
  timeoutMs?: number;
  /** Milliseconds since the epoch; tests move it to expire the access token. */
  now?: () => number;
}

/** Long enough for a capture under load, short enough that a visitor is not left waiting on a dead connection. */
export const PAYPAL_TIMEOUT_MS = 15_000;

/**
 * PayPal answered, but not with 2xx. `errorName` is PayPal's `name` (REST) or `error` (OAuth).
 * Marked: the client is the server context's copy (crossBundleMark.ts).
 */
export class PayPalApiError extends markedError('purchase-journey.PayPalApiError') {
  constructor(
    readonly status: number,
    readonly errorName: string | null,
    /** details[0].issue: the fine-grained reason (INSTRUMENT_DECLINED, ORDER_ALREADY_CAPTURED…). */
    readonly issue: string | null,
    /** Quote it to PayPal support; it identifies the call in their logs. */
    readonly debugId: string | null,
    message: string,
  ) {
    super(message);
    this.name = 'PayPalApiError';
  }
}

/**
 * No answer from PayPal: a timeout or a connection failure. Whether the request took effect is unknown.
 * Marked: the client is the server context's copy (crossBundleMark.ts).
 */
export class PayPalNetworkError extends markedError('purchase-journey.PayPalNetworkError') {
  constructor(
    message: string,
    readonly timedOut: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'PayPalNetworkError';
  }
}

/**
 * A PayPal-Request-Id (PayPal's idempotency key, at most 108 characters) derived from what
 * makes a call unique. Hashed, because the value may be a secret: our checkout idempotency
 * key also proves ownership of the attempt, and must not end up in PayPal's logs.
 */
export function paypalRequestId(purpose: string, value: string): string {
  return `${purpose}-${createHash('sha256').update(`paypal:${purpose}:${value}`).digest('hex').slice(0, 48)}`;
}

interface RequestOptions {
  body?: unknown;
  /** Sent as PayPal-Request-Id with Prefer: return=representation, on POSTs that create or move money. */
  requestId?: string;
}

/**
 * A thin, typed client for the PayPal REST calls the gateway makes. It owns the OAuth2
 * client-credentials token (fetched once, shared by concurrent calls, renewed shortly before
 * it expires or when PayPal answers 401), and turns every non-2xx answer into a
 * PayPalApiError and every lost connection into a PayPalNetworkError.
 */
export class PayPalClient {
  private readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;
  private readonly timeoutMs: number;
  private readonly now: () => number;
  private token: { value: string; renewAt: number } | null = null;
  private pendingToken: Promise<string> | null = null;

  constructor(private readonly config: PayPalClientConfig) {
    this.baseUrl = config.baseUrl.replace(/\/+$/, '');
    this.fetchImpl = config.fetch ?? ((input, init) => fetch(input, init));
    this.timeoutMs = config.timeoutMs ?? PAYPAL_TIMEOUT_MS;
    this.now = config.now ?? Date.now;
  }

  createOrder(body: PayPalOrderRequest, requestId: string): Promise<PayPalOrder> {
    return this.call('POST', '/v2/checkout/orders', { body, requestId });
  }

  getOrder(id: string): Promise<PayPalOrder> {
    return this.call('GET', `/v2/checkout/orders/${encodeURIComponent(id)}`);
  }

  /** Takes the money of an approved order. The body is an empty JSON object (payment_source stays the approved one). */
  captureOrder(id: string, requestId: string): Promise<PayPalOrder> {
    return this.call('POST', `/v2/checkout/orders/${encodeURIComponent(id)}/capture`, { body: {}, requestId });
  }

  createProduct(body: PayPalProductRequest, requestId: string): Promise<PayPalProduct> {
    return this.call('POST', '/v1/catalogs/products', { body, requestId });
  }

  createPlan(body: PayPalPlanRequest, requestId: string): Promise<PayPalPlan> {
    return this.call('POST', '/v1/billing/plans', { body, requestId });
  }

  createSubscription(body: PayPalSubscriptionRequest, requestId: string): Promise<PayPalSubscription> {
    return this.call('POST', '/v1/billing/subscriptions', { body, requestId });
  }

  getSubscription(id: string): Promise<PayPalSubscription> {
    return this.call('GET', `/v1/billing/subscriptions/${encodeURIComponent(id)}`);
  }

  /** Stops PayPal's renewals of a subscription until it is activated again (PayPal answers 204). */
  suspendSubscription(id: string, reason: string): Promise<unknown> {
    return this.call('POST', `/v1/billing/subscriptions/${encodeURIComponent(id)}/suspend`, { body: { reason } });
  }

  /** Starts a suspended subscription's renewals again (PayPal answers 204). */
  activateSubscription(id: string, reason: string): Promise<unknown> {
    return this.call('POST', `/v1/billing/subscriptions/${encodeURIComponent(id)}/activate`, { body: { reason } });
  }

  /** Ends a subscription for good (PayPal answers 204; 422 SUBSCRIPTION_STATUS_INVALID when it is cancelled already). */
  cancelSubscription(id: string, reason: string): Promise<unknown> {
    return this.call('POST', `/v1/billing/subscriptions/${encodeURIComponent(id)}/cancel`, { body: { reason } });
  }

  /** Refunds all or part of an order's capture. */
  refundCapture(captureId: string, body: PayPalCaptureRefundRequest, requestId: string): Promise<PayPalRefund> {
    return this.call('POST', `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, { body, requestId });
  }

  getRefund(refundId: string): Promise<PayPalRefund> {
    return this.call('GET', `/v2/payments/refunds/${encodeURIComponent(refundId)}`);
  }

  /** Refunds all or part of a sale: a subscription's payment (PayPal's v1 payments API, which subscriptions' sales still use). */
  refundSale(saleId: string, body: PayPalSaleRefundRequest, requestId: string): Promise<PayPalSaleRefund> {
    return this.call('POST', `/v1/payments/sale/${encodeURIComponent(saleId)}/refund`, { body, requestId });
  }

  getSaleRefund(refundId: string): Promise<PayPalSaleRefund> {
    return this.call('GET', `/v1/payments/refund/${encodeURIComponent(refundId)}`);
  }

  /** A subscription's payments between two instants (ISO): its sales. */
  listSubscriptionTransactions(subscriptionId: string, startTime: string, endTime: string): Promise<PayPalSubscriptionTransactions> {
    const query = new URLSearchParams({ start_time: startTime, end_time: endTime });
    return this.call('GET', `/v1/billing/subscriptions/${encodeURIComponent(subscriptionId)}/transactions?${query.toString()}`);
  }

  /** PayPal's remote check of a webhook delivery (paypalWebhook.ts verifies locally; this is the fallback). */
  verifyWebhookSignature(body: PayPalVerifyWebhookSignatureRequest): Promise<PayPalVerifyWebhookSignatureResponse> {
    return this.call('POST', '/v1/notifications/verify-webhook-signature', { body });
  }

  private async call<T>(method: 'GET' | 'POST', path: string, options: RequestOptions = {}): Promise<T> {
    const attempt = async (): Promise<Response> => {
      const headers: Record<string, string> = { Authorization: `Bearer ${await this.accessToken()}`, Accept: 'application/json' };
      if (options.body !== undefined) headers['Content-Type'] = 'application/json';
      if (options.requestId !== undefined) {
        headers['PayPal-Request-Id'] = options.requestId;
        headers.Prefer = 'return=representation';
      }
      return this.send(method, path, { headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
    };
    let response = await attempt();
    if (response.status === 401) {
      // The token was revoked or expired early: PayPal did nothing with the call, so one
      // retry with a fresh token is safe (and POSTs carry their PayPal-Request-Id anyway).
      await response.body?.cancel();
      this.token = null;
      response = await attempt();
    }
    return this.read<T>(method, path, response);
  }

  private accessToken(): Promise<string> {
    if (this.token && this.now() < this.token.renewAt) return Promise.resolve(this.token.value);
    this.pendingToken ??= this.fetchToken().finally(() => {
      this.pendingToken = null;
    });
    return this.pendingToken;
  }

  private async fetchToken(): Promise<string> {
    const basic = Buffer.from(`${this.config.clientId}:${this.config.clientSecret}`).toString('base64');
    const path = '/v1/oauth2/token';
    const response = await this.send('POST', path, {
      headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
    });
    const token = await this.read<PayPalAccessToken>('POST', path, response);
    const lifetimeMs = token.expires_in * 1000;
    // Renew 5 minutes early (PayPal tokens live about 9 hours), or halfway for a short-lived one.
    this.token = { value: token.access_token, renewAt: this.now() + lifetimeMs - Math.min(300_000, lifetimeMs / 2) };
    return token.access_token;
  }

  private async send(method: string, path: string, init: { headers: Record<string, string>; body: string | undefined }): Promise<Response> {
    try {
      return await this.fetchImpl(`${this.baseUrl}${path}`, {
        method,
        headers: init.headers,
        body: init.body,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw networkError(method, path, error, this.timeoutMs);
    }
  }

  private async read<T>(method: string, path: string, response: Response): Promise<T> {
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw networkError(method, path, error, this.timeoutMs);
    }
    const debugId = response.headers.get('paypal-debug-id');
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      // handled below: a success must be JSON, an error may be anything
    }
    if (response.ok) {
      if (parsed === undefined || parsed === null || typeof parsed !== 'object') {
        throw new PayPalApiError(
          response.status,
          'INVALID_RESPONSE',
          null,
          debugId,
          `PayPal answered ${method} ${path} with a body that is not a JSON object`,
        );
      }
      return parsed as T;
    }
    const error: PayPalErrorBody = parsed && typeof parsed === 'object' ? (parsed as PayPalErrorBody) : {};
    const name = error.name ?? error.error ?? null;
    const issue = error.details?.[0]?.issue ?? null;
    const detail = error.details?.[0]?.description ?? error.message ?? error.error_description ?? '';
    throw new PayPalApiError(
      response.status,
      name,
      issue,
      error.debug_id ?? debugId,
      `PayPal answered ${method} ${path} with ${response.status}${name ? ` ${name}` : ''}${issue ? ` (${issue})` : ''}${detail ? `: ${detail}` : ''}`,
    );
  }
}

function networkError(method: string, path: string, error: unknown, timeoutMs: number): PayPalNetworkError {
  const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
  const reason = timedOut ? `no answer within ${timeoutMs} ms` : error instanceof Error ? error.message : String(error);
  return new PayPalNetworkError(`PayPal did not answer ${method} ${path}: ${reason}`, timedOut, { cause: error });
}
