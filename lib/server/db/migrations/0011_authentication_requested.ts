import type { Kysely } from 'kysely';

/**
 * Whether the card's bank asked for 3-D Secure on an order (1) or not (0). The status alone
 * cannot tell afterwards: an order that authenticated and was paid ends 'succeeded' like
 * one that never was asked. The funnel report counts 3-D Secure outcomes from it. Orders
 * placed before this migration read 0: nothing recorded that they were asked.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('transactions')
    .addColumn('authentication_requested', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('transactions').dropColumn('authentication_requested').execute();
}
