import type { Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import { purge, PURGED_TABLES, type PurgeCounts, type RetentionAges } from './purge';

/** No row of any table yet. */
export const noPurgeCounts = (): PurgeCounts => Object.fromEntries(PURGED_TABLES.map((table) => [table, 0])) as PurgeCounts;

/** How many rows went in all. */
export const totalPurged = (counts: PurgeCounts): number => PURGED_TABLES.reduce((sum, table) => sum + counts[table], 0);

/**
 * Purges each database in turn (the app's and the tracking data's: each table lives in one
 * of them, the other's copy stays empty) and adds up what went per table. A database whose
 * purge fails stops it, unless `failed` is given: then it is told, and the next database is
 * purged all the same (the batches the failed one deleted before stay deleted, each its own
 * transaction, but are not counted).
 */
export async function purgeDatabases(
  databases: readonly Kysely<Database>[],
  now: Date,
  ages: RetentionAges,
  failed?: (error: unknown, database: number) => void,
): Promise<PurgeCounts> {
  const counts = noPurgeCounts();
  for (const [index, db] of databases.entries()) {
    let purged: PurgeCounts;
    try {
      purged = await purge(db, now, ages);
    } catch (error) {
      if (!failed) throw error;
      failed(error, index);
      continue;
    }
    for (const table of PURGED_TABLES) counts[table] += purged[table];
  }
  return counts;
}
