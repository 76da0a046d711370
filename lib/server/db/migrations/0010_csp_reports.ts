import { sql, type Kysely } from 'kysely';

/**
 * Content-Security-Policy violations browsers report: one row per report, reduced to what
 * tells an operator what was blocked where (no query strings, no client address).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('csp_reports')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('received_at', 'text', (c) => c.notNull().defaultTo(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`))
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
