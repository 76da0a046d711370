import { sql, type Kysely } from 'kysely';

/**
 * Sign-in links bound to the browser that asked for them, and sessions that lapse when
 * unused. `sign_in_links.browser_nonce_hash`: the SHA-256 of a random value kept in an
 * HttpOnly cookie of the asking browser; a link opened there signs in at once, anywhere else
 * only after a confirming POST (links made before this have none: they always ask).
 * `sessions.last_seen_at`: when the session was last used, refreshed at most every few
 * minutes; sessions made before this start from their creation.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sign_in_links').addColumn('browser_nonce_hash', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('last_seen_at', 'text').execute();
  await sql`update sessions set last_seen_at = created_at`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('last_seen_at').execute();
  await db.schema.alterTable('sign_in_links').dropColumn('browser_nonce_hash').execute();
}
