import { sql, type Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import type { CspViolation } from './cspReport';
import { cspViolationKey } from './cspViolationKey';
import type { CspViolationSummary } from '@/lib/reports/funnelReportView';

/**
 * The violations browsers report, counted per violation (cspViolationKey) and day in
 * csp_violations: however often one is sent, it is one row, so a flood of one forged report
 * cannot push another out of sight, and a violation never seen before can be told apart.
 */
export class CspReportStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Counts `violations`. One never seen before (on any day kept) is kept only if `admitNew`
   * allows it (a client's budget of new violations); those kept are answered, for the alert.
   */
  async record(violations: readonly CspViolation[], admitNew: () => Promise<boolean> = async () => true): Promise<CspViolation[]> {
    if (violations.length === 0) return [];
    const batch = new Map<string, { violation: CspViolation; count: number }>();
    for (const violation of violations) {
      const key = cspViolationKey(violation);
      const seen = batch.get(key);
      if (seen) seen.count += 1;
      else batch.set(key, { violation, count: 1 });
    }
    const known = new Set(
      (
        await this.db
          .selectFrom('csp_violations')
          .select('violation_key')
          .distinct()
          .where('violation_key', 'in', [...batch.keys()])
          .execute()
      ).map((row) => row.violation_key),
    );
    const at = this.now().toISOString();
    const fresh: CspViolation[] = [];
    for (const [key, { violation, count }] of batch) {
      if (!known.has(key)) {
        if (!(await admitNew())) continue;
        fresh.push(violation);
      }
      await this.db
        .insertInto('csp_violations')
        .values({ ...violation, violation_key: key, day: at.slice(0, 10), count, first_seen: at, last_seen: at })
        .onConflict((oc) =>
          oc.columns(['violation_key', 'day']).doUpdateSet({
            count: sql<number>`csp_violations.count + excluded.count`,
            last_seen: sql<string>`excluded.last_seen`,
          }),
        )
        .execute();
    }
    return fresh;
  }

  /** Violations reported from `since` until before `until` (by day), the most frequent first. */
  async summary(since: Date, until: Date, limit = 50): Promise<CspViolationSummary[]> {
    const rows = await this.db
      .selectFrom('csp_violations')
      .select(['page', 'directive', 'blocked', 'disposition'])
      .select((eb) => [
        eb.fn.sum<number | string>('count').as('count'),
        eb.fn.max('last_seen').as('lastSeen'),
        eb.fn.max('source').as('source'),
      ])
      .where('day', '>=', since.toISOString().slice(0, 10))
      .where('last_seen', '>=', since.toISOString())
      .where('first_seen', '<', until.toISOString())
      .groupBy(['page', 'directive', 'blocked', 'disposition'])
      .orderBy(sql`sum(count)`, 'desc')
      .orderBy('lastSeen', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ ...row, count: Number(row.count), lastSeen: String(row.lastSeen), source: row.source ?? null }));
  }
}
