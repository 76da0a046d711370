import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { testDb } from '@/tests/fixtures/testDb';
import type { Database } from '@/lib/server/db/schema';
import { DbPlanStore } from './DbPlanStore';

let db: Kysely<Database>;
beforeEach(async () => {
  db = await testDb();
});
afterEach(async () => db.destroy());

describe('DbPlanStore', () => {
  it('remembers a plan per key, and a second put replaces it', async () => {
    const plans = new DbPlanStore(db);
    expect(await plans.get('paypal-plan:v1:test:vogue-digital')).toBeNull();
    await plans.put('paypal-plan:v1:test:vogue-digital', 'P-1');
    await plans.put('paypal-plan:v1:live:vogue-digital', 'P-2');
    expect(await plans.get('paypal-plan:v1:test:vogue-digital')).toBe('P-1');
    await plans.put('paypal-plan:v1:test:vogue-digital', 'P-3');
    expect(await plans.get('paypal-plan:v1:test:vogue-digital')).toBe('P-3');
    expect(await plans.get('paypal-plan:v1:live:vogue-digital')).toBe('P-2');
  });
});
