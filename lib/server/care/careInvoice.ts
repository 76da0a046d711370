import type { ServerContext } from '@/lib/server/context/createServerContext';
import { HttpError } from '@/lib/server/http/HttpError';
import { invoicePdfFile } from '@/lib/server/invoices/documentPdfs';
import { InvoiceRepository } from '@/lib/server/invoices/InvoiceRepository';
import type { OperatorCaller } from '@/lib/server/operators/operatorAccess';
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
  if (!invoice?.subscriptionId) throw new HttpError(404, 'invoice_not_found', 'This payment has no invoice.');
  await careView(server, caller, invoice.subscriptionId);
  const file = await invoicePdfFile(server, invoice);
  return { pdf: file.content, fileName: file.fileName };
}
