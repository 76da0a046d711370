import type { Kysely } from 'kysely';
import { serverEnv } from '../../config/serverEnv';
import { createDb, migrateToLatest, parseDatabaseUrl } from './createDb';
import type { Database } from './schema';

/**
 * The server's one database handle, migrated before first use. Kept on globalThis so
 * that a dev-server reload does not open a second connection to the same file.
 */
const holder = globalThis as typeof globalThis & { __journeyDb?: Promise<Kysely<Database>> };

export function appDb(): Promise<Kysely<Database>> {
  holder.__journeyDb ??= (async () => {
    const db = createDb(parseDatabaseUrl(serverEnv().DATABASE_URL));
    await migrateToLatest(db);
    return db;
  })().catch((error: unknown) => {
    holder.__journeyDb = undefined;
    throw error;
  });
  return holder.__journeyDb;
}
