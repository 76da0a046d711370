import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Kysely } from 'kysely';
import { testDb } from '@/tests/fixtures/testDb';
import { newTransactionFixture } from '@/tests/fixtures/transactions';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import type { Database } from '@/lib/server/db/schema';
import type { SessionIdentity } from '@/lib/server/identity/sessionIdentity';
import { claimingSessions } from './claimingSessions';
import { SubscriptionRepository } from './SubscriptionRepository';

let db: Kysely<Database>;
const now = () => new Date('2026-11-26T10:00:00.000Z');

beforeEach(async () => {
  db = await testDb();
});
afterEach(async () => db.destroy());

/** An external identity service that says every cookie is `signedInAs`. */
const external = (signedInAs: string | null): SessionIdentity => ({
  verify: async () => ({ status: 401, body: { error: { code: 401, status: 'INVALID' } } }),
  email: async () => signedInAs,
});

async function boughtSignedOut(id: string, email: string): Promise<string> {
  const transactions = new TransactionRepository(db, now);
  const fixture = newTransactionFixture({ id });
  await transactions.create({ ...fixture, buyerIdentity: null, customer: { ...fixture.customer, email } });
  await transactions.markSucceeded(id, `pi_${id}`);
  return (await transactions.findById(id))!.subscriptionId!;
}

const owner = async (id: string) => (await new SubscriptionRepository(db, now).findById(id))?.ownerEmail;

describe('claimingSessions (an external identity service)', () => {
  it('claims what its verified address bought signed out, once, and writes nothing after', async () => {
    const mine = await boughtSignedOut('txn_mine', 'Ada@Example.com');
    const theirs = await boughtSignedOut('txn_theirs', 'bob@example.com');
    const claim = vi.spyOn(SubscriptionRepository.prototype, 'claimForVerifiedEmail');
    const sessions = claimingSessions(external('ada@example.com'), db, now);

    expect(await sessions.email('id=1')).toBe('ada@example.com');
    expect(await owner(mine)).toBe('ada@example.com');
    expect(await owner(theirs)).toBeNull();
    expect(claim).toHaveBeenCalledTimes(1);

    expect(await sessions.email('id=1')).toBe('ada@example.com');
    expect(claim).toHaveBeenCalledTimes(1);
    claim.mockRestore();
  });

  it('claims nothing for a visitor who is not signed in', async () => {
    const mine = await boughtSignedOut('txn_mine', 'ada@example.com');
    expect(await claimingSessions(external(null), db, now).email(undefined)).toBeNull();
    expect(await owner(mine)).toBeNull();
  });
});
