import type { Kysely } from 'kysely';

/**
 * Retention (`npm run purge`, issue 11): indexes on the times the purge deletes by, so that
 * each delete reads only the rows it removes instead of scanning its table while it holds
 * the database's write lock (which checkouts and event ingestion wait on). Tracking events
 * need none (their ids sort by arrival time, so the key serves the range), nor bad rows
 * (tracking_bad_rows_received, 0004).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('sign_in_links_expires').on('sign_in_links').column('expires_at').execute();
  await db.schema.createIndex('sessions_expires').on('sessions').column('expires_at').execute();
  await db.schema.createIndex('outbox_created').on('outbox').column('created_at').execute();
  // One new row per client and window: the index costs an insert per window, not per request.
  await db.schema.createIndex('rate_limits_window_start').on('rate_limits').column('window_start').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of ['rate_limits_window_start', 'outbox_created', 'sessions_expires', 'sign_in_links_expires'])
    await db.schema.dropIndex(index).execute();
}
