import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Insertable, Kysely } from 'kysely';
import { testDb } from '@/tests/fixtures/testDb';
import type { Database, SubscriptionTable, TransactionTable } from '@/lib/server/db/schema';
import { SubscriptionFiguresRepository } from './SubscriptionFiguresRepository';
import type { FunnelFilter } from '@/lib/reports/funnelFilter';
import type { ActiveSubscriptionCount, SubscriptionCounts } from '@/lib/reports/subscriptionFigures';

let db: Kysely<Database>;
let repo: SubscriptionFiguresRepository;

beforeEach(async () => {
  db = await testDb();
  repo = new SubscriptionFiguresRepository(db);
});
afterEach(async () => {
  await db.destroy();
});

let nextId = 0;
const id = (prefix: string) => `${prefix}_${String(++nextId).padStart(6, '0')}`;

interface SubscriptionFields {
  status?: 'trialing' | 'active' | 'past_due' | 'ended';
  brand?: string;
  campaign?: string;
  livemode?: 0 | 1;
  currency?: string;
  amount?: number;
  interval?: 'month' | 'year';
  createdAt?: string;
  periodEnd?: string;
  cancelling?: boolean;
  cancelRequestedAt?: string | null;
  cancelReason?: string | null;
  endReason?: 'cancelled' | 'payment_failed' | null;
  endedAt?: string | null;
}

function subscription({
  status = 'active',
  brand = 'vogue',
  campaign = 'vogue-demo-single',
  livemode = 1,
  currency = 'USD',
  amount = 1000,
  interval = 'month',
  createdAt = '2025-01-15T10:00:00.000Z',
  periodEnd = '2025-04-15T10:00:00.000Z',
  cancelling = false,
  cancelRequestedAt = null,
  cancelReason = null,
  endReason = null,
  endedAt = null,
}: SubscriptionFields): Insertable<SubscriptionTable> {
  return {
    id: id('sub'),
    transaction_id: id('txn'),
    brand_slug: brand,
    campaign_id: campaign,
    offer_id: '1001',
    offer_name: 'Digital',
    is_print: 0,
    billing_email: 'ada@example.com',
    livemode,
    status,
    cancel_at_period_end: cancelling ? 1 : 0,
    cancel_requested_at: cancelRequestedAt,
    cancel_reason: cancelReason,
    current_period_start: '2025-03-15T10:00:00.000Z',
    current_period_end: periodEnd,
    renewal_amount: amount,
    currency_code: currency,
    billing_interval: interval,
    payment_method: 'card',
    payment_json: '{}',
    gateway: 'sandbox',
    end_reason: endReason,
    ended_at: endedAt,
    created_at: createdAt,
    updated_at: createdAt,
  };
}

interface PaymentFields {
  kind?: 'purchase' | 'renewal';
  status?: 'succeeded' | 'failed' | 'processing' | 'requires_action';
  at?: string;
  brand?: string;
  campaign?: string;
  livemode?: 0 | 1;
  currency?: string;
  total?: number;
  failureCode?: string | null;
}

function payment({
  kind = 'renewal',
  status = 'succeeded',
  at = '2025-03-10T12:00:00.000Z',
  brand = 'vogue',
  campaign = 'vogue-demo-single',
  livemode = 1,
  currency = 'USD',
  total = 1080,
  failureCode = null,
}: PaymentFields): Insertable<TransactionTable> {
  return {
    id: id('txn'),
    receipt_token_hash: 'x',
    campaign_id: campaign,
    brand_slug: brand,
    offer_id: '1001',
    order_json: '{}',
    payment_method: 'card',
    gateway: 'sandbox',
    status,
    livemode,
    customer_json: '{}',
    currency_code: currency,
    subtotal: total,
    discount: 0,
    tax: 0,
    total,
    failure_code: failureCode,
    kind,
    renewal_of: kind === 'renewal' ? 'sub_x' : null,
    // Created a while before its outcome: the report counts by when the outcome was recorded.
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: at,
  };
}

async function insertSubscriptions(...rows: SubscriptionFields[]) {
  await db.insertInto('subscriptions').values(rows.map(subscription)).execute();
}
async function insertPayments(...rows: PaymentFields[]) {
  await db.insertInto('transactions').values(rows.map(payment)).execute();
}

const march: FunnelFilter = { from: '2025-03-01', to: '2025-03-31', campaignId: null, mode: 'all' };

const active = (fields: Partial<ActiveSubscriptionCount>): ActiveSubscriptionCount => ({
  brandSlug: 'vogue',
  livemode: true,
  currencyCode: 'USD',
  trialing: 0,
  paying: 0,
  pastDue: 0,
  monthlyAmounts: 0,
  yearlyAmounts: 0,
  ...fields,
});

