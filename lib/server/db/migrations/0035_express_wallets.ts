import type { Kysely } from 'kysely';

/**
 * Express wallets (issue 25): Apple Pay, Google Pay and Link pay with a card, so their
 * payments are card payments (payment_method 'card') renewed like any card. Which wallet
 * handed the card over is kept beside the method, on the order and on the subscription
 * whose card it is, so that reports can count them without reading the JSON. Null: a typed
 * card, or not a card.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('transactions').addColumn('express_wallet', 'text').execute();
  await db.schema.alterTable('subscriptions').addColumn('express_wallet', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('subscriptions').dropColumn('express_wallet').execute();
  await db.schema.alterTable('transactions').dropColumn('express_wallet').execute();
}
