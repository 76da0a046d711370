import { z } from 'zod';
import { HttpError } from '@/lib/server/http/HttpError';
import type { ApplyGatewayEvent, GatewayEvent, GatewayEventOutcome } from '@/lib/server/payments/PaymentGateway';
import type { SettleRefund } from '@/lib/server/refunds/refundNotices';
import { AmazonPayApiError } from './amazonPayClient';
import { outcomeOfCharge, resultOfSession } from './amazonPayOutcome';
import { sessionIdFromMarker } from './amazonPayPayload';
import type { Charge, ChargePermission, CheckoutSession } from './amazonPayTypes';
import { namedTopicArn, type SnsVerifier } from './snsMessage';

/**
 * Amazon Pay Instant Payment Notifications: an SNS message whose Message is a small JSON
 * naming an object that changed (ObjectType, ObjectId, ChargePermissionId, NotificationId).
 * The notification carries no state, so we ask the API for the object (as Amazon asks us
 * to) and turn what it says into a gateway event for the checkout session our transaction keeps.
 */

/** The API reads a notification needs (AmazonPayClient has them), for the mode whose notifications this endpoint receives. */
export interface AmazonPayLookup {
  getCharge(chargeId: string): Promise<Charge>;
  getChargePermission(chargePermissionId: string): Promise<ChargePermission>;
  getCheckoutSession(checkoutSessionId: string): Promise<CheckoutSession>;
}

export interface AmazonPayIpnDeps {
  /** The mode whose endpoint received the delivery (a notification does not say). */
  mode: 'live' | 'test';
  /** From createSnsVerifier, made once so that certificates stay cached. */
  verify: SnsVerifier;
  /**
   * The SNS topics Amazon Pay notifies this mode's endpoint from (AMAZON_PAY_SNS_TOPIC_ARN_*):
   * anyone can sign through SNS with a topic of their own, so others are refused. None: all refused.
   */
  topicArns: readonly string[];
  /** Told when a delivery is refused for want of a pinned topic, so that the operator learns why (the caller logs it once). */
  warn?: (line: string) => void;
  lookup: AmazonPayLookup;
  /** Records the event once (by id) and moves the transaction; e.g. applyGatewayEvent. */
  apply: ApplyGatewayEvent;
  /** A refund of ours moved (lib/server/refunds/refundNotices.ts); REFUND notifications are ignored without it. */
  settleRefund?: SettleRefund;
  /** Our merchant id: a notification for another merchant is acknowledged and ignored. */
  merchantId?: string | undefined;
}

export interface IpnResult {
  received: true;
  outcome: GatewayEventOutcome | 'ignored';
  /** A SubscriptionConfirmation: GET this URL once to start receiving notifications. */
  subscribeUrl?: string;
}

const ipnSchema = z.object({
  MerchantID: z.string().optional(),
  ObjectType: z.string().min(1),
  ObjectId: z.string().min(1),
  ChargePermissionId: z.string().optional(),
  NotificationType: z.string().optional(),
  NotificationId: z.string().min(1),
  NotificationVersion: z.string().optional(),
});
export type AmazonPayIpn = z.infer<typeof ipnSchema>;

/** Amazon's pages write the keys both as MerchantID and merchantID: read either. */
const pascalKeys = (value: unknown): unknown =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).map(([key, v]) => [key.charAt(0).toUpperCase() + key.slice(1), v]))
    : value;

export function parseAmazonPayIpn(message: string): AmazonPayIpn {
  let json: unknown;
  try {
    json = JSON.parse(message);
  } catch {
    throw new HttpError(400, 'invalid_notification', 'The Amazon Pay notification inside the SNS message is not JSON.');
  }
  const parsed = ipnSchema.safeParse(pascalKeys(json));
  if (!parsed.success)
    throw new HttpError(
      400,
      'invalid_notification',
      'The SNS message is not an Amazon Pay notification (ObjectType, ObjectId, NotificationId).',
    );
  return parsed.data;
}

/** null: nothing to apply (not a final state, or not this checkout's payment); 'unmatched': about a payment we cannot name. */
type Mapped = GatewayEvent | null | 'unmatched';

/**
 * - CHARGE: Captured → payment.succeeded, Declined → payment.failed (wallet_declined),
 *   Canceled → payment.failed (by reason); pending states wait for the next notification.
 *   Only the charge the checkout session made counts: later charges on a recurring charge
 *   permission (renewals) are not this transaction's payment and are ignored.
 * - CHECKOUT_SESSION (should Amazon send one): Completed → succeeded, Canceled → failed.
 * - REFUND settles our refund (handleAmazonPayIpn, before this); CHARGE_PERMISSION,
 *   CHARGEBACK and others do not settle a checkout: ignored.
 */
