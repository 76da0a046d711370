import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { demoSnapshot } from '@/tests/fixtures/demoSnapshot';
import { testDb } from '@/tests/fixtures/testDb';
import { sandboxCard, submitRequestFixture } from '@/tests/fixtures/submitRequest';
import type { Coupon } from '@/lib/catalogue/types';
import { submitRequestSchema, type SubmitRequestInput } from '@/lib/checkout/submitContract';
import type { Database } from '@/lib/server/db/schema';
import type { CatalogueSnapshot } from '@/lib/server/catalogue/CatalogueRepository';
import { HttpError } from '@/lib/server/http/HttpError';
import { SandboxGateway } from '@/lib/server/payments/sandbox/SandboxGateway';
import { CouponRedemptionRepository, emailDigest } from '@/lib/server/checkout/CouponRedemptionRepository';
import { applyGatewayEvent } from './reconcile';
import { submitCheckout } from './submitService';
import { TransactionRepository } from './TransactionRepository';

/**
 * Security finding 6 (issue 24): coupons were global and uncapped. A coupon now works only
 * within its scope and window, at most its total cap of paid orders and its cap per buyer's
 * e-mail address, each mode apart; refused at submit (422) before anything is charged.
 */
let base: CatalogueSnapshot;
let db: Kysely<Database>;
let gateway: SandboxGateway;
let clock = new Date('2026-11-21T12:00:00Z');
const now = () => clock;

const coupon = (code: string, fields: Partial<Coupon>): Coupon => ({
  code,
  coupon: { percent_off: 50 },
  currencyCode: null,
  validFrom: null,
  validUntil: null,
  scope: 'all',
  maxRedemptions: null,
  maxRedemptionsPerCustomer: null,
  ...fields,
});

/** The demo catalogue with a few coupons of these tests' own. */
function withCoupons(...coupons: Coupon[]): CatalogueSnapshot {
  return { ...base, couponsByCode: new Map([...base.couponsByCode, ...coupons.map((c): [string, Coupon] => [c.code, c])]) };
}
let snapshot: CatalogueSnapshot;

beforeAll(async () => {
  base = await demoSnapshot();
});
beforeEach(async () => {
  clock = new Date('2026-11-21T12:00:00Z');
  db = await testDb();
  gateway = new SandboxGateway(db, async (event) => void (await applyGatewayEvent(db, event, now)), now);
  snapshot = withCoupons(
    coupon('LAST1', { maxRedemptions: 1 }),
    coupon('TWO', { maxRedemptions: 2 }),
    coupon('ONCEEACH', { maxRedemptionsPerCustomer: 1 }),
    coupon('NEWYORKER50', { scope: { brands: ['newyorker'], campaigns: null, offers: null } }),
    coupon('DUALONLY', { scope: { brands: null, campaigns: ['newyorker-demo-dual'], offers: ['2001'] } }),
    coupon('LATER', { validFrom: '2026-12-01T00:00:00Z' }),
    coupon('GONE', { validUntil: '2026-11-01T00:00:00Z' }),
  );
});
afterEach(async () => db.destroy());

const request = (overrides: Partial<SubmitRequestInput> = {}) => submitRequestFixture(overrides);
const submit = (input: SubmitRequestInput) =>
  submitCheckout({ db, gateways: [gateway], now, waitForConcurrentMs: 2_000 }, snapshot, submitRequestSchema.parse(input));
const charges = async () => (await db.selectFrom('sandbox_payment_intents').select('amount').execute()).map((row) => row.amount);
const transactions = () => db.selectFrom('transactions').select(['status', 'coupon_code', 'discount', 'total']).execute();

