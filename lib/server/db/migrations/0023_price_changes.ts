import type { Kysely } from 'kysely';

/**
 * A renewal-price change reaches an existing subscriber only at the first renewal at least
 * 30 days after a notice (lib/subscriptions/renewalNotices.ts): once the notice is sent, the
 * new price waits here (`pending_renewal_amount`) for the renewal it applies from
 * (`pending_price_from`); until then they keep their price.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('subscriptions').addColumn('pending_renewal_amount', 'integer').execute();
  await db.schema.alterTable('subscriptions').addColumn('pending_price_from', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('subscriptions').dropColumn('pending_price_from').execute();
  await db.schema.alterTable('subscriptions').dropColumn('pending_renewal_amount').execute();
}
