import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Insertable, Kysely } from 'kysely';
import { testDb } from '@/tests/fixtures/testDb';
import { queryPlan } from '@/tests/fixtures/queryPlan';
import type { Database, TransactionTable } from '@/lib/server/db/schema';
import { OrderFiguresRepository, declinesQuery, orderSplitsQuery } from './OrderFiguresRepository';
import type { FunnelFilter } from '@/lib/reports/funnelFilter';
import type { DeclineCount, OrderCounts } from '@/lib/reports/orderFigures';
import { orderLine } from '@/tests/fixtures/orderLines';

let db: Kysely<Database>;
let repo: OrderFiguresRepository;

beforeEach(async () => {
  db = await testDb();
  repo = new OrderFiguresRepository(db);
});
afterEach(async () => {
  await db.destroy();
});

let nextId = 0;

interface OrderFields {
  status?: 'succeeded' | 'failed' | 'requires_action' | 'processing';
  at?: string;
  campaign?: string;
  source?: string | null;
  livemode?: 0 | 1;
  currency?: string;
  total?: number;
  coupon?: string | null;
  discount?: number;
  failureCode?: string | null;
  asked?: 0 | 1;
}

function order({
  status = 'succeeded',
  at = '2025-03-10T12:00:00.000Z',
  campaign = 'vogue-demo-single',
  source = null,
  livemode = 1,
  currency = 'USD',
  total = 2500,
  coupon = null,
  discount = 0,
  failureCode = null,
  asked = 0,
}: OrderFields): Insertable<TransactionTable> {
  nextId += 1;
  return {
    id: `txn_${String(nextId).padStart(6, '0')}`,
    receipt_token_hash: 'x',
    campaign_id: campaign,
    brand_slug: 'vogue',
    offer_id: '1001',
    order_json: '{}',
    coupon_code: coupon,
    payment_method: 'card',
    gateway: 'sandbox',
    gateway_payment_id: null,
    status,
    livemode,
    source,
    customer_json: '{}',
    auto_renewal_consent_json: null,
    currency_code: currency,
    subtotal: total + discount,
    discount,
    tax: 0,
    total,
    invoice_number: null,
    subscription_id: null,
    failure_code: failureCode,
    customer_email: null,
    buyer_identity: null,
    authentication_requested: asked,
    created_at: at,
    updated_at: at,
  };
}

async function insert(...orders: OrderFields[]): Promise<void> {
  await db.insertInto('transactions').values(orders.map(order)).execute();
}

const march: FunnelFilter = { from: '2025-03-01', to: '2025-03-31', campaignId: null, mode: 'all' };

/** Sorted, so that assertions do not depend on the order SQL groups in. */
function sorted(counts: OrderCounts) {
  const order = (value: unknown) => JSON.stringify(value);
  return {
    splits: [...counts.splits].sort((a, b) => order(a).localeCompare(order(b))),
    declines: [...counts.declines].sort((a, b) => order(a).localeCompare(order(b))),
  };
}

