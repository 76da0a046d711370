import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/server/db/schema';
import { testDb } from '@/tests/fixtures/testDb';
import { down, up } from './0039_cancel_declarations_applied';

let db: Kysely<Database>;
beforeEach(async () => {
  db = await testDb();
});
afterEach(async () => db.destroy());

describe('0039_cancel_declarations_applied', () => {
  it('marks the declarations made before as applied when they were declared, and comes off again', async () => {
    await down(db as Kysely<unknown>);
    await (db as Kysely<unknown> as Kysely<Record<string, Record<string, unknown>>>)
      .insertInto('cancel_declarations')
      .values({
        id: 'cxl_old',
        email: 'ada@example.com',
        brand_slug: 'vogue',
        livemode: 1,
        reason: null,
        client_json: '{}',
        subscriptions_cancelled: 1,
        declared_at: '2026-11-01T10:00:00.000Z',
      })
      .execute();
    await up(db as Kysely<unknown>);
    expect(await db.selectFrom('cancel_declarations').select(['id', 'applied_at', 'origin']).execute()).toEqual([
      { id: 'cxl_old', applied_at: '2026-11-01T10:00:00.000Z', origin: null },
    ]);
  });
});
