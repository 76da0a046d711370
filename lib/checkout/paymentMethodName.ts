import { cardBrandName } from '@/lib/payments/sandbox/cardFields';
import { EXPRESS_WALLET_LABELS } from '@/lib/payments/express/expressWallets';
import { PAYMENT_METHOD_LABELS } from '@/lib/payments/methods';
import type { Words } from '@/lib/i18n/words';
import type { OrderSnapshot } from './transactionView';

/**
 * How an order was paid, in the reader's words: "Visa ending in 4242" („Visa mit Endziffern
 * 4242“), "Card", "PayPal", "Amazon Pay", or "Visa via Apple Pay" for a card an express wallet
 * handed over (a wallet's card number is a device number, not the one on the buyer's card, so
 * its digits are not shown). Brand and wallet names are the same in every language.
 */
export function paymentMethodName(payment: OrderSnapshot['payment'], words: Words): string {
  if (payment.method !== 'card') return PAYMENT_METHOD_LABELS[payment.method];
  const known = cardBrandName(payment.brand);
  const brand = known === 'Card' ? words.t('order.paymentMethod.card') : known;
  if (payment.wallet) {
    const wallet = EXPRESS_WALLET_LABELS[payment.wallet];
    return payment.brand === 'card' || known === 'Card' ? wallet : words.t('order.paymentMethod.viaWallet', { brand, wallet });
  }
  return payment.last4 ? words.t('order.paymentMethod.cardEnding', { brand, last4: payment.last4 }) : brand;
}
