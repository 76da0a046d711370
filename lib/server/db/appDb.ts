import type { Kysely } from 'kysely';
import { serverEnv } from '../../config/serverEnv';
import { createDb, migrateToLatest, parseDatabaseUrl } from './createDb';
import type { Database } from './schema';
import { trackingDatabaseUrl } from './trackingDatabaseUrl';

/**
 * The server's database handles, migrated before first use: the app's (catalogue, orders,
 * identity) and the tracking data's. Kept on globalThis so that a dev-server reload (and
 * Next's per-route copies of this module) do not open second connections.
 */
const holder = globalThis as typeof globalThis & { __journeyDb?: Promise<Kysely<Database>>; __trackingDb?: Promise<Kysely<Database>> };

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

export function appDb(): Promise<Kysely<Database>> {
  const env = serverEnv();
  holder.__journeyDb ??= openMigrated(env.DATABASE_URL, env.DATABASE_POOL_SIZE).catch((error: unknown) => {
    holder.__journeyDb = undefined;
    throw error;
  });
  return holder.__journeyDb;
}

/** The tracking data's handle: its own file or pool, so that ingestion never waits on an order's lock or connections, nor an order on ingestion's. */
export function trackingDb(): Promise<Kysely<Database>> {
  const env = serverEnv();
  holder.__trackingDb ??= openMigrated(trackingDatabaseUrl(env.DATABASE_URL, env.TRACKING_DATABASE_URL), env.DATABASE_POOL_SIZE).catch((error: unknown) => {
    holder.__trackingDb = undefined;
    throw error;
  });
  return holder.__trackingDb;
}
