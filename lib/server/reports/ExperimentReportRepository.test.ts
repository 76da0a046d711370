import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { testDb } from '@/tests/fixtures/testDb';
import { queryPlan } from '@/tests/fixtures/queryPlan';
import { transactionRow } from '@/tests/fixtures/transactionRows';
import { experimentFixture } from '@/tests/fixtures/experiments';
import { dialectOf } from '@/lib/server/db/dialect';
import type { Database, TrackingEventTable, TransactionTable } from '@/lib/server/db/schema';
import type { Experiment, VariantKey } from '@/lib/experiments/experiment';
import type { FunnelFilter } from '@/lib/reports/funnelFilter';
import type { ExperimentCounts } from '@/lib/reports/experimentReport';
import { ExperimentRepository } from '@/lib/server/experiments/ExperimentRepository';
import { ExperimentReportRepository, orderCountsQuery, variantStepCountsQuery, visitorCountsQuery } from './ExperimentReportRepository';

// Two databases, as the server has: the experiments, visitors and orders in the app's, the
// funnel events in the tracking one. What is read from the wrong one is not found.
let db: Kysely<Database>;
let tracking: Kysely<Database>;
let repo: ExperimentReportRepository;

beforeEach(async () => {
  db = await testDb();
  tracking = await testDb();
  repo = new ExperimentReportRepository(db, tracking);
});
afterEach(async () => {
  await db.destroy();
  await tracking.destroy();
});

const march: FunnelFilter = { from: '2025-03-01', to: '2025-03-31', campaignId: null, mode: 'all' };
const PRICE = 'exp_00000000000000a1';
const COPY = 'exp_00000000000000b2';

const experiment = (fields: Partial<Experiment> & Pick<Experiment, 'id'>): Experiment => experimentFixture(fields);

/** Started as the studio starts one (running), then stopped when it says when. */
async function start(...experiments: Experiment[]): Promise<void> {
  const repository = new ExperimentRepository(db);
  for (const one of experiments) {
    await repository.insert({ ...one, status: 'running' }, 'op_test');
    if (one.stoppedAt !== null) await repository.move(one.id, 'running', { status: 'stopped', stopped_at: one.stoppedAt });
  }
}

let nextVisitor = 0;
async function enrol(experimentId: string, variant: VariantKey, { at = '2025-03-10T12:00:00.000Z', livemode = true, count = 1 } = {}) {
  for (let i = 0; i < count; i += 1) {
    nextVisitor += 1;
    await new ExperimentRepository(db).enrol({
      experimentId,
      visitorId: `visitor-${String(nextVisitor).padStart(16, '0')}`,
      variant,
      livemode,
      source: null,
      at: new Date(at),
    });
  }
}

let nextEvent = 0;
/** A funnel waypoint of a session shown the variant (none: outside any experiment). */
async function visit(
  session: string,
  waypoints: string[],
  mark: { experiment: string; variant: VariantKey } | null,
  { at = '2025-03-10T12:00:00.000Z', livemode = 1 as 0 | 1, campaign = 'vogue-demo-single' } = {},
) {
  const rows = waypoints.map((waypointId): TrackingEventTable => {
    nextEvent += 1;
    return {
      id: `te_${String(Date.parse(at)).padStart(13, '0')}_${String(nextEvent).padStart(6, '0')}_test`,
      received_at: at,
      channel: 'funnel',
      action: 'waypoint',
      topic: null,
      campaign_id: campaign,
      session_id: session,
      source: null,
      livemode,
      experiment_id: mark?.experiment ?? null,
      variant_key: mark?.variant ?? null,
      payload_json: JSON.stringify({ waypointId, depth: 100, timestamp: 0, currentPage: '/vogue/demo-single', campaignId: campaign }),
    };
  });
  await tracking.insertInto('tracking_events').values(rows).execute();
}

let nextOrder = 0;
interface OrderFields {
  experiment?: string | null;
  variant?: VariantKey | null;
  status?: TransactionTable['status'];
  kind?: 'purchase' | 'renewal';
  at?: string;
  livemode?: 0 | 1;
  currency?: string;
  total?: number;
  tax?: number;
  preview?: number | null;
}

