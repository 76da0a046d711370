import type { Kysely } from 'kysely';

/**
 * Helpful not-found pages (issue 25): each brand names a default campaign, where a visitor
 * asking for an unknown or ended campaign is sent, and campaigns gain optional start and
 * end dates outside which they are not sold. All nullable: catalogues imported before keep
 * working (no dates, and the brand's first campaign on sale stands in for its default).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('brands').addColumn('default_campaign', 'text').execute();
  await db.schema.alterTable('checkout_flows').addColumn('starts_at', 'text').execute();
  await db.schema.alterTable('checkout_flows').addColumn('ends_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('checkout_flows').dropColumn('ends_at').execute();
  await db.schema.alterTable('checkout_flows').dropColumn('starts_at').execute();
  await db.schema.alterTable('brands').dropColumn('default_campaign').execute();
}
