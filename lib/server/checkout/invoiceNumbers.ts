import { sql, type Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';

/**
 * The next invoice number of a mode and year, gap-free (INV-2026-000042; test invoices are
 * numbered INV-TEST-…), for a purchase or a renewal alike. Call it in the transaction that
 * records the payment: the number is taken only if that commits.
 */
export async function nextInvoiceNumber(trx: Kysely<Database>, livemode: boolean, at: Date): Promise<string> {
  const year = at.getUTCFullYear();
  const scope = `${livemode ? 'live' : 'test'}-${year}`;
  const { last_number: number } = await trx
    .insertInto('invoice_sequences')
    .values({ scope, last_number: 1 })
    .onConflict((oc) => oc.column('scope').doUpdateSet({ last_number: sql<number>`invoice_sequences.last_number + 1` }))
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return `INV-${livemode ? '' : 'TEST-'}${year}-${String(number).padStart(6, '0')}`;
}
