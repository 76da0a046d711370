import { createPrivateKey, type KeyObject } from 'node:crypto';
import { markedError } from '@/lib/server/crossBundleMark';
import type { z } from 'zod';
import { rfc3986, signRequest, type AmazonPayRegion } from './amazonPaySigner';
import {
  chargePermissionSchema,
  chargeSchema,
  checkoutSessionSchema,
  errorBodySchema,
  refundSchema,
  type AmazonPayCredentials,
  type Charge,
  type ChargePermission,
  type CheckoutSession,
  type CompleteCheckoutSessionBody,
  type CreateChargeBody,
  type CreateRefundBody,
  type Refund,
  type UpdateCheckoutSessionBody,
} from './amazonPayTypes';

/** Each region's API host (Amazon Pay SDKs' API_ENDPOINTS). */
export const AMAZON_PAY_API_HOSTS: Readonly<Record<AmazonPayRegion, string>> = {
  na: 'https://pay-api.amazon.com',
  eu: 'https://pay-api.amazon.eu',
  jp: 'https://pay-api.amazon.jp',
};

/**
 * Amazon refused a request (status and Amazon's reasonCode), or could not be reached (status 0).
 * Marked: the client is the server context's copy (crossBundleMark.ts).
 */
export class AmazonPayApiError extends markedError('purchase-journey.AmazonPayApiError') {
  constructor(
    readonly status: number,
    readonly reasonCode: string,
    message: string,
  ) {
    super(message);
    this.name = 'AmazonPayApiError';
  }

  /** Worth another try, as Amazon's SDKs retry: throttled, timed out, Amazon's own fault, or no answer at all. */
  get retryable(): boolean {
    return this.status === 0 || this.status === 408 || this.status === 425 || this.status === 429 || this.status >= 500;
  }
}

