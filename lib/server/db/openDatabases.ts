import type { Kysely } from 'kysely';
import type { ServerEnv } from '@/lib/server/config/serverEnv';
import { createDb, migrateToLatest, parseDatabaseUrl } from './createDb';
import type { Database } from './schema';
import { trackingDatabaseUrl } from './trackingDatabaseUrl';

async function openMigrated(url: string, poolSize: number): Promise<Kysely<Database>> {
  const db = createDb(parseDatabaseUrl(url, poolSize));
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy().catch(() => undefined);
    throw error;
  }
  return db;
}

/**
 * The server's two databases, migrated: the app's (catalogue, orders, identity) and the
 * tracking data's, a file or pool of its own so that ingestion never waits on an order's
 * lock or connections, nor an order on ingestion's.
 */
export async function openDatabases(
  config: Pick<ServerEnv, 'DATABASE_URL' | 'TRACKING_DATABASE_URL' | 'DATABASE_POOL_SIZE'>,
): Promise<{ db: Kysely<Database>; trackingDb: Kysely<Database> }> {
  const db = await openMigrated(config.DATABASE_URL, config.DATABASE_POOL_SIZE);
  try {
    const trackingDb = await openMigrated(
      trackingDatabaseUrl(config.DATABASE_URL, config.TRACKING_DATABASE_URL),
      config.DATABASE_POOL_SIZE,
    );
    return { db, trackingDb };
  } catch (error) {
    await db.destroy().catch(() => undefined);
    throw error;
  }
}