export async function gatewayEventFor(ipn: AmazonPayIpn, lookup: AmazonPayLookup): Promise<Mapped> {
  if (ipn.NotificationType && ipn.NotificationType !== 'STATE_CHANGE') return null;
  if (ipn.ObjectType === 'CHECKOUT_SESSION') return eventOfSession(ipn, await lookup.getCheckoutSession(ipn.ObjectId));
  if (ipn.ObjectType !== 'CHARGE') return null;

  const charge = await lookup.getCharge(ipn.ObjectId);
  const outcome = outcomeOfCharge(charge);
  if (!outcome) return null;
  const permission = await lookup.getChargePermission(charge.chargePermissionId);
  const sessionId = sessionIdFromMarker(permission.merchantMetadata?.customInformation);
  if (!sessionId) return 'unmatched';
  const session = await orNull(lookup.getCheckoutSession(sessionId)); // Amazon deletes sessions after 30 days
  if (!session || session.chargeId !== charge.chargeId) return null;
  return {
    id: ipn.NotificationId,
    gateway: 'amazon-pay',
    paymentId: sessionId,
    transactionId: permission.merchantMetadata?.merchantReferenceId ?? undefined,
    ...outcome,
  };
}

function eventOfSession(ipn: AmazonPayIpn, session: CheckoutSession): Mapped {
  const state = session.statusDetails.state;
  if (state !== 'Completed' && state !== 'Canceled') return null;
  const result = resultOfSession(session);
  const about = {
    id: ipn.NotificationId,
    gateway: 'amazon-pay' as const,
    paymentId: session.checkoutSessionId,
    transactionId: session.merchantMetadata?.merchantReferenceId ?? undefined,
  };
  if (result.status === 'succeeded') return { ...about, type: 'payment.succeeded' };
  if (result.status === 'failed') return { ...about, type: 'payment.failed', failureCode: result.code };
  return null;
}

async function orNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof AmazonPayApiError && error.status === 404) return null;
    throw error;
  }
}

/** No topic pinned for the mode: every delivery is refused, and the operator told what to set. */
function topicNotConfigured(deps: AmazonPayIpnDeps, rawBody: string | Buffer): HttpError {
  const setting = `AMAZON_PAY_SNS_TOPIC_ARN_${deps.mode.toUpperCase()}`;
  const named = namedTopicArn(rawBody);
  deps.warn?.(
    `[amazon-pay] ${deps.mode} notifications are refused until ${setting} names Amazon Pay's SNS topic` +
      (named ? ` (this delivery names ${named}, unverified)` : '') +
      `: pin the TopicArn of the subscription confirmation Amazon sends when the IPN URL is saved in Seller Central.`,
  );
  return new HttpError(403, 'topic_not_configured', `Amazon Pay notifications in ${deps.mode} mode are refused: ${setting} is not set.`);
}

/**
 * Takes one delivery to the IPN endpoint (the raw body, as SNS posted it). A delivery from a
 * topic not pinned for the mode is a 403, before any certificate is fetched; a bad signature
 * or a malformed message is a 400; neither asks Amazon or records anything. Amazon unreachable
 * is a 503, so that SNS delivers again later. Events are applied once by NotificationId.
 */
export async function handleAmazonPayIpn(deps: AmazonPayIpnDeps, rawBody: string | Buffer): Promise<IpnResult> {
  if (deps.topicArns.length === 0) throw topicNotConfigured(deps, rawBody);
  const sns = await deps.verify(rawBody, deps.topicArns);
  if (sns.type === 'SubscriptionConfirmation') return { received: true, outcome: 'ignored', subscribeUrl: sns.subscribeUrl };
  if (sns.type !== 'Notification') return { received: true, outcome: 'ignored' };
  const ipn = parseAmazonPayIpn(sns.message);
  if (deps.merchantId && ipn.MerchantID && ipn.MerchantID !== deps.merchantId) return { received: true, outcome: 'ignored' };
  if (ipn.ObjectType === 'REFUND' && deps.settleRefund) return { received: true, outcome: await deps.settleRefund(ipn.ObjectId) };
  let mapped: Mapped;
  try {
    mapped = await gatewayEventFor(ipn, deps.lookup);
  } catch (error) {
    if (!(error instanceof AmazonPayApiError)) throw error;
    // The object is not in this environment's account (a sandbox notification at the live endpoint, say).
    if (error.status === 404) return { received: true, outcome: 'unmatched' };
    throw new HttpError(
      503,
      'amazon_pay_unavailable',
      `Amazon Pay could not be asked about ${ipn.ObjectType} ${ipn.ObjectId}; deliver again later.`,
    );
  }
  if (mapped === null) return { received: true, outcome: 'ignored' };
  if (mapped === 'unmatched') return { received: true, outcome: 'unmatched' };
  return { received: true, outcome: await deps.apply(mapped) };
}
