import { createHash } from 'node:crypto';
import { gatewayEventFrom, type PayPalWebhookEvent } from '@/lib/server/payments/paypal/paypalEvents';
import { toPayPalValue } from '@/lib/server/payments/paypal/paypalMoney';
import type { GatewayEvent, ProviderRenewalRequest } from '@/lib/server/payments/PaymentGateway';
import { PROVIDER_FAILURES_BEFORE_SUSPENSION } from '@/lib/subscriptions/providerRenewal';
import type { SandboxWalletPayment } from './sandboxPayments';

/** Ids made from the subscription, the period and the try: asked again, the sandbox sends the same events, applied once. */
const idOf = (prefix: string, ...parts: string[]) =>
  `${prefix}${createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 17).toUpperCase()}`;

/**
 * The webhook events PayPal sends for one renewal of a subscription (the sandbox PayPal's
 * agreement, its id standing for PayPal's I-… id), in PayPal's own shapes, then read by the
 * same mapping as PayPal's (paypalEvents.ts): PAYMENT.SALE.COMPLETED when its renewals pay;
 * else BILLING.SUBSCRIPTION.PAYMENT.FAILED with PayPal's count of failed payments and, at
 * the last one PayPal allows, BILLING.SUBSCRIPTION.SUSPENDED.
 */
export function sandboxPayPalRenewal(agreement: SandboxWalletPayment, request: ProviderRenewalRequest): GatewayEvent[] {
  const at = request.at.toISOString();
  const subscriptionId = agreement.id;
  const attempt = [subscriptionId, request.periodStart, String(request.failedPayments)];
  const amount = { total: toPayPalValue(request.amount, request.currencyCode), currency: request.currencyCode };
  const events: PayPalWebhookEvent[] = [];
  if (agreement.renewals === 'approve') {
    events.push({
      id: idOf('WH-SANDBOX-', 'sale', ...attempt),
      event_type: 'PAYMENT.SALE.COMPLETED',
      resource: { id: idOf('SALE-', ...attempt), state: 'completed', amount, billing_agreement_id: subscriptionId, create_time: at },
    });
  } else {
    const failedPayments = request.failedPayments + 1;
    const suspended = failedPayments >= PROVIDER_FAILURES_BEFORE_SUSPENSION;
    const subscription = (status: string) => ({
      id: subscriptionId,
      status,
      billing_info: { failed_payments_count: failedPayments, last_failed_payment: { amount, time: at } },
    });
    events.push({
      id: idOf('WH-SANDBOX-', 'failed', ...attempt),
      event_type: 'BILLING.SUBSCRIPTION.PAYMENT.FAILED',
      resource: subscription('ACTIVE'),
    });
    if (suspended) {
      events.push({
        id: idOf('WH-SANDBOX-', 'suspended', ...attempt),
        event_type: 'BILLING.SUBSCRIPTION.SUSPENDED',
        resource: subscription('SUSPENDED'),
      });
    }
  }
  return events.map((event) => gatewayEventFrom(event, 'sandbox-paypal')).filter((event): event is GatewayEvent => event !== null);
}
