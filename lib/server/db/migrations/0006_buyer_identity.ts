import type { Kysely } from 'kysely';

/**
 * Who bought, as the sign-in verified it (null when the buyer was not signed in): only such
 * a purchase, paid in live mode, makes someone a subscriber. The e-mail typed into the billing
 * form proves nothing: anyone could type another's address and block their purchase.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('transactions').addColumn('buyer_identity', 'text').execute();
  await db.schema.createIndex('transactions_buyer_identity').on('transactions').columns(['buyer_identity', 'brand_slug']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('transactions_buyer_identity').execute();
  await db.schema.alterTable('transactions').dropColumn('buyer_identity').execute();
}
