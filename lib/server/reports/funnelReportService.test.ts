import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDb } from '@/tests/fixtures/testDb';
import type { Database } from '@/lib/server/db/schema';
import { boundedDrift, brandNamesOf, loadFunnelReport, preAuthCampaignsOf } from './funnelReportService';
import type { CheckoutFlow, Coupon } from '@/lib/catalogue/types';
import type { FunnelFilter } from '@/lib/reports/funnelFilter';
import type { SchemaDriftEntry } from '@/lib/reports/schemaDrift';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import { newTransactionFixture } from '@/tests/fixtures/transactions';

const entry = (eventName: string, lastSeen: string): SchemaDriftEntry => ({
  eventName,
  kind: 'unknown-event',
  property: null,
  expectedType: null,
  observedType: null,
  firstSeen: '2025-03-01T00:00:00.000Z',
  lastSeen,
  count: 1,
});

describe('boundedDrift', () => {
  it('keeps a short list as it is', () => {
    const drift = [entry('a', '2025-03-02T00:00:00.000Z'), entry('b', '2025-03-01T00:00:00.000Z')];
    expect(boundedDrift(drift, 2)).toEqual({ shown: drift, found: 2 });
  });

  it("keeps the most recently seen differences, in the list's order", () => {
    const drift = [
      entry('a', '2025-03-05T00:00:00.000Z'),
      entry('b', '2025-03-01T00:00:00.000Z'),
      entry('c', '2025-03-09T00:00:00.000Z'),
      entry('d', '2025-03-02T00:00:00.000Z'),
    ];
    expect(boundedDrift(drift, 2)).toEqual({ shown: [drift[0], drift[2]], found: 4 });
  });
});

describe('loadFunnelReport', () => {
  // Two databases, as the server has: what is read from the wrong one is not found.
  let db: Kysely<Database>;
  let tracking: Kysely<Database>;
  beforeEach(async () => {
    db = await testDb();
    tracking = await testDb();
  });
  afterEach(async () => {
    await db.destroy();
    await tracking.destroy();
  });

  const filter: FunnelFilter = { from: '2025-03-01', to: '2025-03-31', campaignId: null, mode: 'all' };
  const sources = () => ({
    db,
    trackingDb: tracking,
    catalogue: { flowsByPath: new Map(), couponsByCode: new Map() },
    expectedSchemas: { waypoint: { campaignId: 'string' } },
  });

  it('says how many shapes were compared and whether the list is cut', async () => {
    await tracking
      .insertInto('schema_observations')
      .values(
        Array.from({ length: 230 }, (_, i) => ({
          event_name: `junk-${String(i).padStart(3, '0')}`,
          schema_json: '{}',
          first_seen: '2025-03-01T00:00:00.000Z',
          last_seen: `2025-03-02T00:00:${String(i % 60).padStart(2, '0')}.${String(i).padStart(3, '0')}Z`,
          count: 1,
        })),
      )
      .execute();
    const view = await loadFunnelReport(filter, sources());
    expect(view.driftLimits).toEqual({ shapesCompared: 200, shapesCut: true, differencesFound: 200 });
    expect(view.drift).toHaveLength(200);
  });

  it('is complete when the period has few shapes', async () => {
    await tracking
      .insertInto('schema_observations')
      .values({
        event_name: 'waypoint',
        schema_json: '{"campaignId":"number"}',
        first_seen: '2025-03-01T00:00:00.000Z',
        last_seen: '2025-03-02T00:00:00.000Z',
        count: 3,
      })
      .execute();
    const view = await loadFunnelReport(filter, sources());
    expect(view.driftLimits).toEqual({ shapesCompared: 1, shapesCut: false, differencesFound: 1 });
    expect(view.drift).toMatchObject([{ eventName: 'waypoint', kind: 'type-changed', property: 'campaignId' }]);
  });

  it("adds the figures of the orders created in the period, in the filter's mode", async () => {
    const inMarch = new TransactionRepository(db, () => new Date('2025-03-15T10:00:00.000Z'));
    await inMarch.create(newTransactionFixture({ id: 'txn_live', livemode: true, total: 2500 }));
    await inMarch.markSucceeded('txn_live', 'pi_live');
    await inMarch.create(newTransactionFixture({ id: 'txn_test', livemode: false, total: 999 }));
    await inMarch.markSucceeded('txn_test', 'pi_test');
    const inApril = new TransactionRepository(db, () => new Date('2025-04-01T00:00:00.000Z'));
    await inApril.create(newTransactionFixture({ id: 'txn_april', livemode: true }));
    await inApril.markSucceeded('txn_april', 'pi_april');

    const view = await loadFunnelReport({ ...filter, mode: 'live' }, sources());
    expect(view.orders.campaigns).toHaveLength(1);
    expect(view.orders.campaigns[0]!.totals).toMatchObject([{ livemode: true, currencyCode: 'USD', paidOrders: 1, revenue: 2500 }]);
  });

  it('adds the subscription figures, naming brands as the catalogue does', async () => {
    const inMarch = new TransactionRepository(db, () => new Date('2025-03-15T10:00:00.000Z'));
    await inMarch.create(newTransactionFixture({ id: 'txn_live', livemode: true, total: 2500 }));
    await inMarch.markSucceeded('txn_live', 'pi_live');
    const flow = {
      brand_slug: 'vogue',
      brandName: 'Vogue',
      campaignId: 'vogue-demo-single',
      url_slug: 'demo-single',
      data: { config: { enablePreAuth: false } },
    } as CheckoutFlow;
    const view = await loadFunnelReport(
      { ...filter, mode: 'live' },
      { ...sources(), catalogue: { flowsByPath: new Map([['vogue/demo-single', flow]]), couponsByCode: new Map() } },
    );
    expect(view.subscriptions.collected).toMatchObject([
      { brandSlug: 'vogue', brandLabel: 'Vogue', currencyCode: 'USD', monthLabel: 'Mar 2025', purchases: 2500, renewals: 0, total: 2500 },
    ]);
    expect(view.subscriptions.countedAt).toBe('2025-04-01T00:00:00.000Z');
  });
});

