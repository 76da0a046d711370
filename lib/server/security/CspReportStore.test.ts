import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { testDb } from '@/tests/fixtures/testDb';
import type { Database } from '@/lib/server/db/schema';
import { CspReportStore } from './CspReportStore';

const violation = {
  page: '/vogue/demo-single/credit-card',
  directive: 'script-src-elem',
  blocked: 'https://evil.example',
  source: null,
  disposition: 'enforce' as const,
  sample: null,
};

describe('CspReportStore', () => {
  let db: Kysely<Database>;
  beforeEach(async () => {
    db = await testDb();
  });
  afterEach(async () => {
    await db.destroy();
  });

  it('groups violations by page, directive and what was blocked, the most frequent first', async () => {
    const store = new CspReportStore(db);
    await store.record([violation, violation, { ...violation, blocked: 'inline', source: 'https://s.example/app.js:3' }]);
    const summary = await store.summary(new Date(Date.now() - 60_000), new Date(Date.now() + 60_000));
    expect(summary).toEqual([
      expect.objectContaining({ blocked: 'https://evil.example', count: 2 }),
      expect.objectContaining({ blocked: 'inline', count: 1, source: 'https://s.example/app.js:3' }),
    ]);
  });

  it('counts one violation per key and day: the same source file on another line is the same violation', async () => {
    let clock = Date.parse('2026-11-20T10:00:00Z');
    const store = new CspReportStore(db, () => new Date(clock));
    const fromLine = (line: number) => ({ ...violation, source: `https://s.example/app.js:${line}` });
    expect(await store.record([fromLine(3), fromLine(9)])).toEqual([fromLine(3)]);
    clock += 3600_000;
    expect(await store.record([fromLine(12)])).toEqual([]);
    clock += 24 * 3600_000;
    // Another day: a row of its own, but not new.
    expect(await store.record([fromLine(3)])).toEqual([]);
    const rows = await db
      .selectFrom('csp_violations')
      .select(['day', 'count', 'first_seen', 'last_seen', 'source'])
      .orderBy('day')
      .execute();
    expect(rows).toEqual([
      {
        day: '2026-11-20',
        count: 3,
        first_seen: '2026-11-20T10:00:00.000Z',
        last_seen: '2026-11-20T11:00:00.000Z',
        source: 'https://s.example/app.js:3',
      },
      {
        day: '2026-11-21',
        count: 1,
        first_seen: '2026-11-21T11:00:00.000Z',
        last_seen: '2026-11-21T11:00:00.000Z',
        source: fromLine(3).source,
      },
    ]);
    expect(await store.summary(new Date('2026-11-20T00:00:00Z'), new Date('2026-11-22T00:00:00Z'))).toEqual([
      expect.objectContaining({ blocked: 'https://evil.example', count: 4, lastSeen: '2026-11-21T11:00:00.000Z' }),
    ]);
    expect(await store.summary(new Date('2026-11-21T00:00:00Z'), new Date('2026-11-22T00:00:00Z'))).toEqual([
      expect.objectContaining({ count: 1 }),
    ]);
  });

  it('keeps a new violation only when admitNew allows it', async () => {
    const store = new CspReportStore(db);
    expect(await store.record([violation], async () => false)).toEqual([]);
    expect(await db.selectFrom('csp_violations').selectAll().execute()).toEqual([]);
  });

  it('leaves out what came before or after the period', async () => {
    const store = new CspReportStore(db);
    await store.record([violation]);
    expect(await store.summary(new Date(Date.now() + 60_000), new Date(Date.now() + 120_000))).toEqual([]);
    expect(await store.summary(new Date(Date.now() - 120_000), new Date(Date.now() - 60_000))).toEqual([]);
  });
});
