import type { OrderSnapshot, TransactionStatus } from '@/lib/checkout/transactionView';
import type { PaidCard } from '@/lib/server/payments/PaymentGateway';

type OrderPayment = OrderSnapshot['payment'];

/**
 * The order's payment once its gateway said which card it charged. A Stripe card reaches the
 * submit as a payment method id only (its number stays in Stripe's frames), so its brand and
 * last four come from Stripe. So does the wallet: the submit's `expressWallet` is what the
 * browser said, which any request can say, while Stripe read the wallet's own token; where the
 * two differ, the account, the invoice and the mails name the wallet Stripe saw.
 */
export function withPaidCard(payment: OrderPayment, card: PaidCard | undefined): OrderPayment {
  if (!card || payment.method !== 'card') return payment;
  return { method: 'card', brand: card.brand, last4: card.last4, ...(card.wallet ? { wallet: card.wallet } : {}) };
}

/**
 * Whether a kept transaction was opened with the payment a repeated submit of its attempt
 * brings. A card the submit could not name (no last four: a Stripe payment method) is named by
 * the gateway once paid (withPaidCard), so a paid one is compared by its method alone.
 */
export function openedWith(kept: { status: TransactionStatus; payment: OrderPayment }, submitted: OrderPayment): boolean {
  const namedByGateway = kept.status === 'succeeded' && submitted.method === 'card' && submitted.last4 === '';
  if (namedByGateway) return kept.payment.method === 'card';
  return JSON.stringify(kept.payment) === JSON.stringify(submitted);
}
