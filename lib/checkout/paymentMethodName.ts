import { cardBrandName } from '@/lib/payments/sandbox/cardFields';
import { PAYMENT_METHOD_LABELS } from '@/lib/payments/methods';
import type { OrderSnapshot } from './transactionView';

/** How an order was paid, as the invoice says it: "Visa ending in 4242", "Card", "PayPal", "Amazon Pay". */
export function paymentMethodName(payment: OrderSnapshot['payment']): string {
  if (payment.method !== 'card') return PAYMENT_METHOD_LABELS[payment.method];
  return `${cardBrandName(payment.brand)}${payment.last4 ? ` ending in ${payment.last4}` : ''}`;
}
