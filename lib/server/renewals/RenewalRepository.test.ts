import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/server/db/schema';
import { queryPlan } from '@/tests/fixtures/queryPlan';
import { testDb } from '@/tests/fixtures/testDb';
import { RenewalRepository } from './RenewalRepository';

let db: Kysely<Database>;
beforeEach(async () => {
  db = await testDb();
});
afterEach(async () => db.destroy());

const NOW = new Date('2026-12-01T12:00:00.000Z');

describe("the renewal engine's due claim", () => {
  it('reads the schedule alone, by its index: never a whole table, nor the whole index, on SQLite and PostgreSQL', async () => {
    const plan = await queryPlan(db, new RenewalRepository(db).dueQuery(NOW, 500).compile());
    expect(plan.indexes).toEqual(['subscription_schedule_due']);
    expect(plan.fullScans).toEqual([]);
    expect(plan.indexWalks).toEqual([]);
  });
});
