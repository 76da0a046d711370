import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/server/db/schema';
import { testDb } from '@/tests/fixtures/testDb';
import { down, up } from './0035_express_wallets';

let db: Kysely<Database>;
beforeEach(async () => {
  db = await testDb();
});
afterEach(async () => db.destroy());

const columnsOf = async (table: string) =>
  (await db.introspection.getTables()).find((candidate) => candidate.name === table)!.columns.map((column) => column.name);

describe('0035_express_wallets', () => {
  it('adds a nullable express_wallet to transactions and subscriptions, and down drops both', async () => {
    expect(await columnsOf('transactions')).toContain('express_wallet');
    expect(await columnsOf('subscriptions')).toContain('express_wallet');
    await down(db as Kysely<unknown>);
    expect(await columnsOf('transactions')).not.toContain('express_wallet');
    expect(await columnsOf('subscriptions')).not.toContain('express_wallet');
    await up(db as Kysely<unknown>);
    const column = (await db.introspection.getTables())
      .find((table) => table.name === 'transactions')!
      .columns.find((candidate) => candidate.name === 'express_wallet')!;
    expect(column.isNullable).toBe(true);
  });
});
