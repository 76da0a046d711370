import { sql, type Kysely } from 'kysely';

/**
 * The renewal engine's schedule in a narrow record of its own (issue 37):
 * `subscription_schedule`, one row per subscription, holds when the engine next has
 * something to do for it (`next_action_at`, real time; null: nothing) and a run's claim on
 * it (`lease_until`). The due claim reads this table alone, by `subscription_schedule_due`;
 * taking or releasing a lease no longer writes the subscription's row, nor moves its
 * version, so a run's own writes of the contract never meet a version its lease moved.
 * Backfilled from `subscriptions`, whose two columns (and their index) are retired.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('subscription_schedule')
    .addColumn('subscription_id', 'text', (c) => c.primaryKey())
    .addColumn('next_action_at', 'text')
    .addColumn('lease_until', 'text')
    .execute();
  await db.schema.createIndex('subscription_schedule_due').on('subscription_schedule').column('next_action_at').execute();
  await sql`insert into subscription_schedule (subscription_id, next_action_at, lease_until)
    select id, next_action_at, lease_until from subscriptions`.execute(db);
  // SQLite drops no column an index names: the index goes first.
  await db.schema.dropIndex('subscriptions_next_action').execute();
  await db.schema.alterTable('subscriptions').dropColumn('next_action_at').execute();
  await db.schema.alterTable('subscriptions').dropColumn('lease_until').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('subscriptions').addColumn('next_action_at', 'text').execute();
  await db.schema.alterTable('subscriptions').addColumn('lease_until', 'text').execute();
  await sql`update subscriptions set
    next_action_at = (select next_action_at from subscription_schedule where subscription_id = subscriptions.id),
    lease_until = (select lease_until from subscription_schedule where subscription_id = subscriptions.id)`.execute(db);
  await db.schema.createIndex('subscriptions_next_action').on('subscriptions').column('next_action_at').execute();
  await db.schema.dropTable('subscription_schedule').execute();
}
