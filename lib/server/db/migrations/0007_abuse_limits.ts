import type { Kysely } from 'kysely';

/**
 * Abuse limits on checkout (issue 11): each rate-limit window remembers when it was last
 * counted, so that the slow-down after declines can run from the last decline; and a table
 * of random server secrets made on first use and shared by every app instance (the key of
 * the sandbox's card fingerprints: a keyed hash, never the card number).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('rate_limits').addColumn('updated_at', 'text').execute();
  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('server_secrets').execute();
  await db.schema.alterTable('rate_limits').dropColumn('updated_at').execute();
}
