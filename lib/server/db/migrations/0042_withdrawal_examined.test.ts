import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/server/db/schema';
import { testDb } from '@/tests/fixtures/testDb';
import { down, up } from './0042_withdrawal_examined';

let db: Kysely<Database>;
beforeEach(async () => {
  db = await testDb();
});
afterEach(async () => db.destroy());

const row = (id: string, subscriptionId: string | null, declaredAt: string) => ({
  id,
  subscription_id: subscriptionId,
  transaction_id: subscriptionId ? `txn_${id}` : null,
  channel: 'footer',
  email: 'ada@example.com',
  name: null,
  invoice_number: 'INV-2026-000001',
  livemode: 1,
  client_json: '{}',
  refund_id: null,
  declared_at: declaredAt,
  applied_at: null,
  objected_at: null,
  origin: null,
});

describe('0042_withdrawal_examined', () => {
  it('marks every declaration made before as examined when it was declared (matched or not), and comes off again', async () => {
    await down(db as Kysely<unknown>);
    await (db as Kysely<unknown> as Kysely<Record<string, Record<string, unknown>>>)
      .insertInto('withdrawals')
      .values([row('wdr_matched', 'sub_1', '2026-11-01T10:00:00.000Z'), row('wdr_unmatched', null, '2026-11-02T10:00:00.000Z')])
      .execute();
    await up(db as Kysely<unknown>);
    expect(await db.selectFrom('withdrawals').select(['id', 'examined_at']).orderBy('id').execute()).toEqual([
      { id: 'wdr_matched', examined_at: '2026-11-01T10:00:00.000Z' },
      { id: 'wdr_unmatched', examined_at: '2026-11-02T10:00:00.000Z' },
    ]);
    await down(db as Kysely<unknown>);
    const [left] = await (db as Kysely<unknown> as Kysely<Record<string, Record<string, unknown>>>)
      .selectFrom('withdrawals')
      .selectAll()
      .where('id', '=', 'wdr_matched')
      .execute();
    expect(left).not.toHaveProperty('examined_at');
  });
});
