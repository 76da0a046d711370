import { sql, type Kysely } from 'kysely';
import { dialectOf } from '@/lib/server/db/dialect';

/** The time of insertion as the ISO 8601 text every other time column holds (UTC, milliseconds). */
const NOW_ISO = {
  sqlite: sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
  postgres: sql`(to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`,
};

/**
 * Content-Security-Policy violations browsers report: one row per report, reduced to what
 * tells an operator what was blocked where (no query strings, no client address).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  await db.schema
    .createTable('csp_reports')
    // An id the database numbers: SQLite's autoincrement, PostgreSQL's identity column.
    .addColumn('id', 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('received_at', 'text', (c) => c.notNull().defaultTo(NOW_ISO[dialect]))
    .addColumn('page', 'text', (c) => c.notNull())
    .addColumn('directive', 'text', (c) => c.notNull())
    .addColumn('blocked', 'text', (c) => c.notNull())
    .addColumn('source', 'text')
    .addColumn('disposition', 'text', (c) => c.notNull())
    .addColumn('sample', 'text')
    .execute();
  await db.schema.createIndex('csp_reports_received_at').on('csp_reports').column('received_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('csp_reports').execute();
}
