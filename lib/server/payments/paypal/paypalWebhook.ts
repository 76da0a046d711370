import type { X509Certificate } from 'node:crypto';
import { HttpError } from '@/lib/server/http/HttpError';
import type { ApplyGatewayEvent, GatewayEventOutcome } from '@/lib/server/payments/PaymentGateway';
import type { SettleRefund } from '@/lib/server/refunds/refundNotices';
import { gatewayEventFrom, paypalWebhookEventSchema, refundIdFrom } from './paypalEvents';
import {
  cachingCertificateFetcher,
  transmissionFrom,
  verifyTransmission,
  type CertificateFetcher,
  type HeaderSource,
  type PayPalMode,
} from './paypalWebhookSignature';

export { cachingCertificateFetcher, downloadCertificate, WEBHOOK_TOLERANCE_MS } from './paypalWebhookSignature';
export type { CertificateFetcher, HeaderSource } from './paypalWebhookSignature';

/** The fetcher for production: downloads from PayPal, cached by URL for the life of the process. */
export const paypalCertificates: CertificateFetcher = cachingCertificateFetcher();

export interface PayPalWebhookDeps {
  /** Each mode's webhook id (PAYPAL_WEBHOOK_ID_LIVE/TEST); a delivery must be signed for one of them. */
  webhookIds: { live?: string | undefined; test?: string | undefined };
  /** paypalCertificates in production; tests serve their own certificate. */
  fetchCertificate: CertificateFetcher;
  /** Tests only: the test roots (the local fake's) trusted per mode besides the system's; the route passes none. */
  testTrustAnchors?: Readonly<Partial<Record<PayPalMode, readonly X509Certificate[]>>>;
  now: () => Date;
  /** Records and applies the event once (the checkout's reconciliation). */
  apply: ApplyGatewayEvent;
  /** A refund of ours moved (lib/server/refunds/refundNotices.ts); refund events are ignored without it. */
  settleRefund?: SettleRefund;
}

export interface PayPalWebhookResult {
  received: true;
  outcome: GatewayEventOutcome | 'ignored';
}

/**
 * Takes a PayPal webhook delivery: the signature is checked locally against the raw body
 * (paypalWebhookSignature.ts), then events that move a payment are applied once by event id,
 * in the mode of the webhook they were signed for (a live webhook's event never moves a test
 * order, nor a test one a live order), and the rest are acknowledged and ignored. Anything
 * wrong with the delivery is an HttpError (400, or 503 when a certificate cannot be had) and
 * changes nothing; only `apply` failing (our database) escapes as an error, so that PayPal retries.
 */
export async function handlePayPalWebhook(
  deps: PayPalWebhookDeps,
  headers: HeaderSource,
  rawBody: Uint8Array,
): Promise<PayPalWebhookResult> {
  if (!deps.webhookIds.live && !deps.webhookIds.test)
    throw new HttpError(503, 'payments_unavailable', 'PayPal webhooks are not configured.');
  const transmission = transmissionFrom(headers);

  // Read before anything is fetched: a body that is no event needs no certificate to be refused.
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(rawBody.buffer, rawBody.byteOffset, rawBody.byteLength).toString('utf8'));
  } catch {
    throw new HttpError(400, 'invalid_payload', 'The PayPal webhook body is not JSON.');
  }
  const parsed = paypalWebhookEventSchema.safeParse(json);
  if (!parsed.success)
    throw new HttpError(400, 'invalid_payload', 'The PayPal webhook body is not an event (id and event_type are required).');

  const { livemode } = await verifyTransmission(transmission, rawBody, {
    webhookIds: deps.webhookIds,
    fetchCertificate: deps.fetchCertificate,
    now: deps.now,
    ...(deps.testTrustAnchors ? { testTrustAnchors: deps.testTrustAnchors } : {}),
  });
  const refundId = refundIdFrom(parsed.data);
  if (refundId && deps.settleRefund) return { received: true, outcome: await deps.settleRefund(refundId) };
  const event = gatewayEventFrom(parsed.data);
  if (!event) return { received: true, outcome: 'ignored' };
  return { received: true, outcome: await deps.apply({ ...event, livemode }) };
}
