import { sql, type Kysely } from 'kysely';
import { dialectOf } from '@/lib/server/db/dialect';
import { cspViolationKey } from '@/lib/server/security/cspViolationKey';
import { up as createCspReports } from './0010_csp_reports';

interface DayTotal {
  page: string;
  directive: string;
  blocked: string;
  source: string | null;
  disposition: string;
  day: string;
  count: number | string;
  first_seen: string;
  last_seen: string;
  sample: string | null;
}

type Folded = Omit<DayTotal, 'count'> & { violation_key: string; count: number };

/**
 * Content-Security-Policy violations counted, not stored one row per report: one row per
 * violation (its key: directive, blocked origin, page, source file, disposition) and day,
 * with its count and when it was first and last seen. A flood of one forged report is one
 * row with a large count, and a violation never seen before is known as such (and alerts).
 * The reports kept so far are folded in; csp_reports goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  await db.schema
    .createTable('csp_violations')
    .addColumn('id', 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('violation_key', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('page', 'text', (c) => c.notNull())
    .addColumn('directive', 'text', (c) => c.notNull())
    .addColumn('blocked', 'text', (c) => c.notNull())
    .addColumn('source', 'text')
    .addColumn('disposition', 'text', (c) => c.notNull())
    .addColumn('sample', 'text')
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('first_seen', 'text', (c) => c.notNull())
    .addColumn('last_seen', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('csp_violations_key_day').on('csp_violations').columns(['violation_key', 'day']).unique().execute();
  await db.schema.createIndex('csp_violations_day').on('csp_violations').column('day').execute();
  await db.schema.createIndex('csp_violations_last_seen').on('csp_violations').column('last_seen').execute();

  // Grouped in SQL first (a flood's thousands of rows are one here), then keyed as the store keys them.
  const { rows } = await sql<DayTotal>`
    select page, directive, blocked, source, disposition, substr(received_at, 1, 10) as day, count(*) as count,
      min(received_at) as first_seen, max(received_at) as last_seen, max(sample) as sample
    from csp_reports
    group by page, directive, blocked, source, disposition, substr(received_at, 1, 10)`.execute(db);
  const folded = new Map<string, Folded>();
  for (const row of rows) {
    const violation_key = cspViolationKey(row);
    const id = `${violation_key}|${row.day}`;
    const earlier = folded.get(id);
    if (!earlier) {
      folded.set(id, { ...row, violation_key, count: Number(row.count) });
      continue;
    }
    earlier.count += Number(row.count);
    if (row.first_seen < earlier.first_seen) Object.assign(earlier, { first_seen: row.first_seen, source: row.source });
    if (row.last_seen > earlier.last_seen) earlier.last_seen = row.last_seen;
  }
  const values = [...folded.values()];
  for (let at = 0; at < values.length; at += 500) {
    await (db as unknown as Kysely<{ csp_violations: Folded }>)
      .insertInto('csp_violations')
      .values(values.slice(at, at + 500))
      .execute();
  }
  await db.schema.dropTable('csp_reports').execute();
}

/** Back to one row per report: the counts cannot be split again, so the folded history is dropped. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await createCspReports(db);
  await db.schema.dropTable('csp_violations').execute();
}