async function order({
  experiment: experimentId = PRICE,
  variant = 'A',
  status = 'succeeded',
  kind = 'purchase',
  at = '2025-03-10T12:30:00.000Z',
  livemode = 1,
  currency = 'USD',
  total = 2500,
  tax = 0,
  preview = null,
}: OrderFields): Promise<void> {
  nextOrder += 1;
  const row = transactionRow({
    id: `txn_${String(nextOrder).padStart(6, '0')}`,
    receipt_token_hash: 'x',
    status,
    livemode,
    currency_code: currency,
    tax,
    total,
    kind,
    preview_version: preview,
    experiment_id: experimentId,
    variant_key: variant,
    created_at: at,
  });
  await db.insertInto('transactions').values(row).execute();
}

/** Sorted, so that assertions do not depend on the order SQL groups in. */
function sorted(counts: ExperimentCounts) {
  const order = (value: unknown) => JSON.stringify(value);
  const sort = <T>(rows: readonly T[]) => [...rows].sort((a, b) => order(a).localeCompare(order(b)));
  return {
    experiments: counts.experiments.map((one) => one.id),
    visitors: sort(counts.visitors),
    steps: sort(counts.steps),
    orders: sort(counts.orders),
  };
}

describe('ExperimentReportRepository.experimentCounts', () => {
  it('reads nothing when no experiment ran', async () => {
    await order({ experiment: null, variant: null });
    expect(await repo.experimentCounts(march)).toEqual({ experiments: [], visitors: [], steps: [], orders: [] });
  });

  it('counts each variant’s enrolled visitors, the sessions at each step and the paid orders net of tax, per currency', async () => {
    await start(experiment({ id: PRICE }));
    await enrol(PRICE, 'A', { count: 3 });
    await enrol(PRICE, 'B', { count: 2 });
    // A: two sessions see the offer, one of them reloads it and pays; B: one opens the cart from a link.
    await visit('a1', ['campaign', 'campaign', 'cart', 'credit-card', 'success'], { experiment: PRICE, variant: 'A' });
    await visit('a2', ['campaign'], { experiment: PRICE, variant: 'A' });
    await visit('b1', ['cart'], { experiment: PRICE, variant: 'B' });
    // Outside the experiment: not its.
    await visit('x1', ['campaign', 'cart'], null);
    await order({ variant: 'A', total: 2400, tax: 400 });
    await order({ variant: 'A', total: 1200, tax: 200 });
    await order({ variant: 'B', currency: 'GBP', total: 1000, tax: 0 });
    // Not paid, a renewal, a preview's order, another month, an order outside the experiment: none counts.
    await order({ variant: 'A', status: 'failed' });
    await order({ variant: 'A', status: 'processing' });
    await order({ variant: 'A', kind: 'renewal' });
    await order({ variant: 'A', preview: 4 });
    await order({ variant: 'A', at: '2025-04-01T00:00:00.000Z' });
    await order({ experiment: null, variant: null });

    expect(sorted(await repo.experimentCounts(march))).toEqual(
      sorted({
        experiments: [experiment({ id: PRICE })],
        visitors: [
          { experimentId: PRICE, variantKey: 'A', visitors: 3 },
          { experimentId: PRICE, variantKey: 'B', visitors: 2 },
        ],
        steps: [
          { experimentId: PRICE, variantKey: 'A', waypointId: 'campaign', sessions: 2 },
          { experimentId: PRICE, variantKey: 'A', waypointId: 'cart', sessions: 1 },
          { experimentId: PRICE, variantKey: 'A', waypointId: 'credit-card', sessions: 1 },
          { experimentId: PRICE, variantKey: 'A', waypointId: 'success', sessions: 1 },
          // The furthest step decides: a session at the cart has passed the offer page.
          { experimentId: PRICE, variantKey: 'B', waypointId: 'campaign', sessions: 1 },
          { experimentId: PRICE, variantKey: 'B', waypointId: 'cart', sessions: 1 },
        ],
        orders: [
          { experimentId: PRICE, variantKey: 'A', currencyCode: 'USD', orders: 2, netRevenue: 3000 },
          { experimentId: PRICE, variantKey: 'B', currencyCode: 'GBP', orders: 1, netRevenue: 1000 },
        ],
      }),
    );
  });

  it('reads the experiments that ran during the period, of the filter’s campaign, newest first', async () => {
    await start(
      experiment({ id: PRICE, startedAt: '2025-03-05T00:00:00.000Z' }),
      experiment({ id: COPY, campaignId: 'gq-demo-gbp', startedAt: '2025-03-20T00:00:00.000Z' }),
      // Stopped the day before the period.
      experiment({
        id: 'exp_00000000000000c3',
        status: 'stopped',
        startedAt: '2025-02-01T00:00:00.000Z',
        stoppedAt: '2025-02-28T23:59:59.999Z',
      }),
      // Stopped on its first day: it ran during it.
      experiment({
        id: 'exp_00000000000000d4',
        status: 'stopped',
        startedAt: '2025-02-01T00:00:00.000Z',
        stoppedAt: '2025-03-01T08:00:00.000Z',
      }),
      // Started the day after.
      experiment({ id: 'exp_00000000000000e5', startedAt: '2025-04-01T00:00:00.000Z' }),
    );
    expect((await repo.experimentCounts(march)).experiments.map((one) => one.id)).toEqual([COPY, PRICE, 'exp_00000000000000d4']);
    expect((await repo.experimentCounts({ ...march, campaignId: 'gq-demo-gbp' })).experiments.map((one) => one.id)).toEqual([COPY]);
  });

  it.each([
    ['live', { visitors: 2, sessions: 1, orders: 1 }],
    ['test', { visitors: 1, sessions: 2, orders: 3 }],
    ['all', { visitors: 3, sessions: 3, orders: 4 }],
  ] as const)('keeps %s traffic', async (mode, expected) => {
    await start(experiment({ id: PRICE }));
    await enrol(PRICE, 'A', { livemode: true, count: 2 });
    await enrol(PRICE, 'A', { livemode: false });
    await visit('l1', ['campaign'], { experiment: PRICE, variant: 'A' }, { livemode: 1 });
    await visit('t1', ['campaign'], { experiment: PRICE, variant: 'A' }, { livemode: 0 });
    await visit('t2', ['campaign'], { experiment: PRICE, variant: 'A' }, { livemode: 0 });
    await order({ livemode: 1 });
    for (let i = 0; i < 3; i += 1) await order({ livemode: 0 });
    const counts = await repo.experimentCounts({ ...march, mode });
    expect({
      visitors: counts.visitors[0]?.visitors,
      sessions: counts.steps.find((row) => row.waypointId === 'campaign')?.sessions,
      orders: counts.orders[0]?.orders,
    }).toEqual(expected);
  });

  it.each([
    ['the first moment of the first day', '2025-03-01T00:00:00.000Z', 1],
    ['the last moment of the last day', '2025-03-31T23:59:59.999Z', 1],
    ['the day before', '2025-02-28T23:59:59.999Z', 0],
    ['the day after', '2025-04-01T00:00:00.000Z', 0],
  ])('takes the period as whole UTC days: %s', async (_name, at, expected) => {
    await start(experiment({ id: PRICE, startedAt: '2025-02-01T00:00:00.000Z' }));
    await enrol(PRICE, 'B', { at });
    await visit('s1', ['campaign'], { experiment: PRICE, variant: 'B' }, { at });
    await order({ variant: 'B', at });
    const counts = await repo.experimentCounts(march);
    expect([counts.visitors.length, counts.steps.length, counts.orders.length]).toEqual([expected, expected, expected]);
  });

  it('reads the period’s visitors, orders and funnel events through indexes, not the whole tables', async () => {
    const visitors = await queryPlan(db, visitorCountsQuery(db, march, [PRICE, COPY]).compile());
    expect(visitors.fullScans).not.toContain('experiment_visitors');
    const orders = await queryPlan(db, orderCountsQuery(db, march, [PRICE, COPY]).compile());
    // The experiments' orders, or the period's: whichever the planner finds narrower.
    expect(orders.indexes).toEqual([expect.stringMatching(/^transactions_(experiment|created_at)$/)]);
    expect(orders.fullScans).not.toContain('transactions');
    // The funnel events as the funnel reads them: the period as an id range of the key.
    const steps = await queryPlan(tracking, variantStepCountsQuery(tracking, march, [PRICE, COPY]).compile());
    expect(steps.indexes).toContain(
      { sqlite: 'sqlite_autoindex_tracking_events_1', postgres: 'tracking_events_pkey' }[dialectOf(tracking)],
    );
    expect(steps.fullScans).not.toContain('tracking_events');
  });
});
