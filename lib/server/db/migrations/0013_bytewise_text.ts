import { sql, type Kysely } from 'kysely';
import { dialectOf } from '@/lib/server/db/dialect';

/**
 * On PostgreSQL, every text column of ours compares byte by byte, as SQLite's do, and the
 * one fractional column (a coupon's percent off) is a double as SQLite's REAL is, not the
 * 4-byte float PostgreSQL's "real" means. Queries
 * rely on that order: arrival ids are time ranges (te_<ms>_<seq>_<tag>), ISO 8601 times
 * are compared as text, and pages of the admin lists are keyset ranges. A database made
 * with a language collation (en_US.UTF-8 ignores punctuation at first) would sort some of
 * them apart. Nothing to do on SQLite.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and data_type = 'text' and table_name not like 'kysely\\_%'
    order by table_name, column_name`.execute(db);
  for (const { table_name, column_name } of rows) {
    await sql`alter table ${sql.table(table_name)} alter column ${sql.ref(column_name)} type text collate "C"`.execute(db);
  }
  await sql`alter table coupons alter column percent_off type double precision`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Going back to the database's collation would bring the mis-sorting back: nothing to undo.
  void db;
}
