import type { Kysely } from 'kysely';

/**
 * Refunds through the provider, each with a credit note (lib/server/refunds).
 * - `refunds`: one row per refund asked for, from the moment its amount is reserved until the
 *   provider settles it (pending → succeeded or failed). `idempotency_key` is unique: a retry
 *   finds the same row and never asks the provider for a second refund. `credit_note_number`
 *   is given once the refund succeeds, from a gap-free series per mode and year (CN-2026-000001),
 *   kept in `invoice_sequences` beside the invoices' own.
 * - `transactions.refund_reserved`: what is refunded or being refunded of a payment, in minor
 *   units. A refund reserves its amount here in one guarded update (never beyond `total`), so
 *   that two refunds asked for at once cannot give back more than was paid; a refusal releases it.
 * - `transactions.provider_charge_id`: the provider's id of the money a payment took, where it
 *   is not the payment id we keep (a PayPal order's capture, a PayPal subscription's first sale,
 *   an Amazon Pay checkout's charge): what a refund names. Amazon deletes checkout sessions
 *   after 30 days, so the charge id must be kept when the checkout completes.
 * - `sandbox_refunds`: the sandbox gateways' refunds, once per idempotency key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('transactions')
    .addColumn('refund_reserved', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('transactions').addColumn('provider_charge_id', 'text').execute();
  await db.schema
    .createTable('refunds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('transaction_id', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'integer', (c) => c.notNull())
    .addColumn('currency_code', 'text', (c) => c.notNull())
    .addColumn('livemode', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('provider_refund_id', 'text')
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('credit_note_number', 'text', (c) => c.unique())
    .addColumn('requested_by', 'text', (c) => c.notNull())
    .addColumn('failure_code', 'text')
    .addColumn('failure_message', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('settled_at', 'text')
    .execute();
  await db.schema.createIndex('refunds_transaction').on('refunds').column('transaction_id').execute();
  await db.schema.createIndex('refunds_status').on('refunds').column('status').execute();
  await db.schema
    .createTable('sandbox_refunds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('payment_id', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency_code', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sandbox_refunds_payment').on('sandbox_refunds').column('payment_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sandbox_refunds').execute();
  await db.schema.dropTable('refunds').execute();
  await db.schema.alterTable('transactions').dropColumn('provider_charge_id').execute();
  await db.schema.alterTable('transactions').dropColumn('refund_reserved').execute();
}
