import type { Kysely } from 'kysely';

/**
 * Schema observations are purged by when each was last seen (RETENTION_SCHEMA_OBSERVATIONS_DAYS),
 * and the funnel report reads them by that time too: an index on it, so that neither
 * reads the whole table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('schema_observations_last_seen').on('schema_observations').columns(['last_seen']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('schema_observations_last_seen').execute();
}
