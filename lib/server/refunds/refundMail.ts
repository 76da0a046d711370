import { paymentMethodName } from '@/lib/checkout/paymentMethodName';
import type { Transaction } from '@/lib/server/checkout/Transaction';
import type { MailMessage } from '@/lib/server/mail/MailMessage';
import { mailFormats } from '@/lib/server/mail/mailRecipient';
import { refund as refundTemplate } from '@/lib/server/mail/templates/refund';
import type { Refund } from './Refund';

/**
 * The buyer's e-mail for a refund made: the amount, the card or wallet it went back to, the
 * credit note and the invoice it corrects, in the brand's look the order kept, with links
 * from the order's origin (else `origin`). Null when no origin is known: a mail without
 * working links is not sent (and the refund then says it e-mailed no one). In the order's
 * language, its date on the buyer's clock.
 */
export function refundMail(
  transaction: Transaction,
  refund: Refund,
  recipient: string,
  origin: string | null,
  at: Date,
): MailMessage | null {
  const kept = transaction.order.acknowledgment;
  const site = kept?.origin ?? origin;
  if (!site || !refund.creditNoteNumber) return null;
  const { words, date, money } = mailFormats(transaction);
  const content = refundTemplate(
    {
      brand: { name: kept?.brandName ?? transaction.brandSlug, identity: kept?.brandIdentity ?? null },
      offerName: transaction.order.offer.name,
      livemode: transaction.livemode,
      amount: money(refund.amount, refund.currencyCode),
      full: refund.amount === transaction.total,
      refundedTo: paymentMethodName(transaction.order.payment, words),
      creditNoteNumber: refund.creditNoteNumber,
      creditNoteAttached: true,
      invoiceNumber: transaction.invoiceNumber ?? transaction.id,
      date: date(at.toISOString()),
      accountUrl: `${site}/account${transaction.livemode ? '' : '?livemode=false'}`,
    },
    words,
  );
  return { to: recipient, kind: 'refund', ...content, attachment: { kind: 'credit-note', number: refund.creditNoteNumber } };
}
