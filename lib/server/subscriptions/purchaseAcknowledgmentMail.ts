import type { Transaction } from '@/lib/server/checkout/Transaction';
import type { MailMessage } from '@/lib/server/mail/MailMessage';
import { mailFormats } from '@/lib/server/mail/mailRecipient';
import { purchaseAcknowledgment } from '@/lib/server/mail/templates/purchaseAcknowledgment';
import type { Subscription } from './Subscription';

/**
 * The acknowledgment a buyer keeps (New York GBL § 527-a): what was bought and paid, the
 * renewal terms word for word, the next charge and how to cancel. Null for an order placed
 * before orders kept what it is written from (its origin above all: a link must be absolute).
 * In the order's language, its dates on the buyer's clock.
 */
export function purchaseAcknowledgmentMail(transaction: Transaction, subscription: Subscription): MailMessage | null {
  const kept = transaction.order.acknowledgment;
  if (!kept?.origin) return null;
  const { words, date, money } = mailFormats(transaction);
  const next = subscription.trialEnd
    ? { trialEndsOn: date(subscription.trialEnd) }
    : { nextChargeDate: date(subscription.currentPeriodEnd) };
  const content = purchaseAcknowledgment(
    {
      brand: { name: kept.brandName, identity: kept.brandIdentity },
      offerName: subscription.offerName,
      livemode: transaction.livemode,
      invoiceNumber: transaction.invoiceNumber ?? transaction.id,
      invoiceAttached: transaction.invoiceNumber !== null,
      amountPaid: money(transaction.total, transaction.currencyCode),
      renewalTerms: transaction.autoRenewalConsent?.text ?? kept.renewalTerms,
      // A test purchase's account shows test subscriptions: its links stay in test mode.
      accountUrl: `${kept.origin}/account${transaction.livemode ? '' : '?livemode=false'}`,
      cancelUrl: `${kept.origin}/cancel${transaction.livemode ? '' : '?livemode=false'}`,
      ...next,
    },
    words,
  );
  return {
    to: subscription.ownerEmail ?? subscription.billingEmail,
    kind: 'purchase-acknowledgment',
    ...content,
    // Rendered from the invoice as issued, in the same transaction as this mail, when it is sent.
    ...(transaction.invoiceNumber ? { attachment: { kind: 'invoice' as const, number: transaction.invoiceNumber } } : {}),
  };
}