/** Sorted, so that assertions do not depend on the order SQL groups in. */
const sorted = <T>(rows: readonly T[]) => [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

describe('SubscriptionFiguresRepository.subscriptionCounts', () => {
  it('counts nothing in an empty database', async () => {
    const empty: SubscriptionCounts = { active: [], renewals: [], cancellations: [], endedUnpaid: [], collected: [] };
    expect(await repo.subscriptionCounts(march)).toEqual(empty);
  });

  it('counts the subscriptions active at the end of the period by status, with the renewal amounts of the billed ones', async () => {
    await insertSubscriptions(
      { status: 'trialing', amount: 999 },
      { status: 'active', amount: 1000 },
      { status: 'active', amount: 12000, interval: 'year' },
      { status: 'past_due', amount: 1500 },
      // Cancelling, its period running past the end of March: still paying.
      { status: 'active', amount: 700, cancelling: true, periodEnd: '2025-04-01T00:00:00.001Z' },
      // Cancelled, its period over by the end of March (the engine has not ended it yet): not counted.
      { status: 'active', amount: 5000, cancelling: true, periodEnd: '2025-04-01T00:00:00.000Z' },
      // Ended, or started after the period: not counted.
      { status: 'ended', endReason: 'cancelled', endedAt: '2025-03-20T00:00:00.000Z' },
      { status: 'active', createdAt: '2025-04-01T00:00:00.000Z' },
    );
    const { active: counts } = await repo.subscriptionCounts(march);
    expect(counts).toEqual([active({ trialing: 1, paying: 3, pastDue: 1, monthlyAmounts: 3200, yearlyAmounts: 12000 })]);
  });

  it('keeps brands, live and test and currencies apart', async () => {
    await insertSubscriptions(
      { livemode: 1, currency: 'USD', amount: 1000 },
      { livemode: 0, currency: 'USD', amount: 1000 },
      { livemode: 1, currency: 'GBP', amount: 800 },
      { brand: 'gq', campaign: 'gq-demo-gbp', currency: 'GBP', amount: 900 },
    );
    expect(sorted((await repo.subscriptionCounts(march)).active)).toEqual(
      sorted([
        active({ paying: 1, monthlyAmounts: 1000 }),
        active({ livemode: false, paying: 1, monthlyAmounts: 1000 }),
        active({ currencyCode: 'GBP', paying: 1, monthlyAmounts: 800 }),
        active({ brandSlug: 'gq', currencyCode: 'GBP', paying: 1, monthlyAmounts: 900 }),
      ]),
    );
  });

  it('counts renewals by when their outcome was recorded: paid, recovered and failed', async () => {
    await insertPayments(
      { status: 'succeeded', total: 1080 },
      { status: 'succeeded', total: 1080, failureCode: 'insufficient_funds' },
      { status: 'failed', total: 1080, failureCode: 'expired_card' },
      // Being retried: no outcome yet.
      { status: 'processing', total: 1080 },
      // Recorded after the period, and a purchase: not renewals of March.
      { status: 'succeeded', at: '2025-04-01T00:00:00.000Z' },
      { kind: 'purchase', status: 'succeeded' },
      { status: 'succeeded', currency: 'GBP', total: 900 },
    );
    expect(sorted((await repo.subscriptionCounts(march)).renewals)).toEqual(
      sorted([
        {
          brandSlug: 'vogue',
          livemode: true,
          currencyCode: 'USD',
          paid: 2,
          paidAmount: 2160,
          recovered: 1,
          recoveredAmount: 1080,
          failed: 1,
        },
        { brandSlug: 'vogue', livemode: true, currencyCode: 'GBP', paid: 1, paidAmount: 900, recovered: 0, recoveredAmount: 0, failed: 0 },
      ]),
    );
  });

  it('groups the cancellations declared in the period by reason, and counts those that ended unpaid', async () => {
    const at = '2025-03-05T09:00:00.000Z';
    await insertSubscriptions(
      { cancelling: true, cancelRequestedAt: at, cancelReason: 'Too expensive' },
      { cancelling: true, cancelRequestedAt: at, cancelReason: 'Too expensive: the price went up' },
      { cancelling: true, cancelRequestedAt: at, cancelReason: 'I found another source' },
      { cancelling: true, cancelRequestedAt: at, cancelReason: 'too expensive' },
      { cancelling: true, cancelRequestedAt: at, cancelReason: 'Moving abroad' },
      { cancelling: true, cancelRequestedAt: at, cancelReason: null },
      { status: 'ended', endReason: 'cancelled', endedAt: at, cancelRequestedAt: '2025-03-01T00:00:00.000Z', cancelReason: '' },
      // Declared before the period.
      { cancelling: true, cancelRequestedAt: '2025-02-28T23:59:59.999Z', cancelReason: 'Too expensive' },
      { status: 'ended', endReason: 'payment_failed', endedAt: '2025-03-31T23:59:59.999Z' },
      { status: 'ended', endReason: 'payment_failed', endedAt: '2025-04-01T00:00:00.000Z' },
      { status: 'ended', endReason: 'payment_failed', endedAt: '2025-03-10T00:00:00.000Z', livemode: 0 },
    );
    const counts = await repo.subscriptionCounts(march);
    const cancelled = (reason: string, cancellations: number) => ({ brandSlug: 'vogue', livemode: true, reason, cancellations });
    expect(sorted(counts.cancellations)).toEqual(
      sorted([
        cancelled('Too expensive', 2),
        cancelled('I found another source', 1),
        cancelled('Other', 2),
        cancelled('No reason given', 2),
      ]),
    );
    expect(sorted(counts.endedUnpaid)).toEqual(
      sorted([
        { brandSlug: 'vogue', livemode: true, subscriptions: 1 },
        { brandSlug: 'vogue', livemode: false, subscriptions: 1 },
      ]),
    );
  });

  it('sums the money collected per UTC month, kind and currency', async () => {
    const wide: FunnelFilter = { ...march, from: '2025-02-20', to: '2025-03-31' };
    await insertPayments(
      { kind: 'purchase', at: '2025-02-28T23:59:59.999Z', total: 2500 },
      { kind: 'purchase', at: '2025-03-01T00:00:00.000Z', total: 2500 },
      { kind: 'renewal', at: '2025-03-02T00:00:00.000Z', total: 1080 },
      { kind: 'renewal', at: '2025-03-03T00:00:00.000Z', total: 1080, failureCode: 'insufficient_funds' },
      { kind: 'renewal', at: '2025-03-04T00:00:00.000Z', total: 900, currency: 'GBP' },
      // Not paid, or before the period.
      { kind: 'renewal', status: 'failed', at: '2025-03-05T00:00:00.000Z', failureCode: 'expired_card' },
      { kind: 'purchase', at: '2025-02-19T23:59:59.999Z', total: 2500 },
    );
    const row = (month: string, kind: 'purchase' | 'renewal', payments: number, amount: number, currencyCode = 'USD') => ({
      brandSlug: 'vogue',
      livemode: true,
      currencyCode,
      month,
      kind,
      payments,
      amount,
    });
    expect(sorted((await repo.subscriptionCounts(wide)).collected)).toEqual(
      sorted([
        row('2025-02', 'purchase', 1, 2500),
        row('2025-03', 'purchase', 1, 2500),
        row('2025-03', 'renewal', 2, 2160),
        row('2025-03', 'renewal', 1, 900, 'GBP'),
      ]),
    );
  });

  it('keeps one campaign when asked', async () => {
    await insertSubscriptions({}, { brand: 'gq', campaign: 'gq-demo-gbp', currency: 'GBP' });
    await insertPayments({}, { brand: 'gq', campaign: 'gq-demo-gbp', currency: 'GBP' });
    const counts = await repo.subscriptionCounts({ ...march, campaignId: 'gq-demo-gbp' });
    expect(counts.active.map((row) => row.brandSlug)).toEqual(['gq']);
    expect(counts.renewals.map((row) => row.brandSlug)).toEqual(['gq']);
    expect(counts.collected.map((row) => row.brandSlug)).toEqual(['gq']);
  });

  it.each([
    ['live', [true]],
    ['test', [false]],
    ['all', [false, true]],
  ] as const)('keeps %s subscriptions and payments', async (mode, livemodes) => {
    const at = '2025-03-05T09:00:00.000Z';
    await insertSubscriptions(
      { livemode: 1, cancelling: true, cancelRequestedAt: at },
      { livemode: 0, cancelling: true, cancelRequestedAt: at },
      { livemode: 1, status: 'ended', endReason: 'payment_failed', endedAt: at },
      { livemode: 0, status: 'ended', endReason: 'payment_failed', endedAt: at },
    );
    await insertPayments({ livemode: 1 }, { livemode: 0 });
    const counts = await repo.subscriptionCounts({ ...march, mode });
    for (const rows of [counts.active, counts.renewals, counts.cancellations, counts.endedUnpaid, counts.collected]) {
      expect(rows.map((row) => row.livemode).sort()).toEqual(livemodes);
    }
  });
});
