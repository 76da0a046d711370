import type { Kysely } from 'kysely';

/**
 * The retry pass (lib/server/subscriptions/providerRenewalsPass.ts) asks every reconcile
 * interval, on every instance, for subscriptions whose cancellation and provider pause
 * disagree. Nearly every row is (0, 0), so this index finds the few others without reading
 * the table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('subscriptions_provider_settle')
    .on('subscriptions')
    .columns(['cancel_at_period_end', 'provider_paused'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('subscriptions_provider_settle').execute();
}
