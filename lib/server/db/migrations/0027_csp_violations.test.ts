import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/server/db/schema';
import { cspViolationKey } from '@/lib/server/security/cspViolationKey';
import { testDb } from '@/tests/fixtures/testDb';
import { down, up } from './0027_csp_violations';

let db: Kysely<Database>;
beforeEach(async () => {
  db = await testDb();
});
afterEach(async () => db.destroy());

const report = (receivedAt: string, blocked: string, source: string | null = null) => ({
  received_at: receivedAt,
  page: '/vogue/x/credit-card',
  directive: 'script-src-elem',
  blocked,
  source,
  disposition: 'enforce',
  sample: null,
});

describe('0027_csp_violations', () => {
  it('folds the reports kept one per row into one counted row per violation and day, and drops csp_reports', async () => {
    await down(db as Kysely<unknown>);
    const reports = [
      report('2026-11-20T10:00:00.000Z', 'https://evil.example', 'https://s.example/app.js:3'),
      report('2026-11-20T11:00:00.000Z', 'https://evil.example', 'https://s.example/app.js:9'),
      report('2026-11-20T12:00:00.000Z', 'https://evil.example', 'https://s.example/app.js:3'),
      report('2026-11-21T09:00:00.000Z', 'https://evil.example', 'https://s.example/app.js:3'),
      report('2026-11-21T09:30:00.000Z', 'inline'),
    ];
    await (db as unknown as Kysely<{ csp_reports: (typeof reports)[number] }>).insertInto('csp_reports').values(reports).execute();

    await up(db as Kysely<unknown>);

    const rows = await db
      .selectFrom('csp_violations')
      .select(['violation_key', 'day', 'blocked', 'count', 'first_seen', 'last_seen', 'source'])
      .orderBy('day')
      .orderBy('blocked')
      .execute();
    const evil = cspViolationKey({ ...reports[0]!, source: 'https://s.example/app.js' });
    expect(rows).toEqual([
      {
        violation_key: evil,
        day: '2026-11-20',
        blocked: 'https://evil.example',
        count: 3,
        first_seen: '2026-11-20T10:00:00.000Z',
        last_seen: '2026-11-20T12:00:00.000Z',
        source: 'https://s.example/app.js:3',
      },
      expect.objectContaining({ violation_key: evil, day: '2026-11-21', count: 1 }),
      expect.objectContaining({ day: '2026-11-21', blocked: 'inline', count: 1, source: null }),
    ]);
    await expect(sql`select count(*) from csp_reports`.execute(db)).rejects.toThrow();
  });
});
