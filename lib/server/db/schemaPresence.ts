import { sql } from 'kysely';
import { dialectOf, type AnyKysely } from './dialect';

/**
 * Whether a database has been set up for the journey (its migrations table exists). The
 * maintenance commands ask before they write: a mistyped URL must not turn an empty
 * database into a journey database and report success.
 */
export async function hasJourneySchema(db: AnyKysely): Promise<boolean> {
  const query =
    dialectOf(db) === 'postgres'
      ? sql<{
          present: number;
        }>`select count(*) as present from information_schema.tables where table_schema = current_schema() and table_name = 'kysely_migration'`
      : sql<{ present: number }>`select count(*) as present from sqlite_master where type = 'table' and name = 'kysely_migration'`;
  const { rows } = await query.execute(db);
  return Number(rows[0]?.present ?? 0) > 0;
}
