import { invoicePage } from '@/lib/invoices/invoicePage';
import { inTimeZone } from '@/lib/i18n/words';
import type { ServerContext } from '@/lib/server/context/createServerContext';
import { HttpError } from '@/lib/server/http/HttpError';
import { serverWords } from '@/lib/server/i18n/pageI18n';
import { CreditNoteRepository } from '@/lib/server/invoices/CreditNoteRepository';
import { InvoiceRepository } from '@/lib/server/invoices/InvoiceRepository';
import { invoicePdf, invoicePdfName } from '@/lib/server/invoices/invoicePdf';
import type { OperatorCaller } from '@/lib/server/operators/operatorAccess';
import { SubscriptionRepository } from '@/lib/server/subscriptions/SubscriptionRepository';
import { brandLooks } from '@/lib/server/account/brandLooks';
import { careView } from './careReads';

/**
 * The invoice of a payment as its subscriber downloads it (the same PDF, in their language
 * and time zone), for care to send on: read as care reads a customer, counted and audited as
 * care's view of that subscription. An unknown payment, or one with no invoice, is a 404.
 */
export async function careInvoicePdf(
  server: ServerContext,
  caller: OperatorCaller,
  transactionId: string,
): Promise<{ pdf: Buffer; fileName: string }> {
  const invoice = await new InvoiceRepository(server.db).findByTransaction(transactionId);
  const subscription = invoice?.subscriptionId
    ? await new SubscriptionRepository(server.db, server.clock).findById(invoice.subscriptionId)
    : null;
  if (!invoice || !subscription) throw new HttpError(404, 'invoice_not_found', 'This payment has no invoice.');
  await careView(server, caller, subscription.id);
  const brand = brandLooks(await server.catalogue.get()).get(invoice.brandSlug);
  const words = inTimeZone(serverWords(subscription.locale), subscription.timeZone);
  const creditNotes = await new CreditNoteRepository(server.db).ofInvoice(invoice.number);
  const pdf = await invoicePdf(invoicePage(invoice, creditNotes, brand?.name ?? invoice.brandSlug, words), words);
  return { pdf, fileName: invoicePdfName(invoice.number) };
}
