import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/server/db/schema';
import { testDb } from '@/tests/fixtures/testDb';
import { down, up } from './0041_withdrawal_confirmations';

let db: Kysely<Database>;
beforeEach(async () => {
  db = await testDb();
});
afterEach(async () => db.destroy());

const row = (id: string, subscriptionId: string | null) => ({
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
  declared_at: '2026-11-01T10:00:00.000Z',
});

describe('0041_withdrawal_confirmations', () => {
  it('marks the withdrawals made before as applied when they were declared (those that matched nothing stay so), and comes off again', async () => {
    await down(db as Kysely<unknown>);
    await (db as Kysely<unknown> as Kysely<Record<string, Record<string, unknown>>>)
      .insertInto('withdrawals')
      .values([row('wdr_old', 'sub_old'), row('wdr_unmatched', null)])
      .execute();
    await up(db as Kysely<unknown>);
    expect(await db.selectFrom('withdrawals').select(['id', 'applied_at', 'objected_at', 'origin']).orderBy('id').execute()).toEqual([
      { id: 'wdr_old', applied_at: '2026-11-01T10:00:00.000Z', objected_at: null, origin: null },
      { id: 'wdr_unmatched', applied_at: null, objected_at: null, origin: null },
    ]);
    expect(await db.selectFrom('withdrawal_links').selectAll().execute()).toEqual([]);
  });
});
