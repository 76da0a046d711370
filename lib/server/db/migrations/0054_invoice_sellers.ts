import type { Kysely } from 'kysely';

/**
 * Issue 39: an invoice keeps who issued it (the seller of its brand and market, with its
 * address and tax number), as it was then. Invoices issued before name none: they stay as
 * issued, as their numbers do.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('invoices').addColumn('seller_json', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('invoices').dropColumn('seller_json').execute();
}
