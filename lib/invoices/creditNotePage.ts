import type { Words } from '@/lib/i18n/words';
import type { CreditNote } from './creditNote';
import type { Invoice } from './invoice';
import { invoicePage } from './invoicePage';
import { invoiceTaxes } from './invoiceTaxes';

/** A credit note's words: who issued it to whom (as its invoice), what it credits, and the amounts given back with their tax. */
export interface CreditNoteWords {
  number: string;
  date: string;
  livemode: boolean;
  brandName: string;
  offerName: string;
  /** The invoice it credits: its number and date. */
  credits: string;
  seller: ReturnType<typeof invoicePage>['seller'];
  billedTo: ReturnType<typeof invoicePage>['billedTo'];
  lines: { name: string; amount: string }[];
  taxes: { label: string; amount: string }[];
  /** Why no VAT is charged, on a sale without it to a business. */
  taxNote?: string;
  total: string;
  refundedTo: string;
}

/**
 * A credit note as its PDF shows it, in the words of its reader: issued by its invoice's
 * seller to its invoice's buyer, for the amount given back, with the tax in it (each of the
 * invoice's taxes in the share the refund is of the invoice's total, rounded to the cent).
 */
export function creditNotePage(invoice: Invoice, note: CreditNote, brandName: string, words: Words): CreditNoteWords {
  const { t } = words;
  const page = invoicePage(invoice, [], brandName, words);
  // Nothing is not negative: the 0 VAT of a sale without it stays "€0.00".
  const minus = (cents: number) => `${cents > 0 ? '−' : ''}${words.money(cents, note.currencyCode)}`;
  const share = invoice.total > 0 ? note.amount / invoice.total : 0;
  const taxLines = invoice.taxLines.map((line) => ({ ...line, amount: Math.round(line.amount * share) }));
  const tax = taxLines.reduce((sum, line) => sum + line.amount, 0);
  const inclusive = invoice.taxRate.inclusive;
  return {
    number: note.number,
    date: words.date(note.issuedAt),
    livemode: note.livemode,
    brandName,
    offerName: invoice.offerName,
    credits: t('billing.creditNote.creditsValue', { number: invoice.number, date: page.date }),
    seller: page.seller,
    billedTo: page.billedTo,
    lines: [
      { name: t('billing.creditNote.line', { offer: invoice.offerName }), amount: minus(inclusive ? note.amount : note.amount - tax) },
    ],
    ...invoiceTaxes(words, invoice.taxRate, taxLines, tax, minus),
    total: minus(note.amount),
    refundedTo: page.paymentMethod,
  };
}
