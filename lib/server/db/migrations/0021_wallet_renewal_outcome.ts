import type { Kysely } from 'kysely';

/**
 * The sandbox wallets renew too (issue 23):
 * - `sandbox_wallet_payments.renewal_outcome`: how its renewals go, as chosen on the sandbox
 *   wallet page ("Approve": 'approve'; "Approve, renewals will fail": 'decline'), as a test
 *   card's `sandbox_payment_intents.renewal_outcome` does;
 * - `sandbox_wallet_payments.renewals_cancelled_at`: when the sandbox PayPal cancelled the
 *   subscription for good (its cancelled period over), as PayPal's cancel does.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sandbox_wallet_payments')
    .addColumn('renewal_outcome', 'text', (c) => c.notNull().defaultTo('approve'))
    .execute();
  await db.schema.alterTable('sandbox_wallet_payments').addColumn('renewals_cancelled_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sandbox_wallet_payments').dropColumn('renewals_cancelled_at').execute();
  await db.schema.alterTable('sandbox_wallet_payments').dropColumn('renewal_outcome').execute();
}
