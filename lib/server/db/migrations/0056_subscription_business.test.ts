import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import type { Database } from '@/lib/server/db/schema';
import { newTransactionFixture } from '@/tests/fixtures/transactions';
import { testDb } from '@/tests/fixtures/testDb';
import { down, up } from './0056_subscription_business';

let db: Kysely<Database>;
beforeEach(async () => {
  db = await testDb();
});
afterEach(async () => db.destroy());

describe('0056_subscription_business', () => {
  it('gives each subscription bought by a business its purchase’s company, the VAT number unverified', async () => {
    const transactions = new TransactionRepository(db, () => new Date('2026-11-26T10:00:00.000Z'));
    const buy = async (id: string, customer: object) => {
      const fixture = newTransactionFixture({ id });
      await transactions.create({ ...fixture, customer: { ...fixture.customer, ...customer } });
      await transactions.markSucceeded(id, `pi_${id}`);
    };
    await buy('txn_acme', { country: 'DE', company: { name: 'Acme GmbH', vatNumber: 'DE123456789' } });
    await buy('txn_shop', { country: 'US', company: { name: 'Corner Shop' } });
    await buy('txn_ada', { country: 'GB' });
    // As the database was before: the column is added again by the migration.
    await down(db as Kysely<unknown>);
    await up(db as Kysely<unknown>);
    const rows = await db.selectFrom('subscriptions').select(['transaction_id', 'business_json']).orderBy('transaction_id').execute();
    expect(rows.map((row) => [row.transaction_id, row.business_json ? JSON.parse(row.business_json) : null])).toEqual([
      ['txn_acme', { companyName: 'Acme GmbH', vatNumber: 'DE123456789', country: 'DE', vatStatus: 'unverified' }],
      ['txn_ada', null],
      ['txn_shop', { companyName: 'Corner Shop', vatNumber: null, country: 'US', vatStatus: null }],
    ]);
  });
});
