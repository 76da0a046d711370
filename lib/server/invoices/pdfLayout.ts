import PDFDocument from 'pdfkit';

const MARGIN = 56;
const LABEL_WIDTH = 110;
const AMOUNT_WIDTH = 140;

/**
 * Text as the built-in fonts' WinAnsi encoding can write it: the minus sign of a credit and
 * the narrow spaces French money is grouped with have no glyph there, and would print as
 * other characters.
 */
export function pdfSafe(text: string): string {
  return text.replace(/\u2212/g, '-').replace(/[\u202f\u2009]/g, '\u00a0');
}

/** A document of the invoices' look being written: its blocks and amount rows, then `finish()` for the bytes. */
export interface PdfSheet {
  doc: PDFKit.PDFDocument;
  /** The width between the margins. */
  width: number;
  /** The title, bold, then the test-mode note where there is one. */
  heading(title: string, note: string | null): void;
  /** A labelled block: the label on the left, its lines beside it. */
  block(label: string, lines: readonly string[]): void;
  /** One row of the amounts: its name on the left, its amount right-aligned. */
  row(name: string, amount: string, bold?: boolean): void;
  rule(): void;
  finish(): Promise<Buffer>;
}

/**
 * One A4 sheet in pdfkit's built-in Helvetica, whose Latin-1 covers the catalogues'
 * languages (€, umlauts, accents, typographic quotes): what an invoice and a credit note are
 * written on.
 */
export function pdfSheet(info: { title: string; author: string; subject: string; lang: string }): PdfSheet {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: info.title, Author: info.author, Subject: info.subject },
    lang: info.lang,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * MARGIN;
  return {
    doc,
    width,
    heading(title, note) {
      doc.font('Helvetica-Bold').fontSize(18).text(pdfSafe(title));
      if (note) doc.font('Helvetica').fontSize(10).text(pdfSafe(note));
      doc.moveDown();
    },
    block(label, lines) {
      const top = doc.y;
      doc.font('Helvetica-Bold').fontSize(10).text(pdfSafe(label), MARGIN, top, { width: LABEL_WIDTH });
      doc.font('Helvetica').text(pdfSafe(lines.join('\n')), MARGIN + LABEL_WIDTH, top, { width: width - LABEL_WIDTH });
      doc.x = MARGIN;
      doc.moveDown(0.6);
    },
    row(name, amount, bold = false) {
      const top = doc.y;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
      doc.text(pdfSafe(name), MARGIN, top, { width: width - AMOUNT_WIDTH });
      const bottom = doc.y;
      doc.text(pdfSafe(amount), MARGIN + width - AMOUNT_WIDTH, top, { width: AMOUNT_WIDTH, align: 'right' });
      doc.x = MARGIN;
      doc.y = Math.max(bottom, doc.y) + 4;
    },
    rule() {
      doc
        .moveTo(MARGIN, doc.y)
        .lineTo(MARGIN + width, doc.y)
        .lineWidth(0.5)
        .stroke();
      doc.moveDown(0.4);
    },
    finish() {
      doc.end();
      return done;
    },
  };
}

/** The file name a document is saved under: its number. */
export const pdfName = (number: string): string => `${number.replace(/[^A-Za-z0-9-]/g, '')}.pdf`;
