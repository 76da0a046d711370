import type { Kysely } from 'kysely';

/**
 * Every market (issue 38): a brand speaks a locale ("de-DE"), and a campaign may speak
 * another ("fr-CA" for a brand's Quebec campaign). Brands imported before take "en-US", the
 * language and money format their pages had; a campaign's null means its brand's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('brands')
    .addColumn('locale', 'text', (column) => column.notNull().defaultTo('en-US'))
    .execute();
  await db.schema.alterTable('checkout_flows').addColumn('locale', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('checkout_flows').dropColumn('locale').execute();
  await db.schema.alterTable('brands').dropColumn('locale').execute();
}
