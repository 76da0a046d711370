import { z } from 'zod';
import type { PaymentFailureCode } from '@/lib/payments/paymentErrors';
import type { GatewayEvent, ProviderRenewalEvent } from '@/lib/server/payments/PaymentGateway';

/** A webhook event's envelope; `id` (WH-…) is unique per event and de-duplicates redeliveries. */
export const paypalWebhookEventSchema = z.object({
  id: z.string().min(1),
  event_type: z.string().min(1),
  resource: z.unknown().optional(),
});
export type PayPalWebhookEvent = z.infer<typeof paypalWebhookEventSchema>;

/** PAYMENT.CAPTURE.*: a capture of an order; the order id (our payment id) is in supplementary_data. */
const captureResource = z.object({
  id: z.string(),
  custom_id: z.string().optional(),
  supplementary_data: z.object({ related_ids: z.object({ order_id: z.string().optional() }).optional() }).optional(),
});

/** BILLING.SUBSCRIPTION.*: the subscription itself (billing_info counts the failed payments of the period). */
const subscriptionResource = z.object({
  id: z.string(),
  custom_id: z.string().optional(),
  billing_info: z
    .object({
      failed_payments_count: z.number().int().nonnegative().optional(),
      last_failed_payment: z.object({ time: z.string().optional() }).optional(),
    })
    .optional(),
});

/** PAYMENT.SALE.*: a payment of a subscription (billing_agreement_id is the I-… id; `custom` carries its custom_id). */
const saleResource = z.object({
  id: z.string(),
  billing_agreement_id: z.string().optional(),
  custom: z.string().optional(),
  create_time: z.string().optional(),
});

type Outcome = { type: 'payment.succeeded' } | { type: 'payment.failed'; failureCode: PaymentFailureCode };
const succeeded: Outcome = { type: 'payment.succeeded' };
const failedWith = (failureCode: PaymentFailureCode): Outcome => ({ type: 'payment.failed', failureCode });

/** Where an event's resource names our payment (an order id or a subscription id) and our transaction. */
type Locate = (resource: unknown) => { paymentId: string; transactionId: string | undefined } | null;

const ofCapture: Locate = (resource) => {
  const capture = captureResource.safeParse(resource);
  const orderId = capture.success ? capture.data.supplementary_data?.related_ids?.order_id : undefined;
  return capture.success && orderId ? { paymentId: orderId, transactionId: capture.data.custom_id } : null;
};
const ofSubscription: Locate = (resource) => {
  const subscription = subscriptionResource.safeParse(resource);
  return subscription.success ? { paymentId: subscription.data.id, transactionId: subscription.data.custom_id } : null;
};
const ofSubscriptionSale: Locate = (resource) => {
  const sale = saleResource.safeParse(resource);
  // A sale without a billing agreement is not a subscription's (nor ours: orders are captures).
  return sale.success && sale.data.billing_agreement_id
    ? { paymentId: sale.data.billing_agreement_id, transactionId: sale.data.custom }
    : null;
};

/** What a subscription event means for a subscription whose purchase is settled (lib/server/renewals/providerRenewalEvents.ts). */
type Renewal = (resource: unknown) => ProviderRenewalEvent | undefined;

const salePaid: Renewal = (resource) => {
  const sale = saleResource.safeParse(resource);
  return sale.success ? { kind: 'paid', saleId: sale.data.id, at: sale.data.create_time ?? null } : undefined;
};
const paymentFailed: Renewal = (resource) => {
  const subscription = subscriptionResource.safeParse(resource);
  const billing = subscription.success ? subscription.data.billing_info : undefined;
  return { kind: 'payment-failed', failedPayments: billing?.failed_payments_count ?? null, at: billing?.last_failed_payment?.time ?? null };
};
const suspended: Renewal = () => ({ kind: 'suspended' });
const cancelled: Renewal = () => ({ kind: 'cancelled' });

