import type { InvoiceLink, InvoicePageProps } from '@/lib/account/accountView';
import { paymentMethodName } from '@/lib/checkout/paymentMethodName';
import { priceOverTime } from '@/lib/i18n/priceOverTime';
import type { Words } from '@/lib/i18n/words';
import { countryName, postalLines } from '@/lib/geo/countryName';
import type { CreditNote } from './creditNote';
import type { Invoice } from './invoice';
import { invoiceTaxes } from './invoiceTaxes';

/**
 * The printable invoice as the account shows it, from the invoice and the credit notes
 * issued against it (oldest first), in the words of the page: its language, its money and
 * the reader's time zone.
 */
export function invoicePage(
  invoice: Invoice,
  creditNotes: readonly CreditNote[],
  brandName: string,
  words: Words,
): InvoicePageProps['invoice'] {
  const { t } = words;
  const money = (cents: number) => words.money(cents, invoice.currencyCode);
  const { taxRate, priceTerms } = invoice;
  const refunded = creditNotes.reduce((sum, note) => sum + note.amount, 0);
  return {
    number: invoice.number,
    transactionId: invoice.transactionId,
    date: words.date(invoice.issuedAt),
    brandName,
    offerName: invoice.offerName,
    seller: invoice.seller
      ? {
          name: invoice.seller.legalName,
          lines: postalLines(words, invoice.seller.address),
          taxNumber: t('billing.invoice.taxNumber', { kind: invoice.seller.taxNumber.kind, value: invoice.seller.taxNumber.value }),
        }
      : null,
    billedTo: {
      name: invoice.billedTo.name,
      ...(invoice.billedTo.company ? { company: invoice.billedTo.company.name } : {}),
      ...(invoice.billedTo.company?.vatNumber
        ? { vatNumber: t('billing.invoice.taxNumber', { kind: 'vat', value: invoice.billedTo.company.vatNumber }) }
        : {}),
      email: invoice.billedTo.email,
      country: countryName(words, invoice.billedTo.country),
      // The whole address where one was asked for (print), else the country alone, named in the page's language.
      lines: invoice.billedTo.address ? postalLines(words, invoice.billedTo.address) : [countryName(words, invoice.billedTo.country)],
    },
    ...(invoice.billedTo.deliveredTo ? { deliveredTo: postalLines(words, invoice.billedTo.deliveredTo) } : {}),
    lines: invoice.lines.map((line) => ({ name: line.name, amount: money(line.amount) })),
    ...(priceTerms
      ? { priceTerms: t('billing.invoice.priceTerms', { offer: invoice.offerName, terms: priceOverTime(words, priceTerms) }) }
      : {}),
    discount:
      invoice.discount > 0
        ? {
            label: invoice.couponCode ? t('billing.invoice.discountCode', { code: invoice.couponCode }) : t('billing.invoice.discount'),
            amount: money(invoice.discount),
          }
        : null,
    ...invoiceTaxes(words, taxRate, invoice.taxLines, invoice.tax, money),
    total: money(invoice.total),
    paymentMethod: paymentMethodName(invoice.payment, words),
    livemode: invoice.livemode,
    refunds: creditNotes.map((note) => ({ creditNoteNumber: note.number, date: words.date(note.issuedAt), amount: money(note.amount) })),
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
