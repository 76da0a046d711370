import type { Kysely } from 'kysely';

/**
 * What each tax of an invoice came to (`invoices.tax_lines_json`: [{ kind, rate, amount }]),
 * kept as issued like the rest of it: Quebec's invoices state the GST and the QST apart. Null
 * on the invoices issued before, each of one tax: theirs is the invoice's `tax` (keptTax.ts),
 * so none needs rewriting.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('invoices').addColumn('tax_lines_json', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('invoices').dropColumn('tax_lines_json').execute();
}
