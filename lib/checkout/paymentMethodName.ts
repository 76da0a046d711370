import { cardBrandName } from '@/lib/payments/sandbox/cardFields';
import { EXPRESS_WALLET_LABELS } from '@/lib/payments/express/expressWallets';
import { PAYMENT_METHOD_LABELS } from '@/lib/payments/methods';
import type { OrderSnapshot } from './transactionView';

/**
 * How an order was paid, as the invoice says it: "Visa ending in 4242", "Card", "PayPal",
 * "Amazon Pay", or "Visa via Apple Pay" for a card an express wallet handed over (a wallet's
 * card number is a device number, not the one on the buyer's card, so its digits are not shown).
 */
export function paymentMethodName(payment: OrderSnapshot['payment']): string {
  if (payment.method !== 'card') return PAYMENT_METHOD_LABELS[payment.method];
  const brand = cardBrandName(payment.brand);
  if (payment.wallet) {
    const wallet = EXPRESS_WALLET_LABELS[payment.wallet];
    return payment.brand === 'card' || brand === 'Card' ? wallet : `${brand} via ${wallet}`;
  }
  return `${brand}${payment.last4 ? ` ending in ${payment.last4}` : ''}`;
}
