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

  it('leaves out what came before or after the period', async () => {
    const store = new CspReportStore(db);
    await store.record([violation]);
    expect(await store.summary(new Date(Date.now() + 60_000), new Date(Date.now() + 120_000))).toEqual([]);
    expect(await store.summary(new Date(Date.now() - 120_000), new Date(Date.now() - 60_000))).toEqual([]);
  });
});