/**
 * The PayPal events that move a payment of ours, and what they mean for it. A transaction
 * only moves from an open state (reconcile.ts): an event that arrives after the checkout
 * settled moves the subscription instead, where it carries a `renewal` (a later period's
 * sale, a failed payment, a suspension, a cancellation); any other is recorded and changes
 * nothing.
 *
 * - Orders: the capture's outcome. DENIED is PayPal's word for a capture it refused after
 *   the fact (e.g. an eCheck that bounced), DECLINED for one refused at once.
 * - Subscriptions: ACTIVATED is success (as in retrieve(): PayPal activates an approved
 *   subscription and takes the first period's price itself); so is the first PAYMENT.SALE.
 *   CANCELLED/EXPIRED before activation means the visitor never completed it (`cancelled`);
 *   SUSPENDED, a failed subscription payment or a denied sale means the money was refused
 *   (`wallet_declined`).
 * - Refunds settle our refund (refundIdFrom); everything else (CHECKOUT.ORDER.APPROVED:
 *   retrieve() captures; disputes) is ignored.
 */
const EVENT_MAP: Readonly<Record<string, { locate: Locate; outcome: Outcome; renewal?: Renewal }>> = {
  'PAYMENT.CAPTURE.COMPLETED': { locate: ofCapture, outcome: succeeded },
  'PAYMENT.CAPTURE.DENIED': { locate: ofCapture, outcome: failedWith('wallet_declined') },
  'PAYMENT.CAPTURE.DECLINED': { locate: ofCapture, outcome: failedWith('wallet_declined') },
  'BILLING.SUBSCRIPTION.ACTIVATED': { locate: ofSubscription, outcome: succeeded },
  'BILLING.SUBSCRIPTION.CANCELLED': { locate: ofSubscription, outcome: failedWith('cancelled'), renewal: cancelled },
  'BILLING.SUBSCRIPTION.EXPIRED': { locate: ofSubscription, outcome: failedWith('cancelled') },
  'BILLING.SUBSCRIPTION.SUSPENDED': { locate: ofSubscription, outcome: failedWith('wallet_declined'), renewal: suspended },
  'BILLING.SUBSCRIPTION.PAYMENT.FAILED': { locate: ofSubscription, outcome: failedWith('wallet_declined'), renewal: paymentFailed },
  'PAYMENT.SALE.COMPLETED': { locate: ofSubscriptionSale, outcome: succeeded, renewal: salePaid },
  'PAYMENT.SALE.DENIED': { locate: ofSubscriptionSale, outcome: failedWith('wallet_declined') },
};

/** Events about a refund: the resource is the refund itself (a refund of ours, or one PayPal made, a reversal). */
const REFUND_EVENTS = new Set(['PAYMENT.CAPTURE.REFUNDED', 'PAYMENT.CAPTURE.REVERSED', 'PAYMENT.SALE.REFUNDED', 'PAYMENT.SALE.REVERSED']);
const refundResource = z.object({ id: z.string().min(1).max(200) });

/** The refund a refund event is about, or null for any other event. */
export function refundIdFrom(event: PayPalWebhookEvent): string | null {
  if (!REFUND_EVENTS.has(event.event_type)) return null;
  const refund = refundResource.safeParse(event.resource);
  return refund.success ? refund.data.id : null;
}

/**
 * The gateway event a PayPal event stands for, or null when it does not move a payment of
 * ours. The sandbox PayPal sends itself the same events (as `sandbox-paypal`), so that its
 * renewals take this path too.
 */
export function gatewayEventFrom(event: PayPalWebhookEvent, gateway: 'paypal' | 'sandbox-paypal' = 'paypal'): GatewayEvent | null {
  const mapping = Object.hasOwn(EVENT_MAP, event.event_type) ? EVENT_MAP[event.event_type] : undefined;
  const located = mapping?.locate(event.resource);
  if (!mapping || !located) return null;
  const renewal = mapping.renewal?.(event.resource);
  return {
    id: event.id,
    gateway,
    type: mapping.outcome.type,
    paymentId: located.paymentId,
    ...(located.transactionId ? { transactionId: located.transactionId } : {}),
    ...(mapping.outcome.type === 'payment.failed' ? { failureCode: mapping.outcome.failureCode } : {}),
    ...(renewal ? { renewal } : {}),
  };
}
