import type { CreditNoteWords } from '@/lib/invoices/creditNotePage';
import type { Words } from '@/lib/i18n/words';
import { billedToLines, sellerLines } from './invoicePdf';
import { pdfSafe, pdfSheet } from './pdfLayout';

/** A credit note as a PDF a business can file beside its invoice: on the invoice's sheet (pdfSheet), its amounts negative. */
export function creditNotePdf(note: CreditNoteWords, words: Words): Promise<Buffer> {
  const { t } = words;
  const title = t('billing.creditNote.title', { number: note.number });
  const sheet = pdfSheet({ title, author: note.seller?.name ?? note.brandName, subject: note.offerName, lang: words.locale });
  const { doc, block, row, rule } = sheet;
  sheet.heading(title, note.livemode ? null : t('billing.invoice.testMode'));
  block(t('billing.invoice.date'), [note.date]);
  block(t('billing.creditNote.credits'), [note.credits]);
  block(t('billing.invoice.from'), sellerLines(note));
  block(t('billing.invoice.billedTo'), billedToLines(note));
  block(t('billing.creditNote.refundedTo'), [note.refundedTo]);
  doc.moveDown();
  rule();
  for (const line of note.lines) row(line.name, line.amount);
  for (const tax of note.taxes) row(tax.label, tax.amount);
  rule();
  row(t('billing.creditNote.total'), note.total, true);
  if (note.taxNote) sheet.doc.moveDown().font('Helvetica').fontSize(10).text(pdfSafe(note.taxNote), { width: sheet.width });
  return sheet.finish();
}
