import type { Kysely } from 'kysely';

/**
 * One writer of a subscription, with its kept history (issue 37):
 * - `subscriptions.version`: bumped by every write (lib/server/subscriptions/SubscriptionStore.ts),
 *   so that a writer holding a copy can ask for its write to apply only if nothing moved since.
 * - `subscription_history`: append-only, one row per applied write that changed the contract,
 *   in the write's own transaction: what caused it (the event and who), and the changed
 *   fields before and after. `clock_at` is the subscription's own clock (a test clock's, or
 *   real time); `version` the subscription's version that write made (null when
 *   reconstructed from older records, `reconstructed` = 1).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('subscriptions')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('subscription_history')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('subscription_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer')
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('clock_at', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('actor_kind', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('before_json', 'text', (c) => c.notNull())
    .addColumn('after_json', 'text', (c) => c.notNull())
    .addColumn('reconstructed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('subscription_history_by_subscription')
    .on('subscription_history')
    .columns(['subscription_id', 'at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('subscription_history').execute();
  await db.schema.alterTable('subscriptions').dropColumn('version').execute();
}
