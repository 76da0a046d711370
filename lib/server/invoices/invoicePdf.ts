import PDFDocument from 'pdfkit';
import type { InvoicePageProps } from '@/lib/account/accountView';
import type { Words } from '@/lib/i18n/words';

type InvoiceWords = InvoicePageProps['invoice'];

const MARGIN = 56;
const LABEL_WIDTH = 110;

/**
 * The invoice as a PDF a business can file: the same words as its page (invoicePage), laid
 * out on one A4 sheet with pdfkit's built-in Helvetica, whose Latin-1 covers the catalogues'
 * languages (€, umlauts, accents, typographic quotes).
 */
export function invoicePdf(invoice: InvoiceWords, words: Words): Promise<Buffer> {
  const { t } = words;
  const title = t('billing.invoice.title', { number: invoice.number });
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: title, Author: invoice.seller?.name ?? invoice.brandName, Subject: invoice.offerName },
    lang: words.locale,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * MARGIN;

  doc.font('Helvetica-Bold').fontSize(18).text(title);
  if (!invoice.livemode) doc.font('Helvetica').fontSize(10).text(t('billing.invoice.testMode'));
  doc.moveDown();

  /** A labelled block: the label on the left, its lines beside it. */
  const block = (label: string, lines: readonly string[]) => {
    const top = doc.y;
    doc.font('Helvetica-Bold').fontSize(10).text(label, MARGIN, top, { width: LABEL_WIDTH });
    doc.font('Helvetica').text(lines.join('\n'), MARGIN + LABEL_WIDTH, top, { width: width - LABEL_WIDTH });
    doc.x = MARGIN;
    doc.moveDown(0.6);
  };
  block(t('billing.invoice.date'), [invoice.date]);
  block(
    t('billing.invoice.from'),
    invoice.seller ? [invoice.brandName, invoice.seller.name, ...invoice.seller.lines, invoice.seller.taxNumber] : [invoice.brandName],
  );
  const { billedTo } = invoice;
  block(t('billing.invoice.billedTo'), [
    billedTo.name,
    ...(billedTo.company ? [billedTo.company] : []),
    ...billedTo.lines,
    ...(billedTo.vatNumber ? [billedTo.vatNumber] : []),
    billedTo.email,
  ]);
  if (invoice.deliveredTo) block(t('billing.invoice.deliveredTo'), invoice.deliveredTo);
  block(t('billing.invoice.paidWith'), [invoice.paymentMethod]);
  doc.moveDown();

  /** One row of the amounts: its name on the left, its amount right-aligned. */
  const row = (name: string, amount: string, bold = false) => {
    const top = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    doc.text(name, MARGIN, top, { width: width - 140 });
    const bottom = doc.y;
    doc.text(amount, MARGIN + width - 140, top, { width: 140, align: 'right' });
    doc.x = MARGIN;
    doc.y = Math.max(bottom, doc.y) + 4;
  };
  const rule = () => {
    doc
      .moveTo(MARGIN, doc.y)
      .lineTo(MARGIN + width, doc.y)
      .lineWidth(0.5)
      .stroke();
    doc.moveDown(0.4);
  };
  rule();
  for (const line of invoice.lines) row(line.name, line.amount);
  if (invoice.discount) row(invoice.discount.label, `−${invoice.discount.amount}`);
  for (const tax of invoice.taxes) row(tax.label, tax.amount);
  rule();
  row(t('billing.invoice.total'), invoice.total, true);
  if (invoice.refunded) row(t('billing.invoice.refunded'), invoice.refunded);
  doc.moveDown();
  doc.font('Helvetica').fontSize(10);
  if (invoice.priceTerms) doc.text(invoice.priceTerms, MARGIN, doc.y, { width });
  if (invoice.refunds && invoice.refunds.length > 0) {
    doc.moveDown().font('Helvetica-Bold').text(t('billing.invoice.creditNotes'));
    doc.font('Helvetica');
    for (const refund of invoice.refunds) {
      doc.text(
        t('billing.invoice.creditNote', {
          number: refund.creditNoteNumber,
          date: refund.date,
          amount: refund.amount,
          method: invoice.paymentMethod,
        }),
        { width },
      );
    }
  }
  doc.end();
  return done;
}

/** The file name a download is saved under: the invoice's number. */
export const invoicePdfName = (number: string): string => `${number.replace(/[^A-Za-z0-9-]/g, '')}.pdf`;
