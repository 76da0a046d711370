import { sql, type Kysely } from 'kysely';

/**
 * Renewals we charge ourselves (issue 23).
 * - `transactions.kind`: 'purchase' (a checkout's order) or 'renewal' (a period a subscription
 *   renewed for, with its own invoice); `period_start`/`period_end`: the period a renewal pays.
 *   A renewal's transaction id is derived from its subscription and period, so a period has
 *   one invoice whoever charges it; `renewal_of` names its subscription.
 * - `subscriptions.next_action_at`: when, in real time, the renewal engine next has something
 *   to do for it (a renewal, a retry, a notice, its end); null: nothing. Indexed: every pass
 *   of every instance reads the due ones.
 * - `clock_offset_ms`: how far a test-mode sandbox subscription's own clock runs ahead of the
 *   real one (QA's test clock); 0 for every other.
 * - `renewal_tries`, `past_due_since`, `retry_at`, `grace_until`, `renewal_failure_code`: the
 *   failed tries of the period being renewed, when the next one is due and until when access
 *   is kept (on the subscription's own clock).
 * - `lease_until`: a run's claim on it, so that instances share the due ones.
 * - `end_reason`: 'cancelled' or 'payment_failed', once ended.
 * - `sandbox_payment_intents.renewal_outcome`: how the sandbox answers the renewals of the
 *   card a payment saved (Stripe's 0341 declines them, 3184 wants the buyer every time).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('transactions')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('purchase'))
    .execute();
  // transactions.subscription_id is unique (one purchase starts one subscription) and SQLite
  // cannot drop a column's constraint: a renewal names its subscription here instead.
  await db.schema.alterTable('transactions').addColumn('renewal_of', 'text').execute();
  await db.schema.createIndex('transactions_renewal_of').on('transactions').column('renewal_of').execute();
  await db.schema.alterTable('transactions').addColumn('period_start', 'text').execute();
  await db.schema.alterTable('transactions').addColumn('period_end', 'text').execute();
  await db.schema.alterTable('subscriptions').addColumn('next_action_at', 'text').execute();
  await db.schema
    .alterTable('subscriptions')
    .addColumn('clock_offset_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('subscriptions')
    .addColumn('renewal_tries', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  for (const column of ['past_due_since', 'retry_at', 'grace_until', 'renewal_failure_code']) {
    await db.schema.alterTable('subscriptions').addColumn(column, 'text').execute();
  }
  await db.schema.alterTable('subscriptions').addColumn('lease_until', 'text').execute();
  await db.schema.alterTable('subscriptions').addColumn('end_reason', 'text').execute();
  await db.schema
    .alterTable('sandbox_payment_intents')
    .addColumn('renewal_outcome', 'text', (c) => c.notNull().defaultTo('approve'))
    .execute();
  await db.schema.createIndex('subscriptions_next_action').on('subscriptions').column('next_action_at').execute();
  // What was live before renewals existed is due at its period end; a cancelled one ends then.
  await sql`update subscriptions set next_action_at = current_period_end where status <> 'ended'`.execute(db);
  await sql`update subscriptions set end_reason = 'cancelled' where status = 'ended'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('subscriptions_next_action').execute();
  const added = ['next_action_at', 'clock_offset_ms', 'renewal_tries', 'past_due_since', 'retry_at', 'grace_until'];
  for (const column of [...added, 'renewal_failure_code', 'lease_until', 'end_reason']) {
    await db.schema.alterTable('subscriptions').dropColumn(column).execute();
  }
  await db.schema.alterTable('sandbox_payment_intents').dropColumn('renewal_outcome').execute();
  await db.schema.dropIndex('transactions_renewal_of').execute();
  for (const column of ['kind', 'renewal_of', 'period_start', 'period_end'])
    await db.schema.alterTable('transactions').dropColumn(column).execute();
}
