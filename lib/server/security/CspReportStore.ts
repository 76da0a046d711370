import { sql, type Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import type { CspViolation } from './cspReport';
import type { CspViolationSummary } from '@/lib/reports/funnelReportView';

export class CspReportStore {
  constructor(private readonly db: Kysely<Database>) {}

  async record(violations: readonly CspViolation[]): Promise<void> {
    if (violations.length === 0) return;
    await this.db
      .insertInto('csp_reports')
      .values(violations.map((violation) => ({ ...violation })))
      .execute();
  }

  /** Violations received from `since` until before `until`, the most frequent first. */
  async summary(since: Date, until: Date, limit = 50): Promise<CspViolationSummary[]> {
    const rows = await this.db
      .selectFrom('csp_reports')
      .select(['page', 'directive', 'blocked', 'disposition'])
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.max('received_at').as('lastSeen'), eb.fn.max('source').as('source')])
      .where('received_at', '>=', since.toISOString())
      .where('received_at', '<', until.toISOString())
      .groupBy(['page', 'directive', 'blocked', 'disposition'])
      .orderBy(sql`count(*)`, 'desc')
      .orderBy('lastSeen', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ ...row, count: Number(row.count), lastSeen: String(row.lastSeen), source: row.source ?? null }));
  }
}
