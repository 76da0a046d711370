import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';

/**
 * Abuse limits on checkout (issue 11): each rate-limit window remembers when it was last
 * counted, so that the slow-down after declines can run from the last decline; and a table
 * of random server secrets shared by every app instance (the key of the sandbox's card
 * fingerprints: a keyed hash, never the card number). That key is made here, at setup, so
 * that no request writes it (a refused one must write nothing).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('rate_limits').addColumn('updated_at', 'text').execute();
  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await (db as Kysely<{ server_secrets: { name: string; secret: string; created_at: string } }>)
    .insertInto('server_secrets')
    .values({ name: 'sandbox-card-fingerprint', secret: randomBytes(32).toString('hex'), created_at: new Date().toISOString() })
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('server_secrets').execute();
  await db.schema.alterTable('rate_limits').dropColumn('updated_at').execute();
}
