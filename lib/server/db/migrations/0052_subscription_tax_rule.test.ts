import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import type { Database } from '@/lib/server/db/schema';
import { newTransactionFixture } from '@/tests/fixtures/transactions';
import { testDb } from '@/tests/fixtures/testDb';
import { down, up } from './0052_subscription_tax_rule';

let db: Kysely<Database>;
beforeEach(async () => {
  db = await testDb();
});
afterEach(async () => db.destroy());

const GERMAN_VAT = { rate: 0.07, inclusive: true, components: [{ kind: 'vat' as const, rate: 0.07 }] };

describe('0052_subscription_tax_rule', () => {
  it('gives the subscriptions from before their purchase’s tax rule, and takes it away again', async () => {
    const transactions = new TransactionRepository(db, () => new Date('2026-11-26T10:00:00.000Z'));
    const german = newTransactionFixture({ id: 'txn_de' });
    await transactions.create({ ...german, currencyCode: 'EUR', order: { ...german.order, taxRate: GERMAN_VAT } });
    await transactions.create(newTransactionFixture({ id: 'txn_us' }));
    await transactions.markSucceeded('txn_de', 'pi_de');
    await transactions.markSucceeded('txn_us', 'pi_us');
    // Written by the code of today, which sets it: the migration must find it again from the orders.
    await down(db as Kysely<unknown>);
    const columns = (await db.introspection.getTables()).find((table) => table.name === 'subscriptions')!.columns.map((c) => c.name);
    expect(columns).not.toContain('tax_included');
    await up(db as Kysely<unknown>);
    const rows = await db.selectFrom('subscriptions').select(['transaction_id', 'tax_included']).orderBy('transaction_id').execute();
    expect(rows).toEqual([
      { transaction_id: 'txn_de', tax_included: 1 },
      { transaction_id: 'txn_us', tax_included: 0 },
    ]);
  });
});
