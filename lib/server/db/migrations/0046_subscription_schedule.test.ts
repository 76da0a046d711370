import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import type { Database } from '@/lib/server/db/schema';
import { newTransactionFixture } from '@/tests/fixtures/transactions';
import { testDb } from '@/tests/fixtures/testDb';
import { down, up } from './0046_subscription_schedule';

let db: Kysely<Database>;
beforeEach(async () => {
  db = await testDb();
});
afterEach(async () => db.destroy());

type Untyped = Kysely<Record<string, Record<string, unknown>>>;
const DUE = '2026-12-26T10:00:00.000Z';
const LEASE = '2026-11-26T10:05:00.000Z';

describe('0046_subscription_schedule', () => {
  it("moves each subscription's next action and lease to its own schedule row, and back again", async () => {
    const transactions = new TransactionRepository(db, () => new Date('2026-11-26T10:00:00.000Z'));
    await transactions.create(newTransactionFixture({ id: 'txn_1', buyerIdentity: 'ada@example.com' }));
    await transactions.markSucceeded('txn_1', 'pi_1');
    const id = (await transactions.findById('txn_1'))!.subscriptionId!;
    await down(db as Kysely<unknown>);
    const untyped = db as Kysely<unknown> as Untyped;
    await untyped.updateTable('subscriptions').set({ next_action_at: DUE, lease_until: LEASE }).where('id', '=', id).execute();
    await up(db as Kysely<unknown>);
    expect(await db.selectFrom('subscription_schedule').selectAll().execute()).toEqual([
      { subscription_id: id, next_action_at: DUE, lease_until: LEASE },
    ]);
    expect(await untyped.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirstOrThrow()).not.toHaveProperty(
      'next_action_at',
    );
    await down(db as Kysely<unknown>);
    expect(await untyped.selectFrom('subscriptions').select(['id', 'next_action_at', 'lease_until']).execute()).toEqual([
      { id, next_action_at: DUE, lease_until: LEASE },
    ]);
  });
});
