import type { Kysely } from 'kysely';

/**
 * The built-in identity: users (by e-mail), single-use sign-in links, sessions, the
 * outbox of e-mails "sent" by the embedded default, and rate-limit counters. Tokens are
 * stored only as SHA-256 hashes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sign_in_links')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('return_path', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('consumed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('to_email', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body_text', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('outbox_to_email').on('outbox').columns(['to_email', 'created_at']).execute();

  // Who bought what, by address: how a signed-in visitor's subscriptions are found.
  await db.schema.alterTable('transactions').addColumn('customer_email', 'text').execute();
  await db.schema
    .createIndex('transactions_brand_customer')
    .on('transactions')
    .columns(['brand_slug', 'customer_email', 'status'])
    .execute();

  // Invoice numbers per mode and year (test purchases never use up live numbers) replace
  // the per-year sequence of 0002.
  await db.schema.dropTable('invoice_sequence').execute();
  await db.schema
    .createTable('invoice_sequences')
    .addColumn('scope', 'text', (c) => c.primaryKey())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limits_pk', ['bucket', 'window_start'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['rate_limits', 'invoice_sequences', 'outbox', 'sessions', 'sign_in_links', 'users'])
    await db.schema.dropTable(table).execute();
  await db.schema.dropIndex('transactions_brand_customer').execute();
  await db.schema
    .createTable('invoice_sequence')
    .addColumn('year', 'integer', (c) => c.primaryKey())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('transactions').dropColumn('customer_email').execute();
}
