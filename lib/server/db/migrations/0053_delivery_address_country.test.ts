import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import type { Database } from '@/lib/server/db/schema';
import { newTransactionFixture, ORDERED_OFFERS } from '@/tests/fixtures/transactions';
import { testDb } from '@/tests/fixtures/testDb';
import { up } from './0053_delivery_address_country';

let db: Kysely<Database>;
beforeEach(async () => {
  db = await testDb();
});
afterEach(async () => db.destroy());

const TEXAS = { line1: '1 Congress Ave', city: 'Austin', postalCode: '78701' };

describe('0053_delivery_address_country', () => {
  it('puts the delivery addresses kept without a country in their purchase’s billing country and state', async () => {
    const transactions = new TransactionRepository(db, () => new Date('2026-11-26T10:00:00.000Z'));
    const print = (id: string, customer: object) => {
      const fixture = newTransactionFixture({ id });
      return transactions.create({
        ...fixture,
        order: { ...fixture.order, offer: ORDERED_OFFERS.newYorkerPrint },
        customer: { ...fixture.customer, ...customer, address: TEXAS },
      });
    };
    await print('txn_tx', { country: 'US', region: 'TX' });
    await print('txn_gb', { country: 'GB' });
    await print('txn_moved', { country: 'US', region: 'TX' });
    for (const id of ['txn_tx', 'txn_gb', 'txn_moved']) await transactions.markSucceeded(id, `pi_${id}`);
    // As the code from before kept them: no country; one already moved by today's code keeps its own.
    await db
      .updateTable('subscriptions')
      .set({ delivery_address_json: JSON.stringify(TEXAS) })
      .execute();
    const newYork = { line1: '4 Times Sq', city: 'New York', postalCode: '10036', country: 'US', region: 'NY' };
    await db
      .updateTable('subscriptions')
      .set({ delivery_address_json: JSON.stringify(newYork) })
      .where('transaction_id', '=', 'txn_moved')
      .execute();

    await up(db as Kysely<unknown>);
    const rows = await db
      .selectFrom('subscriptions')
      .select(['transaction_id', 'delivery_address_json'])
      .orderBy('transaction_id')
      .execute();
    expect(rows.map((row) => [row.transaction_id, JSON.parse(row.delivery_address_json!)])).toEqual([
      ['txn_gb', { ...TEXAS, country: 'GB' }],
      ['txn_moved', newYork],
      ['txn_tx', { ...TEXAS, country: 'US', region: 'TX' }],
    ]);
  });
});
