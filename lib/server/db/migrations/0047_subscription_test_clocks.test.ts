import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import type { Database } from '@/lib/server/db/schema';
import { newTransactionFixture } from '@/tests/fixtures/transactions';
import { testDb } from '@/tests/fixtures/testDb';
import { down, up } from './0047_subscription_test_clocks';

let db: Kysely<Database>;
beforeEach(async () => {
  db = await testDb();
});
afterEach(async () => db.destroy());

type Untyped = Kysely<Record<string, Record<string, unknown>>>;
const DAY = 24 * 3600_000;
const MOVED_AT = '2026-11-27T08:00:00.000Z';

/** Two paid orders' subscriptions: their ids. */
async function twoBought(): Promise<[string, string]> {
  const transactions = new TransactionRepository(db, () => new Date('2026-11-26T10:00:00.000Z'));
  const ids: string[] = [];
  for (const id of ['txn_1', 'txn_2']) {
    await transactions.create(newTransactionFixture({ id, buyerIdentity: 'ada@example.com' }));
    await transactions.markSucceeded(id, `pi_${id}`);
    ids.push((await transactions.findById(id))!.subscriptionId!);
  }
  return [ids[0]!, ids[1]!];
}

describe('0047_subscription_test_clocks', () => {
  it("moves each moved clock's offset to its own record, with when its history last moved it, and back again", async () => {
    const [moved, real] = await twoBought();
    await down(db as Kysely<unknown>);
    const untyped = db as Kysely<unknown> as Untyped;
    await untyped
      .updateTable('subscriptions')
      .set({ clock_offset_ms: 40 * DAY })
      .where('id', '=', moved)
      .execute();
    const history = await untyped
      .selectFrom('subscription_history')
      .selectAll()
      .where('subscription_id', '=', moved)
      .executeTakeFirstOrThrow();
    await untyped
      .insertInto('subscription_history')
      .values({ ...history, id: 'shi_clock', event: 'clock_moved', at: MOVED_AT, before_json: '{}', after_json: '{}' })
      .execute();
    await up(db as Kysely<unknown>);
    // The one that follows the real clock gets no record.
    expect(await db.selectFrom('subscription_test_clocks').selectAll().execute()).toEqual([
      { subscription_id: moved, offset_ms: 40 * DAY, moved_at: MOVED_AT },
    ]);
    expect(await untyped.selectFrom('subscriptions').selectAll().where('id', '=', real).executeTakeFirstOrThrow()).not.toHaveProperty(
      'clock_offset_ms',
    );
    await down(db as Kysely<unknown>);
    const offsets = await untyped.selectFrom('subscriptions').select(['id', 'clock_offset_ms']).execute();
    expect(new Map(offsets.map((row) => [row.id, Number(row.clock_offset_ms)]))).toEqual(
      new Map([
        [moved, 40 * DAY],
        [real, 0],
      ]),
    );
  });

  it('takes a test clock away with its subscription', async () => {
    const [moved] = await twoBought();
    await db.insertInto('subscription_test_clocks').values({ subscription_id: moved, offset_ms: DAY, moved_at: MOVED_AT }).execute();
    await db.deleteFrom('subscriptions').where('id', '=', moved).execute();
    expect(await db.selectFrom('subscription_test_clocks').selectAll().execute()).toEqual([]);
  });
});
