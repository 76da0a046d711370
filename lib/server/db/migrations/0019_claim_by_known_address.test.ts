import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import type { Database } from '@/lib/server/db/schema';
import { testDb } from '@/tests/fixtures/testDb';
import { newTransactionFixture } from '@/tests/fixtures/transactions';
import { up } from './0019_claim_by_known_address';

let db: Kysely<Database>;
const now = () => new Date('2026-11-26T10:00:00.000Z');

beforeEach(async () => {
  db = await testDb();
});
afterEach(async () => db.destroy());

/** A subscription bought signed out and left unowned, as the code before this migration left it. */
async function unowned(id: string, email: string): Promise<string> {
  const transactions = new TransactionRepository(db, now);
  const fixture = newTransactionFixture({ id });
  await transactions.create({ ...fixture, buyerIdentity: null, customer: { ...fixture.customer, email } });
  await transactions.markSucceeded(id, `pi_${id}`);
  const subscriptionId = (await transactions.findById(id))!.subscriptionId!;
  await db.updateTable('subscriptions').set({ owner_email: null }).where('id', '=', subscriptionId).execute();
  return subscriptionId;
}

const owner = async (id: string) =>
  (await db.selectFrom('subscriptions').select('owner_email').where('id', '=', id).executeTakeFirstOrThrow()).owner_email;

describe('0019_claim_by_known_address', () => {
  it('gives an unowned subscription to its billing address when that address has signed in before, and no other', async () => {
    const known = await unowned('txn_known', 'ada@example.com');
    const stranger = await unowned('txn_stranger', 'cy@example.com');
    await db.insertInto('users').values({ id: 'user_ada', email: 'ada@example.com', created_at: now().toISOString() }).execute();

    await up(db as Kysely<unknown>);

    expect(await owner(known)).toBe('ada@example.com');
    expect(await owner(stranger)).toBeNull();
  });
});
