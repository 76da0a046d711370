import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import type { Database } from '@/lib/server/db/schema';
import { newTransactionFixture } from '@/tests/fixtures/transactions';
import { testDb } from '@/tests/fixtures/testDb';
import { down, up } from './0051_buyer_locale';

let db: Kysely<Database>;
beforeEach(async () => {
  db = await testDb();
});
afterEach(async () => db.destroy());

const columns = async (table: string) =>
  (await db.introspection.getTables()).find((t) => t.name === table)!.columns.map((column) => column.name);

describe('0051_buyer_locale', () => {
  it('gives orders and subscriptions from before it English and UTC, and takes both away again', async () => {
    const transactions = new TransactionRepository(db, () => new Date('2026-11-26T10:00:00.000Z'));
    await transactions.create(newTransactionFixture({ id: 'txn_1', locale: 'de-DE', timeZone: 'Europe/Berlin' }));
    await transactions.markSucceeded('txn_1', 'pi_1');
    await down(db as Kysely<unknown>);
    for (const table of ['transactions', 'subscriptions']) {
      expect(await columns(table)).not.toContain('locale');
      expect(await columns(table)).not.toContain('time_zone');
    }
    await up(db as Kysely<unknown>);
    expect(await db.selectFrom('transactions').select(['locale', 'time_zone']).execute()).toEqual([{ locale: 'en-US', time_zone: 'UTC' }]);
    expect(await db.selectFrom('subscriptions').select(['locale', 'time_zone']).execute()).toEqual([{ locale: 'en-US', time_zone: 'UTC' }]);
  });
});
