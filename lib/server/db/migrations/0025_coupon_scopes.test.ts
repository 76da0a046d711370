import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import { emailDigest } from '@/lib/server/checkout/CouponRedemptionRepository';
import type { Database } from '@/lib/server/db/schema';
import { testDb } from '@/tests/fixtures/testDb';
import { newTransactionFixture } from '@/tests/fixtures/transactions';
import { down, up } from './0025_coupon_scopes';

let db: Kysely<Database>;
const now = () => new Date('2026-11-26T10:00:00.000Z');

beforeEach(async () => {
  db = await testDb();
});
afterEach(async () => db.destroy());

describe('0025_coupon_scopes', () => {
  it('keeps existing coupons working everywhere and counts the orders already paid with a coupon', async () => {
    const transactions = new TransactionRepository(db, now);
    const paid = newTransactionFixture({ id: 'txn_paid', couponCode: 'SAVE20' });
    await transactions.create({ ...paid, customer: { ...paid.customer, email: ' Ada@Example.com' } });
    await transactions.markSucceeded('txn_paid', 'pi_paid');
    await transactions.create(newTransactionFixture({ id: 'txn_open', couponCode: 'SAVE20' }));
    await transactions.create(newTransactionFixture({ id: 'txn_plain', couponCode: null }));
    await transactions.markSucceeded('txn_plain', 'pi_plain');
    await down(db as Kysely<unknown>);
    await (db as Kysely<unknown>)
      .insertInto('coupons' as never)
      .values({ code: 'SAVE20', percent_off: 20, amount_off: null, currency_code: null, valid_from: null, valid_until: null } as never)
      .execute();

    await up(db as Kysely<unknown>);

    expect(
      await db.selectFrom('coupons').select(['code', 'scope_json', 'max_redemptions', 'max_redemptions_per_customer']).execute(),
    ).toEqual([{ code: 'SAVE20', scope_json: '"all"', max_redemptions: null, max_redemptions_per_customer: null }]);
    expect(await db.selectFrom('coupon_redemptions').selectAll().execute()).toEqual([
      {
        transaction_id: 'txn_paid',
        coupon_code: 'SAVE20',
        livemode: 0,
        email_digest: emailDigest('ada@example.com'),
        held_at: now().toISOString(),
        redeemed_at: now().toISOString(),
      },
    ]);
  });
});
