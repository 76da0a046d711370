import type { Kysely } from 'kysely';

/**
 * Undo links for duplicate purchases (issue 24, finding 5): a purchase paid while its billing
 * address (or owner) already held a live subscription of the same brand and mode is told so
 * by e-mail, with a one-click link that ends the new subscription and refunds it in full.
 * - `token_hash`: the link's token as a SHA-256 hash only (unique); the token is in the mail.
 * - `expires_at`: 14 days after the purchase; `used_at`: set once, when the undo is done.
 * One row per paid purchase at most (`transaction_id` unique): a payment reported twice
 * writes one link, and the refund's idempotency key is `undo:<id>`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('duplicate_purchase_undos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('transaction_id', 'text', (c) => c.notNull().unique())
    .addColumn('subscription_id', 'text', (c) => c.notNull())
    .addColumn('earlier_subscription_id', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('duplicate_purchase_undos').execute();
}
