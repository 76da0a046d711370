import { sql, type Kysely } from 'kysely';

/**
 * A test-mode subscription's test clock in a narrow record of its own (issue 37):
 * `subscription_test_clocks`, one row per subscription whose clock QA moved, holds how far
 * that clock runs ahead of the real one (`offset_ms`) and when it was last moved
 * (`moved_at`, real time). Every other subscription has no row and follows the real clock,
 * so the subscription's row no longer carries a column that is 0 for all but a few.
 * Backfilled from `subscriptions.clock_offset_ms` where it is not 0, with the time of the
 * last clock move its history tells of; the column is retired. The row goes with its
 * subscription (foreign key).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('subscription_test_clocks')
    .addColumn('subscription_id', 'text', (c) => c.primaryKey().references('subscriptions.id').onDelete('cascade'))
    // 64 bits, as the column it replaces: a clock moved a month ahead is already past a 32-bit count of ms.
    .addColumn('offset_ms', 'bigint', (c) => c.notNull())
    .addColumn('moved_at', 'text')
    .execute();
  await sql`insert into subscription_test_clocks (subscription_id, offset_ms, moved_at)
    select id, clock_offset_ms,
      (select max(at) from subscription_history
        where subscription_history.subscription_id = subscriptions.id and event = 'clock_moved')
    from subscriptions where clock_offset_ms <> 0`.execute(db);
  await db.schema.alterTable('subscriptions').dropColumn('clock_offset_ms').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('subscriptions')
    .addColumn('clock_offset_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update subscriptions set clock_offset_ms = coalesce(
    (select offset_ms from subscription_test_clocks where subscription_id = subscriptions.id), 0)`.execute(db);
  await db.schema.dropTable('subscription_test_clocks').execute();
}
