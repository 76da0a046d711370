import { sql, type Kysely } from 'kysely';
import type { SellerEntry } from '@/lib/invoices/seller';
import type { Database } from '@/lib/server/db/schema';

/** An invoice or a credit note: the two series each issuer numbers. */
export type DocumentKind = 'invoice' | 'credit-note';

/**
 * The next number of a document, gap-free per issuer, kind, mode and year, for a purchase or
 * a renewal alike. A seller numbers its own from its `seriesFrom` day (US-2026-000042,
 * US-CN-2026-000001; test ones US-TEST-…); before that day, and without a seller, the one
 * global series does (INV-2026-000042, CN-…), whose numbers are never renumbered. Call it in
 * the transaction that records the payment or the refund: the number is taken only if that
 * commits. The counter is one row of `invoice_sequences` moved by one upsert, which two
 * instances numbering at once take in turn.
 */
export async function nextDocumentNumber(
  trx: Kysely<Database>,
  kind: DocumentKind,
  livemode: boolean,
  at: Date,
  seller: SellerEntry | null,
): Promise<string> {
  const { scope, prefix } = documentSeries(kind, livemode, at, seller);
  const { last_number: number } = await trx
    .insertInto('invoice_sequences')
    .values({ scope, last_number: 1 })
    .onConflict((oc) => oc.column('scope').doUpdateSet({ last_number: sql<number>`invoice_sequences.last_number + 1` }))
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return `${prefix}${String(number).padStart(6, '0')}`;
}

/**
 * The series a document issued at `at` is numbered in: its counter's row in
 * `invoice_sequences`, and what its numbers start with ("US-TEST-2026-").
 */
export function documentSeries(
  kind: DocumentKind,
  livemode: boolean,
  at: Date,
  seller: SellerEntry | null,
): { scope: string; prefix: string } {
  const year = at.getUTCFullYear();
  const mode = livemode ? 'live' : 'test';
  const own = seller !== null && at.toISOString().slice(0, 10) >= seller.seriesFrom;
  const credit = kind === 'credit-note';
  // The global series' scopes are as they always were: live-2026, credit-live-2026.
  const scope = own ? `seller:${seller.id}:${kind}:${mode}-${year}` : `${credit ? 'credit-' : ''}${mode}-${year}`;
  const issuer = own ? `${seller.invoicePrefix}${credit ? '-CN' : ''}` : credit ? 'CN' : 'INV';
  return { scope, prefix: `${issuer}-${livemode ? '' : 'TEST-'}${year}-` };
}

/** The next invoice number of a seller (or the global series), mode and year: nextDocumentNumber. */
export const nextInvoiceNumber = (trx: Kysely<Database>, livemode: boolean, at: Date, seller: SellerEntry | null = null): Promise<string> =>
  nextDocumentNumber(trx, 'invoice', livemode, at, seller);
