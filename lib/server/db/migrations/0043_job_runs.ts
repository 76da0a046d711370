import type { Kysely } from 'kysely';

/**
 * Background jobs in one room (issue 37):
 * - `job_runs`: one row per job, the last run's summary whichever instance ran it (counts,
 *   times and an error's text: ids and counts only, never an address), for /admin/jobs.
 * - `subscriptions.provider_tries`: how many times in a row the provider refused to pause or
 *   resume a subscription's renewals; the settling pass gives up on it after a bound, and an
 *   operator is told once, rather than asking for ever.
 * - `idempotency_keys_in_progress`: the reconciliation pass and the jobs page find the few
 *   attempts in progress without reading every key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job_runs')
    .addColumn('job', 'text', (c) => c.primaryKey())
    .addColumn('instance', 'text', (c) => c.notNull())
    .addColumn('last_started_at', 'text', (c) => c.notNull())
    .addColumn('last_finished_at', 'text')
    .addColumn('last_duration_ms', 'integer')
    .addColumn('last_lag_ms', 'integer')
    .addColumn('last_items', 'integer')
    .addColumn('last_failures', 'integer')
    .addColumn('last_error', 'text')
    .execute();
  await db.schema
    .alterTable('subscriptions')
    .addColumn('provider_tries', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('idempotency_keys_in_progress').on('idempotency_keys').columns(['state', 'updated_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('idempotency_keys_in_progress').execute();
  await db.schema.alterTable('subscriptions').dropColumn('provider_tries').execute();
  await db.schema.dropTable('job_runs').execute();
}
