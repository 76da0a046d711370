import { sql, type Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';

/**
 * The next credit note number of a mode and year, gap-free (CN-2026-000042; test ones are
 * numbered CN-TEST-…), as invoice numbers are (lib/server/checkout/invoiceNumbers.ts): a
 * counter row of its own in `invoice_sequences`, moved by one upsert. Call it in the
 * transaction that records the refund as made: the number is taken only if that commits, so
 * a refused refund takes none.
 */
export async function nextCreditNoteNumber(trx: Kysely<Database>, livemode: boolean, at: Date): Promise<string> {
  const year = at.getUTCFullYear();
  const scope = `credit-${livemode ? 'live' : 'test'}-${year}`;
  const { last_number: number } = await trx
    .insertInto('invoice_sequences')
    .values({ scope, last_number: 1 })
    .onConflict((oc) => oc.column('scope').doUpdateSet({ last_number: sql<number>`invoice_sequences.last_number + 1` }))
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return `CN-${livemode ? '' : 'TEST-'}${year}-${String(number).padStart(6, '0')}`;
}
