import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { testDb } from '@/tests/fixtures/testDb';
import { schedule } from '@/tests/fixtures/lifecycleStates';
import { newTransactionFixture } from '@/tests/fixtures/transactions';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import type { Database } from '@/lib/server/db/schema';
import { BUYER, historyOf } from './subscriptionHistory';
import { SubscriptionRepository } from './SubscriptionRepository';
import { writeEvent } from './writeEvent';
import { writeEventToMany } from './writeEventToMany';

let db: Kysely<Database>;
const now = () => new Date('2026-11-26T10:00:00.000Z');
const cause = { event: 'cancel_requested' as const, actor: BUYER };
const cancel = { kind: 'cancel-requested', channel: 'care', reason: null } as const;

beforeEach(async () => {
  db = await testDb();
});
afterEach(async () => db.destroy());

async function bought(n: number): Promise<string> {
  const transactions = new TransactionRepository(db, now);
  await transactions.create(newTransactionFixture({ id: `txn_${n}`, buyerIdentity: 'ada@example.com' }));
  await transactions.markSucceeded(`txn_${n}`, `pi_${n}`);
  return (await transactions.findById(`txn_${n}`))!.subscriptionId!;
}
const record = async (id: string) => (await new SubscriptionRepository(db, now).findById(id))!;

describe('writeEventToMany', () => {
  it('decides each record on its own, writes those it applies to, and keeps each one’s history with its own before', async () => {
    const [first, second, cancelled] = [await bought(1), await bought(2), await bought(3)];
    await writeEvent(db, await record(cancelled), cancel, { now: now(), cause });
    const untouched = await record(cancelled);
    const entries = (await historyOf(db, cancelled)).length;

    expect(await writeEventToMany(db, (eb) => eb('brand_slug', '=', untouched.brandSlug), cancel, { now: now(), cause })).toBe(2);

    for (const id of [first, second]) {
      expect(await record(id)).toMatchObject({ cancelAtPeriodEnd: true, cancelChannel: 'care', nextActionAt: now().toISOString() });
      expect((await historyOf(db, id)).at(-1)).toMatchObject({
        event: 'cancel_requested',
        before: { cancel_at_period_end: 0, cancel_channel: null },
        after: { cancel_at_period_end: 1, cancel_channel: 'care' },
      });
    }
    // Refused (cancelled already): not written, no history.
    expect((await record(cancelled)).version).toBe(untouched.version);
    expect(await historyOf(db, cancelled)).toHaveLength(entries);
  });

  it('moves a test clock one subscription at a time, in its own record, each with its history', async () => {
    const [first, second] = [await bought(1), await bought(2)];
    const day = 24 * 3600_000;
    const moved = { kind: 'clock-moved', advance: 'day', movable: true, schedule: schedule() } as const;
    const operator = { event: 'clock_moved' as const, actor: { kind: 'operator' as const } };
    expect(await writeEventToMany(db, (eb) => eb('id', 'in', [first, second]), moved, { now: now(), cause: operator })).toBe(2);
    for (const id of [first, second]) {
      expect(await record(id)).toMatchObject({ clockOffsetMs: day });
      expect((await historyOf(db, id)).at(-1)).toMatchObject({
        event: 'clock_moved',
        before: { clock_offset_ms: 0 },
        after: { clock_offset_ms: day },
      });
    }
  });
});
