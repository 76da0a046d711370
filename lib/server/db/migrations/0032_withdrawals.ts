import type { Kysely } from 'kysely';

/**
 * Withdrawals from a purchase within 14 days (EU and UK buyers; lib/withdrawal, lib/server/withdrawal).
 * - `withdrawals`: one row per declaration, from the account or the public page. A declaration
 *   that matched a purchase names its subscription and transaction; `subscription_id` is unique,
 *   so that a double submit withdraws (and refunds) once. One on the public page that matched
 *   nothing is kept too, as declared, with both null: the page answers alike either way.
 *   `refund_id` is the refund made for it (null until asked, or when nothing was paid).
 *   Indexed by address, to count an address's declarations that matched nothing.
 * - An index on `transactions.invoice_number`: the public page finds a purchase by it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('withdrawals')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('subscription_id', 'text', (c) => c.unique())
    .addColumn('transaction_id', 'text')
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('invoice_number', 'text')
    .addColumn('livemode', 'integer', (c) => c.notNull())
    .addColumn('client_json', 'text', (c) => c.notNull())
    .addColumn('refund_id', 'text')
    .addColumn('declared_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('withdrawals_declared_at').on('withdrawals').column('declared_at').execute();
  await db.schema.createIndex('withdrawals_email').on('withdrawals').columns(['email', 'declared_at']).execute();
  await db.schema.createIndex('transactions_invoice_number').on('transactions').column('invoice_number').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('transactions_invoice_number').execute();
  await db.schema.dropTable('withdrawals').execute();
}