export interface AmazonPayClientOptions {
  fetch?: typeof fetch;
  /** Per attempt; Amazon answers in well under a second, a hung connection must not hold the visitor. */
  timeoutMs?: number;
  /** Further attempts after a retryable failure (the same idempotency key each time, so a repeat is harmless). */
  retries?: number;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Keys whose id starts with LIVE- or SANDBOX- ("environment-specific keys") address the
 * unified endpoint /v2/…; older keys name the environment in the path, /live/v2/… or
 * /sandbox/v2/… (the SDKs' prepareOptions / createServiceUrl).
 */
export function amazonPayPathPrefix(credentials: Pick<AmazonPayCredentials, 'publicKeyId' | 'sandbox'>): string {
  const id = credentials.publicKeyId.toUpperCase();
  if (id.startsWith('LIVE') || id.startsWith('SANDBOX')) return '/v2';
  return credentials.sandbox ? '/sandbox/v2' : '/live/v2';
}

/** A key made for one environment used for the other would take real money in test mode, or fail in live mode. */
function assertKeyMatchesMode(credentials: AmazonPayCredentials): void {
  const id = credentials.publicKeyId.toUpperCase();
  if ((id.startsWith('LIVE') && credentials.sandbox) || (id.startsWith('SANDBOX') && !credentials.sandbox)) {
    throw new Error(
      `Amazon Pay public key ${credentials.publicKeyId} is for the ${credentials.sandbox ? 'live' : 'sandbox'} environment, not ${credentials.sandbox ? 'the sandbox' : 'live'}`,
    );
  }
}

type Method = 'GET' | 'POST' | 'PATCH';

/**
 * A thin, typed client for the Amazon Pay API v2 calls our checkout and renewals make, on fetch.
 * Create Checkout Session is not here: the button creates the session from the signed
 * payload (see AmazonPayGateway.charge).
 */
export class AmazonPayClient {
  private readonly key: KeyObject;
  private readonly base: URL;
  private readonly prefix: string;
  private readonly fetch: typeof fetch;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly now: () => Date;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(
    readonly credentials: AmazonPayCredentials,
    options: AmazonPayClientOptions = {},
  ) {
    assertKeyMatchesMode(credentials);
    this.key = createPrivateKey(credentials.privateKey);
    this.base = new URL(credentials.baseUrl ?? AMAZON_PAY_API_HOSTS[credentials.region]);
    this.prefix = `${this.base.pathname.replace(/\/+$/, '')}${amazonPayPathPrefix(credentials)}`;
    this.fetch = options.fetch ?? globalThis.fetch;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.retries = options.retries ?? 2;
    this.now = options.now ?? (() => new Date());
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  getCheckoutSession(checkoutSessionId: string): Promise<CheckoutSession> {
    return this.call('GET', ['checkoutSessions', checkoutSessionId], checkoutSessionSchema);
  }

  updateCheckoutSession(checkoutSessionId: string, body: UpdateCheckoutSessionBody): Promise<CheckoutSession> {
    return this.call('PATCH', ['checkoutSessions', checkoutSessionId], checkoutSessionSchema, body);
  }

  /** At most 32 characters of [A-Za-z0-9_-] in the idempotency key (Amazon's rule). */
  completeCheckoutSession(checkoutSessionId: string, body: CompleteCheckoutSessionBody, idempotencyKey: string): Promise<CheckoutSession> {
    return this.call('POST', ['checkoutSessions', checkoutSessionId, 'complete'], checkoutSessionSchema, body, idempotencyKey);
  }

  /** Create Charge on a charge permission (a renewal); the idempotency key as for completeCheckoutSession. */
  createCharge(body: CreateChargeBody, idempotencyKey: string): Promise<Charge> {
    return this.call('POST', ['charges'], chargeSchema, body, idempotencyKey);
  }

  getCharge(chargeId: string): Promise<Charge> {
    return this.call('GET', ['charges', chargeId], chargeSchema);
  }

  /** Create Refund on a captured charge (Amazon refunds later: the answer is RefundInitiated); the idempotency key as for completeCheckoutSession. */
  createRefund(body: CreateRefundBody, idempotencyKey: string): Promise<Refund> {
    return this.call('POST', ['refunds'], refundSchema, body, idempotencyKey);
  }

  getRefund(refundId: string): Promise<Refund> {
    return this.call('GET', ['refunds', refundId], refundSchema);
  }

  getChargePermission(chargePermissionId: string): Promise<ChargePermission> {
    return this.call('GET', ['chargePermissions', chargePermissionId], chargePermissionSchema);
  }

  private async call<T>(
    method: Method,
    segments: readonly string[],
    schema: z.ZodType<T>,
    body?: object,
    idempotencyKey?: string,
  ): Promise<T> {
    const url = new URL(this.base.origin);
    url.pathname = `${this.prefix}/${segments.map(rfc3986).join('/')}`;
    // Serialised once: the bytes hashed into the signature are the bytes sent.
    const payload = body === undefined ? '' : JSON.stringify(body);
    const json = await this.sendWithRetries(method, url, payload, idempotencyKey);
    const parsed = schema.safeParse(json);
    if (!parsed.success)
      throw new AmazonPayApiError(
        200,
        'UnexpectedResponse',
        `Amazon Pay ${method} ${url.pathname} answered an unexpected body: ${parsed.error.message}`,
      );
    return parsed.data;
  }

  private async sendWithRetries(method: Method, url: URL, payload: string, idempotencyKey: string | undefined): Promise<unknown> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await this.send(method, url, payload, idempotencyKey);
      } catch (error) {
        if (!(error instanceof AmazonPayApiError) || !error.retryable || attempt >= this.retries) throw error;
        await this.sleep(250 * 2 ** attempt);
      }
    }
  }

  private async send(method: Method, url: URL, payload: string, idempotencyKey: string | undefined): Promise<unknown> {
    // Signed afresh per attempt: x-amz-pay-date must be current.
    const headers = signRequest({
      method,
      url,
      body: payload,
      region: this.credentials.region,
      publicKeyId: this.credentials.publicKeyId,
      privateKey: this.key,
      at: this.now(),
      idempotencyKey,
    });
    let response: Response;
    try {
      response = await this.fetch(url, {
        method,
        headers,
        body: method === 'GET' ? undefined : payload,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new AmazonPayApiError(
        0,
        timedOut ? 'RequestTimeout' : 'NetworkError',
        `Amazon Pay ${method} ${url.pathname}: ${timedOut ? `no answer within ${this.timeoutMs} ms` : String(error)}`,
      );
    }
    const text = await response.text();
    const json = parseJson(text);
    if (!response.ok) {
      const detail = errorBodySchema.safeParse(json);
      const reasonCode = (detail.success ? detail.data.reasonCode : undefined) ?? `HTTP${response.status}`;
      const message = (detail.success ? detail.data.message : undefined) ?? text.slice(0, 200);
      throw new AmazonPayApiError(
        response.status,
        reasonCode,
        `Amazon Pay ${method} ${url.pathname} answered ${response.status} ${reasonCode}: ${message}`,
      );
    }
    return json;
  }
}

function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}
