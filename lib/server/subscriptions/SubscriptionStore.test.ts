import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { testDb } from '@/tests/fixtures/testDb';
import { newTransactionFixture } from '@/tests/fixtures/transactions';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import type { Database } from '@/lib/server/db/schema';
import { historyOf } from './subscriptionHistory';
import { SubscriptionRepository } from './SubscriptionRepository';
import { SubscriptionStore } from './SubscriptionStore';

let db: Kysely<Database>;
const now = () => new Date('2026-11-26T10:00:00.000Z');

beforeEach(async () => {
  db = await testDb();
});
afterEach(async () => db.destroy());

/** A paid order's subscription: its id, at version 0 with its purchase in its history. */
async function bought(): Promise<string> {
  const transactions = new TransactionRepository(db, now);
  await transactions.create(newTransactionFixture({ id: 'txn_1', buyerIdentity: 'ada@example.com' }));
  await transactions.markSucceeded('txn_1', 'pi_1');
  return (await transactions.findById('txn_1'))!.subscriptionId!;
}

const versionOf = async (id: string) =>
  Number((await db.selectFrom('subscriptions').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version);
const events = async (id: string) => (await historyOf(db, id)).map((entry) => entry.event);
const care = { event: 'cancel_requested' as const, actor: { kind: 'care' as const, id: 'op_7' } };

describe('SubscriptionStore', () => {
  it('writes a purchase once, version 0, with its history row', async () => {
    const id = await bought();
    expect(await versionOf(id)).toBe(0);
    const [purchased] = await historyOf(db, id);
    expect(purchased).toMatchObject({
      event: 'purchased',
      actor: { kind: 'buyer', id: null },
      version: 0,
      before: {},
      reconstructed: false,
    });
    expect(purchased!.after).toMatchObject({ status: 'active', brand_slug: 'vogue' });
    // Bookkeeping stays out of it, even on a purchase.
    expect(purchased!.after).not.toHaveProperty('next_action_at');
    const row = await db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(await new SubscriptionStore(db).insert(row, { event: 'purchased', actor: { kind: 'buyer' } }, null)).toBe(false);
    expect(await events(id)).toEqual(['purchased']);
  });

  it('bumps the version of every write, and records a contract change with its cause, before and after', async () => {
    const id = await bought();
    const written = await new SubscriptionStore(db).update(id, {
      set: { cancel_at_period_end: 1, cancel_channel: 'care', updated_at: '2026-11-27T00:00:00.000Z' },
      where: (eb) => eb('cancel_at_period_end', '=', 0),
      cause: care,
    });
    expect(written).toMatchObject({ id, version: 1, cancel_at_period_end: 1, cancel_channel: 'care' });
    const [, cancelled] = await historyOf(db, id);
    expect(cancelled).toMatchObject({
      event: 'cancel_requested',
      actor: { kind: 'care', id: 'op_7' },
      version: 1,
      before: { cancel_at_period_end: 0, cancel_channel: null },
      after: { cancel_at_period_end: 1, cancel_channel: 'care' },
    });
  });

  it('applies nothing and records nothing when its guard or the version it expects no longer holds', async () => {
    const id = await bought();
    const store = new SubscriptionStore(db);
    expect(await store.update(id, { set: { cancel_at_period_end: 1 }, where: (eb) => eb('status', '=', 'ended'), cause: care })).toBeNull();
    expect(await store.update(id, { set: { cancel_at_period_end: 1 }, expectedVersion: 3, cause: care })).toBeNull();
    expect(await versionOf(id)).toBe(0);
    expect(await store.update(id, { set: { cancel_at_period_end: 1 }, expectedVersion: 0, cause: care })).toMatchObject({ version: 1 });
    // The second of two writers that read version 0 loses.
    expect(await store.update(id, { set: { cancel_reason: 'late' }, expectedVersion: 0, cause: care })).toBeNull();
    expect(await events(id)).toEqual(['purchased', 'cancel_requested']);
  });

  it("keeps the engine's bookkeeping, and writes that change nothing, out of the history, yet counts their versions", async () => {
    const id = await bought();
    const store = new SubscriptionStore(db);
    await store.update(id, { set: { provider_tries: 1 } });
    await store.update(id, { set: { updated_at: '2026-11-26T10:01:00.000Z' }, cause: care, nextActionAt: null });
    await store.update(id, { set: { status: 'active' }, cause: { event: 'renewal_paid', actor: { kind: 'system' } } });
    expect(await versionOf(id)).toBe(3);
    expect(await events(id)).toEqual(['purchased']);
  });

  it("writes the engine's schedule beside the row: a lease leaves the row and its version as they are", async () => {
    const id = await bought();
    const store = new SubscriptionStore(db);
    const schedule = () => db.selectFrom('subscription_schedule').selectAll().where('subscription_id', '=', id).executeTakeFirstOrThrow();
    const purchasedAt = (await schedule()).next_action_at;
    expect(purchasedAt).not.toBeNull();
    const lease = '2026-11-26T10:05:00.000Z';
    expect(await store.updateSchedule((eb) => eb('subscription_id', '=', id), { lease_until: lease })).toEqual([
      { subscription_id: id, next_action_at: purchasedAt, lease_until: lease },
    ]);
    expect(await versionOf(id)).toBe(0);
    // A write that moves when the engine is next due writes it with the row, or not at all.
    expect(await store.update(id, { set: { cancel_at_period_end: 1 }, expectedVersion: 5, cause: care, nextActionAt: null })).toBeNull();
    expect((await schedule()).next_action_at).toBe(purchasedAt);
    await store.update(id, { set: { cancel_at_period_end: 1 }, expectedVersion: 0, cause: care, nextActionAt: null });
    expect(await schedule()).toEqual({ subscription_id: id, next_action_at: null, lease_until: lease });
    expect(await versionOf(id)).toBe(1);
    expect(await events(id)).toEqual(['purchased', 'cancel_requested']);
  });

  it('computes what SQL sets from the row as it was, and takes the record the caller holds as before', async () => {
    const id = await bought();
    const held = (await new SubscriptionRepository(db, now).findById(id))!;
    const store = new SubscriptionStore(db);
    await store.update(id, {
      set: { renewal_tries: sql<number>`renewal_tries + 1` },
      clockOffsetMs: 3600_000,
      cause: { event: 'clock_moved', actor: { kind: 'operator' } },
    });
    await store.update(id, {
      set: { status: 'past_due', renewal_tries: 1 },
      cause: { event: 'renewal_failed', actor: { kind: 'system' } },
      before: held,
    });
    const [, moved, failed] = await historyOf(db, id);
    expect(moved).toMatchObject({ before: { clock_offset_ms: 0 }, after: { clock_offset_ms: 3600_000 } });
    expect(Date.parse(moved!.clockAt) - Date.parse(moved!.at)).toBe(3600_000);
    expect(failed).toMatchObject({ before: { status: 'active', renewal_tries: 0 }, after: { status: 'past_due', renewal_tries: 1 } });
  });

  it("writes in the caller's transaction: its history goes with it when it rolls back", async () => {
    const id = await bought();
    await expect(
      db.transaction().execute(async (trx) => {
        await new SubscriptionStore(trx).update(id, { set: { cancel_at_period_end: 1 }, cause: care });
        throw new Error('the rest of the transaction failed');
      }),
    ).rejects.toThrow('the rest of the transaction failed');
    expect(await versionOf(id)).toBe(0);
    expect(await events(id)).toEqual(['purchased']);
  });

  it('keeps a test clock in its own record, written with the move that applies, and dates later history on it', async () => {
    const id = await bought();
    const store = new SubscriptionStore(db);
    const day = 24 * 3600_000;
    const moved = { event: 'clock_moved' as const, actor: { kind: 'operator' as const } };
    const clocks = () => db.selectFrom('subscription_test_clocks').selectAll().execute();
    expect(await store.update(id, { set: {}, clockOffsetMs: day, expectedVersion: 5, cause: moved })).toBeNull();
    expect(await clocks()).toEqual([]);
    expect(await store.update(id, { set: {}, clockOffsetMs: day, expectedVersion: 0, cause: moved })).toMatchObject({
      version: 1,
      clock_offset_ms: day,
    });
    expect(await store.update(id, { set: {}, clockOffsetMs: 2 * day, cause: moved })).toMatchObject({
      version: 2,
      clock_offset_ms: 2 * day,
    });
    const [clock] = await clocks();
    expect(clock).toMatchObject({ subscription_id: id, offset_ms: 2 * day });
    expect(Math.abs(Date.parse(clock!.moved_at!) - Date.now())).toBeLessThan(60_000);
    expect((await new SubscriptionRepository(db, now).findById(id))!.clockOffsetMs).toBe(2 * day);
    await store.update(id, { set: { cancel_at_period_end: 1 }, cause: care });
    const [, first, second, cancelled] = await historyOf(db, id);
    expect(first).toMatchObject({ event: 'clock_moved', before: { clock_offset_ms: 0 }, after: { clock_offset_ms: day } });
    expect(second).toMatchObject({ event: 'clock_moved', before: { clock_offset_ms: day }, after: { clock_offset_ms: 2 * day } });
    expect(Date.parse(cancelled!.clockAt) - Date.parse(cancelled!.at)).toBe(2 * day);
  });

  it('writes many in one statement, each moved row with its own history row', async () => {
    const id = await bought();
    const rows = await new SubscriptionStore(db).updateMany((eb) => eb('id', '=', id), {
      set: { owner_email: 'grace@example.com' },
      cause: { event: 'claimed', actor: { kind: 'buyer' } },
      before: { owner_email: 'ada@example.com' },
    });
    expect(rows.map((row) => [row.id, row.version])).toEqual([[id, 1]]);
    const [, claimed] = await historyOf(db, id);
    expect(claimed).toMatchObject({ before: { owner_email: 'ada@example.com' }, after: { owner_email: 'grace@example.com' } });
  });
});