async function refusal(input: SubmitRequestInput) {
  try {
    await submit(input);
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected the submit to be refused');
}

describe('coupon scope and window at submit', () => {
  it('takes a coupon within its scope', async () => {
    const dual = { brand: 'newyorker', urlSlug: 'demo-dual', returnPath: '/newyorker/demo-dual/credit-card' };
    expect((await submit(request({ ...dual, offerId: '2001', couponCode: 'NEWYORKER50' }))).response.status).toBe('succeeded');
    expect((await submit(request({ ...dual, offerId: '2001', couponCode: 'DUALONLY' }))).response.status).toBe('succeeded');
    expect((await transactions()).map((row) => row.coupon_code)).toEqual(['NEWYORKER50', 'DUALONLY']);
  });

  it.each([
    ['another brand', 'NEWYORKER50', {}],
    ['another offer of its campaign', 'DUALONLY', { brand: 'newyorker', urlSlug: 'demo-dual', offerId: '2002' }],
  ])('refuses a coupon on %s as if it did not exist, before any charge', async (_case, couponCode, where) => {
    expect(await refusal(request({ couponCode, ...where }))).toEqual({
      status: 422,
      code: 'coupon_not_applicable',
      message: `"${couponCode}" is not a valid promo code.`,
    });
    expect(await charges()).toEqual([]);
    expect(await transactions()).toEqual([]);
  });

  it.each([
    ['LATER', 'The promo code LATER is not active yet.'],
    ['GONE', 'The promo code GONE has expired.'],
  ])('refuses %s outside its window', async (couponCode, message) => {
    expect(await refusal(request({ couponCode }))).toMatchObject({ status: 422, message });
    expect(await charges()).toEqual([]);
  });
});

describe('coupon redemption caps at submit', () => {
  it('redeems a capped coupon once, and refuses it to the next buyer before any charge', async () => {
    const first = await submit(request({ couponCode: 'LAST1' }));
    expect(first.response.status).toBe('succeeded');
    const refused = await refusal(request({ couponCode: 'LAST1', billing: { ...request().billing, email: 'grace@example.com' } }));
    expect(refused).toMatchObject({ status: 422, code: 'coupon_not_applicable' });
    expect(refused.message).toContain('LAST1 has been used as many times as it can be');
    expect(refused.message).toContain('Nothing was charged.');
    expect(await charges()).toEqual([1250]);
    expect(await transactions()).toEqual([{ status: 'succeeded', coupon_code: 'LAST1', discount: 1250, total: 1250 }]);
    const redemptions = await db.selectFrom('coupon_redemptions').selectAll().execute();
    expect(redemptions).toEqual([
      {
        transaction_id: first.response.transactionId,
        coupon_code: 'LAST1',
        livemode: 0,
        email_digest: emailDigest('ada@example.com'),
        held_at: clock.toISOString(),
        redeemed_at: clock.toISOString(),
      },
    ]);
  });

  it('counts the per-customer cap by e-mail address, whatever its case and spaces', async () => {
    expect((await submit(request({ couponCode: 'ONCEEACH' }))).response.status).toBe('succeeded');
    const again = request({ couponCode: 'oncEEach', billing: { ...request().billing, email: '  ADA@Example.com ' } });
    const refused = await refusal(again);
    expect(refused).toMatchObject({ status: 422, code: 'coupon_not_applicable' });
    expect(refused.message).toContain('You have already used the promo code ONCEEACH');
    const other = await submit(request({ couponCode: 'ONCEEACH', billing: { ...request().billing, email: 'grace@example.com' } }));
    expect(other.response.status).toBe('succeeded');
    expect(await charges()).toEqual([1250, 1250]);
  });

  it('counts test and live redemptions apart: test orders never use up a live cap', async () => {
    const last1 = snapshot.couponsByCode.get('LAST1')!;
    const redemptions = new CouponRedemptionRepository(db);
    expect((await submit(request({ couponCode: 'LAST1' }))).response.status).toBe('succeeded');
    expect(await redemptions.usedUp(last1, false, clock)).toBe(true);
    expect(await redemptions.usedUp(last1, true, clock)).toBe(false);
    // A live order paid with the coupon (through a real gateway) takes the live one.
    const testOrder = await db.selectFrom('transactions').selectAll().executeTakeFirstOrThrow();
    await db
      .insertInto('transactions')
      .values({ ...testOrder, id: 'txn_live', livemode: 1, status: 'processing', invoice_number: null, subscription_id: null })
      .execute();
    await new TransactionRepository(db, now).markSucceeded('txn_live', 'pi_live');
    expect(await redemptions.usedUp(last1, true, clock)).toBe(true);
    const rows = await db.selectFrom('coupon_redemptions').select(['transaction_id', 'livemode']).orderBy('livemode').execute();
    expect(rows).toEqual([
      { transaction_id: testOrder.id, livemode: 0 },
      { transaction_id: 'txn_live', livemode: 1 },
    ]);
  });

  it('gives the last redemption to one of two buyers paying at once: the other is refused before any charge', async () => {
    const buyers = ['ada@example.com', 'grace@example.com'].map((email) =>
      submit(request({ couponCode: 'LAST1', billing: { ...request().billing, email } })).then(
        (outcome) => outcome.response.status,
        (error: unknown) => (error instanceof HttpError ? `${error.status} ${error.code}` : Promise.reject(error)),
      ),
    );
    expect((await Promise.all(buyers)).sort()).toEqual(['422 coupon_not_applicable', 'succeeded']);
    expect(await charges()).toEqual([1250]);
    expect(await db.selectFrom('coupon_redemptions').selectAll().execute()).toHaveLength(1);
  });

  it('keeps the cap with many buyers at once for the last one, and one buyer racing themself for a per-customer cap', async () => {
    // The first buyer pays alone, so that the coupon's lock row exists when the others race.
    expect((await submit(request({ couponCode: 'TWO' }))).response.status).toBe('succeeded');
    const outcome = (input: SubmitRequestInput) =>
      submit(input).then(
        (answer) => answer.response.status,
        (error: unknown) => (error instanceof HttpError ? `${error.status}` : Promise.reject(error)),
      );
    const many = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        outcome(request({ couponCode: 'LAST1', billing: { ...request().billing, email: `buyer${i}@example.com` } })),
      ),
    );
    expect(many.filter((status) => status === 'succeeded')).toHaveLength(1);
    expect(many.filter((status) => status === '422')).toHaveLength(5);
    const other = { ...request().billing, email: 'grace@example.com' };
    expect((await submit(request({ couponCode: 'ONCEEACH', billing: other }))).response.status).toBe('succeeded');
    const self = await Promise.all(Array.from({ length: 4 }, () => outcome(request({ couponCode: 'ONCEEACH' }))));
    expect(self.filter((status) => status === 'succeeded')).toHaveLength(1);
    expect(await charges()).toEqual([1250, 1250, 1250, 1250]);
  });

  it('holds the last redemption while a payment waits for 3-D Secure, and frees it when that payment fails or goes stale', async () => {
    const waiting = await submit(request({ couponCode: 'LAST1', ...sandboxCard('4000 0000 0000 3220') }));
    expect(waiting.response.status).toBe('requires_action');
    const grace = { ...request().billing, email: 'grace@example.com' };
    expect(await refusal(request({ couponCode: 'LAST1', billing: grace }))).toMatchObject({ status: 422 });

    // An hour on, the abandoned hold no longer keeps the coupon from others.
    clock = new Date(clock.getTime() + 60 * 60_000 + 1);
    expect((await submit(request({ couponCode: 'LAST1', billing: grace }))).response.status).toBe('succeeded');
  });

  it('frees the hold of a declined payment at once', async () => {
    expect((await submit(request({ couponCode: 'LAST1', ...sandboxCard('4000 0000 0000 0002') }))).response.status).toBe('failed');
    expect((await submit(request({ couponCode: 'LAST1' }))).response.status).toBe('succeeded');
    const redeemed = await db.selectFrom('coupon_redemptions').select('redeemed_at').where('redeemed_at', 'is not', null).execute();
    expect(redeemed).toHaveLength(1);
  });

  it('redeems a paid order once, however often its payment is reported', async () => {
    const paid = await submit(request({ couponCode: 'LAST1', ...sandboxCard('4000 0000 0000 3220') }));
    const row = await db.selectFrom('transactions').select('gateway_payment_id').executeTakeFirstOrThrow();
    await gateway.authenticate(row.gateway_payment_id!, 'approve');
    await new TransactionRepository(db, now).markSucceeded(paid.response.transactionId!, row.gateway_payment_id!);
    const redemptions = await db.selectFrom('coupon_redemptions').selectAll().execute();
    expect(redemptions).toHaveLength(1);
    expect(redemptions[0]?.redeemed_at).toBe(clock.toISOString());
  });
});
