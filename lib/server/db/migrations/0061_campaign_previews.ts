import type { Kysely } from 'kysely';

/**
 * Issue 40: preview links of a campaign's version, each kept under the hash of its token
 * (the link itself is the only copy of the token), and the orders placed through one: a
 * preview purchase is a test-mode order that names the version it previewed, so that no
 * report counts it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('campaign_previews')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('campaign_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('operator_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('campaign_previews_expires_at').on('campaign_previews').column('expires_at').execute();
  await db.schema.alterTable('transactions').addColumn('preview_version', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('transactions').dropColumn('preview_version').execute();
  await db.schema.dropTable('campaign_previews').execute();
}
