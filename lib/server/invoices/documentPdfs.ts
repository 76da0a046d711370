import type { Kysely } from 'kysely';
import { creditNotePage } from '@/lib/invoices/creditNotePage';
import type { Invoice } from '@/lib/invoices/invoice';
import { invoicePage } from '@/lib/invoices/invoicePage';
import { DEFAULT_LOCALE } from '@/lib/i18n/locales';
import { inTimeZone, type Words } from '@/lib/i18n/words';
import { brandLooks } from '@/lib/server/account/brandLooks';
import type { CatalogueCache } from '@/lib/server/catalogue/catalogueCache';
import type { Database } from '@/lib/server/db/schema';
import { serverWords } from '@/lib/server/i18n/pageI18n';
import type { AttachmentRenderer, MailFile } from '@/lib/server/mail/MailTransport';
import { SubscriptionRepository } from '@/lib/server/subscriptions/SubscriptionRepository';
import { CreditNoteRepository } from './CreditNoteRepository';
import { creditNotePdf } from './creditNotePdf';
import { InvoiceRepository } from './InvoiceRepository';
import { invoicePdf } from './invoicePdf';
import { pdfName } from './pdfLayout';

/** What the documents are read from: the database, its clock and the catalogue (the brand's name). */
export interface DocumentSources {
  db: Kysely<Database>;
  clock: () => Date;
  catalogue: Pick<CatalogueCache, 'get'>;
}

/** Its subscriber's words (language and time zone), and the name of its brand. */
async function readerOf(sources: DocumentSources, invoice: Invoice): Promise<{ words: Words; brandName: string }> {
  const subscription = invoice.subscriptionId
    ? await new SubscriptionRepository(sources.db, sources.clock).findById(invoice.subscriptionId)
    : null;
  const words = inTimeZone(serverWords(subscription?.locale ?? DEFAULT_LOCALE), subscription?.timeZone ?? 'UTC');
  const brand = brandLooks(await sources.catalogue.get()).get(invoice.brandSlug);
  return { words, brandName: brand?.name ?? invoice.brandSlug };
}

/** An invoice as its subscriber downloads it: their language and time zone, with the credit notes issued against it. */
export async function invoicePdfFile(sources: DocumentSources, invoice: Invoice): Promise<MailFile> {
  const { words, brandName } = await readerOf(sources, invoice);
  const creditNotes = await new CreditNoteRepository(sources.db).ofInvoice(invoice.number);
  const content = await invoicePdf(invoicePage(invoice, creditNotes, brandName, words), words);
  return { fileName: pdfName(invoice.number), contentType: 'application/pdf', content };
}

/**
 * Renders a mail's attached document from the document as issued, when the mail is sent. A
 * number that names none (not issued, or issued by a transaction rolled back) throws: the
 * mail, which says it is attached, waits for a later try rather than go without.
 */
export function documentPdfRenderer(sources: DocumentSources): AttachmentRenderer {
  return async ({ kind, number }) => {
    if (kind === 'invoice') {
      const invoice = await new InvoiceRepository(sources.db).findByNumber(number);
      if (!invoice) throw new Error(`no invoice ${number} to attach`);
      return invoicePdfFile(sources, invoice);
    }
    const note = await new CreditNoteRepository(sources.db).findByNumber(number);
    const invoice = note ? await new InvoiceRepository(sources.db).findByNumber(note.invoiceNumber) : null;
    if (!note || !invoice) throw new Error(`no credit note ${number} to attach`);
    const { words, brandName } = await readerOf(sources, invoice);
    const content = await creditNotePdf(creditNotePage(invoice, note, brandName, words), words);
    return { fileName: pdfName(note.number), contentType: 'application/pdf', content };
  };
}
