import type { InvoicePageProps } from '@/lib/account/accountView';
import type { Words } from '@/lib/i18n/words';
import { pdfName, pdfSafe, pdfSheet } from './pdfLayout';

type InvoiceWords = InvoicePageProps['invoice'];

/** The invoice as a PDF a business can file: the same words as its page (invoicePage), on one A4 sheet (pdfSheet). */
export function invoicePdf(invoice: InvoiceWords, words: Words): Promise<Buffer> {
  const { t } = words;
  const title = t('billing.invoice.title', { number: invoice.number });
  const sheet = pdfSheet({ title, author: invoice.seller?.name ?? invoice.brandName, subject: invoice.offerName, lang: words.locale });
  const { doc, width, block, row, rule } = sheet;
  sheet.heading(title, invoice.livemode ? null : t('billing.invoice.testMode'));
  block(t('billing.invoice.date'), [invoice.date]);
  block(t('billing.invoice.from'), sellerLines(invoice));
  block(t('billing.invoice.billedTo'), billedToLines(invoice));
  if (invoice.deliveredTo) block(t('billing.invoice.deliveredTo'), invoice.deliveredTo);
  block(t('billing.invoice.paidWith'), [invoice.paymentMethod]);
  doc.moveDown();
  rule();
  for (const line of invoice.lines) row(line.name, line.amount);
  if (invoice.discount) row(invoice.discount.label, `−${invoice.discount.amount}`);
  for (const tax of invoice.taxes) row(tax.label, tax.amount);
  rule();
  row(t('billing.invoice.total'), invoice.total, true);
  if (invoice.refunded) row(t('billing.invoice.refunded'), invoice.refunded);
  doc.moveDown();
  doc.font('Helvetica').fontSize(10);
  if (invoice.taxNote) doc.text(pdfSafe(invoice.taxNote), doc.x, doc.y, { width });
  if (invoice.priceTerms) doc.text(pdfSafe(invoice.priceTerms), doc.x, doc.y, { width });
  if (invoice.refunds && invoice.refunds.length > 0) {
    doc
      .moveDown()
      .font('Helvetica-Bold')
      .text(pdfSafe(t('billing.invoice.creditNotes')));
    doc.font('Helvetica');
    for (const refund of invoice.refunds) {
      doc.text(
        pdfSafe(
          t('billing.invoice.creditNote', {
            number: refund.creditNoteNumber,
            date: refund.date,
            amount: refund.amount,
            method: invoice.paymentMethod,
          }),
        ),
        { width },
      );
    }
  }
  return sheet.finish();
}

/** Who issued it: the brand, and the seller with its address and tax number where the invoice names one. */
export const sellerLines = (invoice: Pick<InvoiceWords, 'seller' | 'brandName'>): string[] =>
  invoice.seller ? [invoice.brandName, invoice.seller.name, ...invoice.seller.lines, invoice.seller.taxNumber] : [invoice.brandName];

/** Whom it is made out to: the name, the company, the address, the VAT number and the e-mail address. */
export const billedToLines = ({ billedTo }: Pick<InvoiceWords, 'billedTo'>): string[] => [
  billedTo.name,
  ...(billedTo.company ? [billedTo.company] : []),
  ...billedTo.lines,
  ...(billedTo.vatNumber ? [billedTo.vatNumber] : []),
  billedTo.email,
];

/** The file name a download is saved under: the invoice's number. */
export const invoicePdfName = pdfName;
