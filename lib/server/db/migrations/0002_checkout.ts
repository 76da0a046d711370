import type { Kysely } from 'kysely';

/**
 * Checkout: transactions (the visitor's order and its outcome), the sandbox gateway's
 * payment intents, idempotency keys for submits, the invoice number sequence, and the
 * gateway events already processed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('transactions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('receipt_token_hash', 'text', (c) => c.notNull())
    .addColumn('campaign_id', 'text', (c) => c.notNull())
    .addColumn('brand_slug', 'text', (c) => c.notNull())
    .addColumn('offer_id', 'text', (c) => c.notNull())
    .addColumn('order_json', 'text', (c) => c.notNull())
    .addColumn('coupon_code', 'text')
    .addColumn('payment_method', 'text', (c) => c.notNull())
    .addColumn('gateway', 'text', (c) => c.notNull())
    .addColumn('gateway_payment_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('livemode', 'integer', (c) => c.notNull())
    .addColumn('source', 'text')
    .addColumn('customer_json', 'text', (c) => c.notNull())
    .addColumn('auto_renewal_consent_json', 'text')
    .addColumn('currency_code', 'text', (c) => c.notNull())
    .addColumn('subtotal', 'integer', (c) => c.notNull())
    .addColumn('discount', 'integer', (c) => c.notNull())
    .addColumn('tax', 'integer', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('invoice_number', 'text', (c) => c.unique())
    .addColumn('subscription_id', 'text', (c) => c.unique())
    .addColumn('failure_code', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('transactions_gateway_payment').on('transactions').columns(['gateway', 'gateway_payment_id']).execute();
  await db.schema.createIndex('transactions_created_at').on('transactions').column('created_at').execute();

  await db.schema
    .createTable('sandbox_payment_intents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency_code', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('card_brand', 'text', (c) => c.notNull())
    .addColumn('card_last4', 'text', (c) => c.notNull())
    .addColumn('after_authentication', 'text')
    .addColumn('return_url', 'text')
    .addColumn('last_error_code', 'text')
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('response_json', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('invoice_sequence')
    .addColumn('year', 'integer', (c) => c.primaryKey())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('gateway_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('gateway', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['gateway_events', 'invoice_sequence', 'idempotency_keys', 'sandbox_payment_intents', 'transactions']) {
    await db.schema.dropTable(table).execute();
  }
}