describe('preAuthCampaignsOf', () => {
  it('names the campaigns with pre-authentication on', () => {
    const flow = (campaignId: string, enablePreAuth: boolean) => ({ campaignId, data: { config: { enablePreAuth } } }) as CheckoutFlow;
    const flowsByPath = new Map([
      ['epicurious/demo-preauth', flow('epicurious-demo-preauth', true)],
      ['vogue/demo-single', flow('vogue-demo-single', false)],
    ]);
    expect([...preAuthCampaignsOf({ flowsByPath })]).toEqual(['epicurious-demo-preauth']);
  });
});

describe('loadFunnelReport: promo codes', () => {
  let db: Kysely<Database>;
  let tracking: Kysely<Database>;
  beforeEach(async () => {
    db = await testDb();
    tracking = await testDb();
  });
  afterEach(async () => {
    await db.destroy();
    await tracking.destroy();
  });

  it("shows each coupon with its redemptions, cap and what remains, in the filter's mode, whatever the period", async () => {
    const at = new Date('2025-03-15T10:00:00.000Z');
    const orders = new TransactionRepository(db, () => at);
    for (const [id, livemode] of [
      ['txn_a', true],
      ['txn_b', true],
      ['txn_c', false],
    ] as const) {
      await orders.create(newTransactionFixture({ id, livemode, couponCode: 'SPRING' }));
      await orders.markSucceeded(id, `pi_${id}`);
    }
    const coupon = (code: string, maxRedemptions: number | null): [string, Coupon] => [
      code,
      {
        code,
        coupon: { percent_off: 10 },
        currencyCode: null,
        validFrom: null,
        validUntil: null,
        scope: { brands: ['vogue'], campaigns: null, offers: null },
        maxRedemptions,
        maxRedemptionsPerCustomer: 1,
      },
    ];
    const view = await loadFunnelReport(
      { from: '2026-01-01', to: '2026-01-31', campaignId: null, mode: 'live' },
      {
        db,
        trackingDb: tracking,
        catalogue: { flowsByPath: new Map(), couponsByCode: new Map([coupon('SPRING', 5), coupon('UNUSED', null)]) },
        expectedSchemas: {},
      },
      at,
    );
    expect(view.coupons).toEqual([
      {
        code: 'SPRING',
        scope: 'Brands vogue',
        livemode: true,
        redeemed: 2,
        held: 0,
        cap: 5,
        remaining: 3,
        perCustomerCap: 1,
        validFrom: null,
        validUntil: null,
      },
      {
        code: 'UNUSED',
        scope: 'Brands vogue',
        livemode: true,
        redeemed: 0,
        held: 0,
        cap: null,
        remaining: null,
        perCustomerCap: 1,
        validFrom: null,
        validUntil: null,
      },
    ]);
  });
});

describe('brandNamesOf', () => {
  it("names each brand of the catalogue's flows once", () => {
    const flows = [
      { brand_slug: 'vogue', brandName: 'Vogue' },
      { brand_slug: 'vogue', brandName: 'Vogue' },
      { brand_slug: 'gq', brandName: 'GQ' },
    ] as CheckoutFlow[];
    expect(brandNamesOf({ flowsByPath: new Map(flows.map((flow, i) => [String(i), flow])) })).toEqual(
      new Map([
        ['vogue', 'Vogue'],
        ['gq', 'GQ'],
      ]),
    );
  });
});