describe('OrderFiguresRepository.orderCounts', () => {
  it('counts nothing in an empty database', async () => {
    expect(await repo.orderCounts(march)).toEqual({ splits: [], declines: [] });
  });

  it('counts paid orders and sums their totals, leaving out unpaid ones', async () => {
    await insert(
      { status: 'succeeded', total: 2500 },
      { status: 'succeeded', total: 1999 },
      { status: 'failed', total: 4000, failureCode: 'generic_decline' },
      { status: 'processing', total: 8000 },
      { status: 'requires_action', total: 16000 },
    );
    const { splits } = await repo.orderCounts(march);
    expect(splits).toEqual([orderLine({ paidOrders: 2, revenue: 4499, declinedOrders: 1 })]);
  });

  it('keeps live and test apart, and never adds two currencies together', async () => {
    await insert(
      { livemode: 1, currency: 'USD', total: 1000 },
      { livemode: 1, currency: 'USD', total: 500 },
      { livemode: 0, currency: 'USD', total: 700 },
      { livemode: 1, currency: 'GBP', total: 900 },
    );
    expect(sorted(await repo.orderCounts(march)).splits).toEqual(
      sorted({
        splits: [
          orderLine({ livemode: true, currencyCode: 'USD', paidOrders: 2, revenue: 1500 }),
          orderLine({ livemode: false, currencyCode: 'USD', paidOrders: 1, revenue: 700 }),
          orderLine({ livemode: true, currencyCode: 'GBP', paidOrders: 1, revenue: 900 }),
        ],
        declines: [],
      }).splits,
    );
  });

  it('splits by campaign and source, an empty source being none', async () => {
    await insert(
      { source: 'newsletter', total: 100 },
      { source: 'newsletter', total: 200 },
      { source: '', total: 300 },
      { source: null, total: 400 },
      { campaign: 'gq-demo-gbp', currency: 'GBP', total: 500 },
    );
    expect(sorted(await repo.orderCounts(march)).splits).toEqual(
      sorted({
        splits: [
          orderLine({ source: 'newsletter', paidOrders: 2, revenue: 300 }),
          orderLine({ source: null, paidOrders: 2, revenue: 700 }),
          orderLine({ campaignId: 'gq-demo-gbp', currencyCode: 'GBP', paidOrders: 1, revenue: 500 }),
        ],
        declines: [],
      }).splits,
    );
  });

  it('counts the paid orders with a promo code and the discount they gave', async () => {
    await insert(
      { coupon: 'SPRING', discount: 500, total: 2000 },
      { coupon: 'SPRING', discount: 250, total: 2250 },
      { coupon: null, discount: 0, total: 2500 },
      // An empty code is no code: its discount is not a promo code's.
      { coupon: '', discount: 100, total: 2400 },
      // A code on an order that was not paid gave nothing.
      { coupon: 'SPRING', discount: 500, total: 2000, status: 'failed', failureCode: 'insufficient_funds' },
    );
    const { splits } = await repo.orderCounts(march);
    expect(splits).toEqual([orderLine({ paidOrders: 4, revenue: 9150, promoOrders: 2, promoDiscount: 750, declinedOrders: 1 })]);
  });

  it('counts failed orders by failure code', async () => {
    await insert(
      { status: 'failed', failureCode: 'insufficient_funds' },
      { status: 'failed', failureCode: 'insufficient_funds' },
      { status: 'failed', failureCode: 'expired_card' },
      { status: 'failed', failureCode: null },
      { status: 'failed', failureCode: 'expired_card', livemode: 0 },
      { status: 'succeeded' },
    );
    const counts = await repo.orderCounts(march);
    const decline = (failureCode: string | null, orders: number, livemode = true): DeclineCount => ({
      campaignId: 'vogue-demo-single',
      source: null,
      livemode,
      currencyCode: 'USD',
      failureCode,
      orders,
    });
    expect(sorted(counts).declines).toEqual(
      sorted({
        splits: [],
        declines: [decline('insufficient_funds', 2), decline('expired_card', 1), decline(null, 1), decline('expired_card', 1, false)],
      }).declines,
    );
    expect(sorted(counts).splits.map((s) => [s.livemode, s.declinedOrders, s.paidOrders])).toEqual([
      [false, 1, 0],
      [true, 4, 1],
    ]);
  });

  it('counts what became of the orders asked for 3-D Secure', async () => {
    await insert(
      { asked: 1, status: 'succeeded', total: 1000 },
      { asked: 1, status: 'succeeded', total: 1000 },
      { asked: 1, status: 'failed', failureCode: 'authentication_failed' },
      { asked: 1, status: 'failed', failureCode: 'insufficient_funds' },
      { asked: 1, status: 'requires_action' },
      { asked: 1, status: 'processing' },
      // Not asked: counted elsewhere, not here.
      { asked: 0, status: 'succeeded', total: 1000 },
      { asked: 0, status: 'failed', failureCode: 'generic_decline' },
    );
    const { splits } = await repo.orderCounts(march);
    expect(splits).toEqual([
      orderLine({
        paidOrders: 3,
        revenue: 3000,
        declinedOrders: 3,
        authentication: { requested: 6, succeeded: 2, failed: 1, declined: 1, unfinished: 2 },
      }),
    ]);
  });

  it('shows no line for orders only under way without 3-D Secure', async () => {
    await insert({ status: 'processing' }, { status: 'requires_action', source: 'newsletter' });
    expect(await repo.orderCounts(march)).toEqual({ splits: [], declines: [] });
  });

  it.each([
    ['the first moment of the first day', '2025-03-01T00:00:00.000Z', 1],
    ['the last moment of the last day', '2025-03-31T23:59:59.999Z', 1],
    ['the day before', '2025-02-28T23:59:59.999Z', 0],
    ['the day after', '2025-04-01T00:00:00.000Z', 0],
  ])('takes the period as whole UTC days of creation: %s', async (_name, at, orders) => {
    await insert({ at }, { at, status: 'failed', failureCode: 'expired_card' });
    const counts = await repo.orderCounts(march);
    expect(counts.splits.reduce((sum, s) => sum + s.paidOrders, 0)).toBe(orders);
    expect(counts.declines.reduce((sum, d) => sum + d.orders, 0)).toBe(orders);
  });

  it('keeps one campaign when asked', async () => {
    await insert(
      { campaign: 'vogue-demo-single' },
      { campaign: 'gq-demo-gbp', currency: 'GBP' },
      { campaign: 'gq-demo-gbp', currency: 'GBP', status: 'failed', failureCode: 'expired_card' },
      { campaign: 'vogue-demo-single', status: 'failed', failureCode: 'incorrect_cvc' },
    );
    const counts = await repo.orderCounts({ ...march, campaignId: 'gq-demo-gbp' });
    expect(counts.splits).toEqual([
      orderLine({ campaignId: 'gq-demo-gbp', currencyCode: 'GBP', paidOrders: 1, revenue: 2500, declinedOrders: 1 }),
    ]);
    expect(counts.declines.map((d) => [d.campaignId, d.failureCode])).toEqual([['gq-demo-gbp', 'expired_card']]);
  });

  it.each([
    ['live', [true]],
    ['test', [false]],
    ['all', [false, true]],
  ] as const)('keeps %s orders', async (mode, livemodes) => {
    await insert(
      { livemode: 1 },
      { livemode: 0 },
      { livemode: 1, status: 'failed', failureCode: 'expired_card' },
      { livemode: 0, status: 'failed', failureCode: 'expired_card' },
    );
    const counts = await repo.orderCounts({ ...march, mode });
    expect(counts.splits.map((s) => s.livemode).sort()).toEqual(livemodes);
    expect(counts.declines.map((d) => d.livemode).sort()).toEqual(livemodes);
  });

  it.each([
    ['all campaigns', null],
    ['one campaign', 'vogue-demo-single'],
  ])('reads the period of %s through the creation index, not the whole table', async (_name, campaignId) => {
    for (const query of [orderSplitsQuery(db, { ...march, campaignId }), declinesQuery(db, { ...march, campaignId })]) {
      const plan = await queryPlan(db, query.compile());
      expect(plan.indexes).toContain('transactions_created_at');
      expect(plan.fullScans).not.toContain('transactions');
    }
  });
});
