import type { InvoiceLink, InvoicePageProps } from '@/lib/account/accountView';
import { dateText } from '@/lib/account/accountWords';
import { paymentMethodName } from '@/lib/checkout/paymentMethodName';
import { priceOverTime } from '@/lib/i18n/priceOverTime';
import type { Words } from '@/lib/i18n/words';
import { formatMoney } from '@/lib/pricing/money';
import { taxRows } from '@/lib/pricing/taxLabels';
import type { CreditNote } from './creditNote';
import type { Invoice } from './invoice';

/**
 * The printable invoice as the account shows it, from the invoice and the credit notes
 * issued against it (oldest first), in the words and money of the page.
 */
export function invoicePage(
  invoice: Invoice,
  creditNotes: readonly CreditNote[],
  brandName: string,
  words: Words,
): InvoicePageProps['invoice'] {
  const money = (cents: number) => formatMoney(cents, invoice.currencyCode);
  const { taxRate, priceTerms } = invoice;
  const refunded = creditNotes.reduce((sum, note) => sum + note.amount, 0);
  return {
    number: invoice.number,
    date: dateText(invoice.issuedAt),
    brandName,
    offerName: invoice.offerName,
    billedTo: invoice.billedTo,
    lines: invoice.lines.map((line) => ({ name: line.name, amount: money(line.amount) })),
    ...(priceTerms
      ? { priceTerms: words.t('order.priceTerms', { offer: invoice.offerName, terms: priceOverTime(words, priceTerms) }) }
      : {}),
    discount:
      invoice.discount > 0
        ? { label: `Discount${invoice.couponCode ? ` (${invoice.couponCode})` : ''}`, amount: money(invoice.discount) }
        : null,
    taxes: taxRows(words, invoice.taxLines, invoice.tax).map((row) => ({
      label: row.label,
      amount: taxRate.inclusive && row.amount > 0 ? `${money(row.amount)} included` : money(row.amount),
    })),
    total: money(invoice.total),
    paymentMethod: paymentMethodName(invoice.payment),
    livemode: invoice.livemode,
    refunds: creditNotes.map((note) => ({ creditNoteNumber: note.number, date: dateText(note.issuedAt), amount: money(note.amount) })),
    ...(refunded > 0 ? { refunded: money(refunded) } : {}),
  };
}

/** The account's link to an invoice, with what was refunded of it (minor units; absent or 0: nothing). */
export const invoiceLink = (invoice: Invoice, refunded: number | undefined): InvoiceLink => ({
  transactionId: invoice.transactionId,
  number: invoice.number,
  issuedAt: invoice.issuedAt,
  total: invoice.total,
  currencyCode: invoice.currencyCode,
  ...(refunded ? { refunded } : {}),
});
