import type { Kysely } from 'kysely';

/**
 * `transactions.renewal_key`: the idempotency key of the renewal try last sent to the
 * provider. A try left unanswered and a card changed before the next one: the new card's
 * key differs, so the provider is asked about the old key first, and a payment it took is
 * recorded instead of charging the new card too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('transactions').addColumn('renewal_key', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('transactions').dropColumn('renewal_key').execute();
}
