import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { testDb } from '@/tests/fixtures/testDb';
import { schedule } from '@/tests/fixtures/lifecycleStates';
import { newTransactionFixture } from '@/tests/fixtures/transactions';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import type { Database } from '@/lib/server/db/schema';
import { BUYER, historyOf } from './subscriptionHistory';
import { SubscriptionRepository } from './SubscriptionRepository';
import { SubscriptionStore } from './SubscriptionStore';
import { writeEvent } from './writeEvent';

let db: Kysely<Database>;
const now = () => new Date('2026-11-26T10:00:00.000Z');
const cause = { event: 'cancel_requested' as const, actor: BUYER };

beforeEach(async () => {
  db = await testDb();
});
afterEach(async () => db.destroy());

async function bought(): Promise<string> {
  const transactions = new TransactionRepository(db, now);
  await transactions.create(newTransactionFixture({ id: 'txn_1', buyerIdentity: 'ada@example.com' }));
  await transactions.markSucceeded('txn_1', 'pi_1');
  return (await transactions.findById('txn_1'))!.subscriptionId!;
}
const record = async (id: string) => (await new SubscriptionRepository(db, now).findById(id))!;
const cancel = { kind: 'cancel-requested', channel: 'account', reason: null } as const;

describe('writeEvent', () => {
  it('writes the lifecycle’s changes at the version read, and answers the record as written', async () => {
    const held = await record(await bought());
    const written = await writeEvent(db, held, cancel, { now: now(), cause });
    expect(written).toMatchObject({ kind: 'applied', subscription: { cancelAtPeriodEnd: true, version: held.version! + 1 } });
    expect(await record(held.id)).toMatchObject({ cancelAtPeriodEnd: true, nextActionAt: now().toISOString() });
  });

  it('decides again on the row as it is when another write moved it since it was read', async () => {
    const held = await record(await bought());
    // Bookkeeping moved the version (the provider sync's tries), nothing of the contract: the cancel still applies.
    await new SubscriptionStore(db).update(held.id, { set: { provider_tries: 1 } });
    expect((await writeEvent(db, held, cancel, { now: now(), cause })).kind).toBe('applied');
    // Cancelled meanwhile (another tab): refused as the guarded update refused it, nothing written.
    const before = await record(held.id);
    expect(await writeEvent(db, held, cancel, { now: now(), cause })).toEqual({ kind: 'refused', reason: 'cancelled-already' });
    expect((await record(held.id)).version).toBe(before.version);
  });

  it('moves a test clock in its own record, and a move that meets another from the clock as the other left it', async () => {
    const held = await record(await bought());
    const day = 24 * 3600_000;
    const moved = { kind: 'clock-moved', advance: 'day', movable: true, schedule: schedule() } as const;
    const operator = { event: 'clock_moved' as const, actor: { kind: 'operator' as const } };
    const first = await writeEvent(db, held, moved, { now: now(), cause: operator });
    expect(first).toMatchObject({ kind: 'applied', subscription: { clockOffsetMs: day, version: held.version! + 1 } });
    // Decided on the record first read, the second move lost its version: decided again, a day on from the first.
    expect(await writeEvent(db, held, moved, { now: now(), cause: operator })).toMatchObject({
      kind: 'applied',
      subscription: { clockOffsetMs: 2 * day, version: held.version! + 2 },
    });
    expect(await record(held.id)).toMatchObject({ clockOffsetMs: 2 * day, nextActionAt: held.nextActionAt });
    expect((await historyOf(db, held.id)).slice(-2)).toMatchObject([
      { event: 'clock_moved', before: { clock_offset_ms: 0 }, after: { clock_offset_ms: day } },
      { event: 'clock_moved', before: { clock_offset_ms: day }, after: { clock_offset_ms: 2 * day } },
    ]);
  });

  it('moves only the schedule for an event that changes nothing of the record: no version, no history', async () => {
    const held = await record(await bought());
    const later = new Date('2026-12-24T10:00:00.000Z');
    const entries = await db.selectFrom('subscription_history').select('id').where('subscription_id', '=', held.id).execute();
    const written = await writeEvent(db, held, { kind: 'catalogue-price-changed' }, { now: later, cause });
    expect(written).toMatchObject({ kind: 'applied', subscription: { version: held.version, nextActionAt: later.toISOString() } });
    expect(await record(held.id)).toMatchObject({ version: held.version, nextActionAt: later.toISOString() });
    expect(await db.selectFrom('subscription_history').select('id').where('subscription_id', '=', held.id).execute()).toEqual(entries);
  });

  it('leaves when the engine is next due to its run, when asked', async () => {
    const held = await record(await bought());
    await writeEvent(db, held, cancel, { now: now(), cause, leaveSchedule: true });
    expect((await record(held.id)).nextActionAt).toBe(held.nextActionAt);
  });
});
