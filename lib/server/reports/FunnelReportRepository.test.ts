import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { testDb } from '@/tests/fixtures/testDb';
import { queryPlan } from '@/tests/fixtures/queryPlan';
import { dialectOf } from '@/lib/server/db/dialect';
import type { Database, TrackingEventTable } from '@/lib/server/db/schema';
import { FunnelReportRepository, campaignCountsQuery, splitCountsQuery } from './FunnelReportRepository';
import type { FunnelFilter } from '@/lib/reports/funnelFilter';
import type { FunnelCounts } from '@/lib/reports/funnelReport';

let db: Kysely<Database>;
let repo: FunnelReportRepository;

beforeEach(async () => {
  db = await testDb();
  repo = new FunnelReportRepository(db);
});
afterEach(async () => {
  await db.destroy();
});

let nextId = 0;

interface EventFields {
  session: string | null;
  waypoint?: string;
  at?: string;
  campaign?: string | null;
  source?: string | null;
  livemode?: 0 | 1;
  channel?: TrackingEventTable['channel'];
  action?: string;
  page?: string;
}

function event({
  session,
  waypoint = 'campaign',
  at = '2025-03-10T12:00:00.000Z',
  campaign = 'vogue-demo-single',
  source = null,
  livemode = 1,
  channel = 'funnel',
  action = 'waypoint',
  page = '/vogue/demo-single',
}: EventFields): TrackingEventTable {
  nextId += 1;
  return {
    // Ids sort by arrival time, as the store makes them (the report reads time ranges by id).
    id: `te_${String(Date.parse(at)).padStart(13, '0')}_${String(nextId).padStart(6, '0')}_test`,
    received_at: at,
    channel,
    action,
    topic: null,
    campaign_id: campaign,
    session_id: session,
    source,
    livemode,
    experiment_id: null,
    variant_key: null,
    payload_json: JSON.stringify({
      waypointId: waypoint,
      depth: 100,
      timestamp: 0,
      currentPage: page,
      campaignId: campaign,
    }),
  };
}

async function insert(...events: EventFields[]): Promise<void> {
  await db.insertInto('tracking_events').values(events.map(event)).execute();
}

const march: FunnelFilter = { from: '2025-03-01', to: '2025-03-31', campaignId: null, mode: 'all' };

/** Sorted, so that assertions do not depend on the order SQL groups in. */
function sorted(counts: FunnelCounts) {
  const order = (value: unknown) => JSON.stringify(value);
  return {
    splits: [...counts.splits].sort((a, b) => order(a).localeCompare(order(b))),
    campaigns: [...counts.campaigns].sort((a, b) => order(a).localeCompare(order(b))),
    sessionlessEvents: counts.sessionlessEvents,
  };
}

describe('FunnelReportRepository.funnelCounts', () => {
  it('counts nothing in an empty database', async () => {
    expect(await repo.funnelCounts(march)).toEqual({ splits: [], campaigns: [], sessionlessEvents: 0 });
  });

  it('counts distinct sessions per campaign, source, mode and waypoint', async () => {
    await insert(
      // s1 reloads the offer page: still one visitor.
      { session: 's1', waypoint: 'campaign' },
      { session: 's1', waypoint: 'campaign' },
      { session: 's1', waypoint: 'cart' },
      { session: 's2', waypoint: 'campaign' },
      { session: 's3', waypoint: 'campaign', source: 'newsletter' },
      { session: 's3', waypoint: 'cart', source: 'newsletter' },
      { session: 's3', waypoint: 'credit-card', source: 'newsletter' },
      { session: 's3', waypoint: 'success', source: 'newsletter' },
      { session: 't1', waypoint: 'campaign', livemode: 0 },
      { session: 'd1', waypoint: 'campaign', campaign: 'newyorker-demo-dual' },
    );
    expect(sorted(await repo.funnelCounts(march))).toEqual(
      sorted({
        splits: [
          { campaignId: 'vogue-demo-single', source: null, livemode: true, waypointId: 'campaign', visitors: 2 },
          { campaignId: 'vogue-demo-single', source: null, livemode: true, waypointId: 'cart', visitors: 1 },
          { campaignId: 'vogue-demo-single', source: 'newsletter', livemode: true, waypointId: 'campaign', visitors: 1 },
          { campaignId: 'vogue-demo-single', source: 'newsletter', livemode: true, waypointId: 'cart', visitors: 1 },
          { campaignId: 'vogue-demo-single', source: 'newsletter', livemode: true, waypointId: 'credit-card', visitors: 1 },
          { campaignId: 'vogue-demo-single', source: 'newsletter', livemode: true, waypointId: 'success', visitors: 1 },
          { campaignId: 'vogue-demo-single', source: null, livemode: false, waypointId: 'campaign', visitors: 1 },
          { campaignId: 'newyorker-demo-dual', source: null, livemode: true, waypointId: 'campaign', visitors: 1 },
        ],
        campaigns: [
          { campaignId: 'vogue-demo-single', waypointId: 'campaign', visitors: 4 },
          { campaignId: 'vogue-demo-single', waypointId: 'cart', visitors: 2 },
          { campaignId: 'vogue-demo-single', waypointId: 'credit-card', visitors: 1 },
          { campaignId: 'vogue-demo-single', waypointId: 'success', visitors: 1 },
          { campaignId: 'newyorker-demo-dual', waypointId: 'campaign', visitors: 1 },
        ],
        sessionlessEvents: 0,
      }),
    );
  });

  it('counts a session at every step up to the furthest it reached: no step has more visitors than the one before', async () => {
    await insert(
      // Two visitors open the cart from a link, one pays straight from a saved card page: none saw the offer page.
      { session: 'c1', waypoint: 'cart' },
      { session: 'c2', waypoint: 'cart' },
      { session: 'p1', waypoint: 'credit-card' },
      { session: 'p1', waypoint: 'success' },
      { session: 'o1', waypoint: 'campaign' },
    );
    const counts = await repo.funnelCounts(march);
    const at = (waypointId: string) => counts.campaigns.find((row) => row.waypointId === waypointId)?.visitors ?? 0;
    expect(['campaign', 'cart', 'credit-card', 'success'].map(at)).toEqual([4, 3, 1, 1]);
    expect(counts.splits.find((row) => row.waypointId === 'cart')?.visitors).toBe(3);
  });

  it('counts a visitor seen under two sources once in the campaign total', async () => {
    await insert({ session: 's1', source: 'newsletter' }, { session: 's1', source: 'social' });
    const counts = await repo.funnelCounts(march);
    expect(counts.splits.map((s) => s.visitors)).toEqual([1, 1]);
    expect(counts.campaigns).toEqual([{ campaignId: 'vogue-demo-single', waypointId: 'campaign', visitors: 1 }]);
  });

  it('reads only funnel waypoints of the report steps', async () => {
    await insert(
      { session: 's1', waypoint: 'page-navigation' },
      { session: 's1', waypoint: 'promo-code' },
      { session: 's2', channel: 'analytics' },
      { session: 's3', action: 'add-to-cart' },
      { session: 's4', waypoint: 'campaign' },
    );
    const counts = await repo.funnelCounts(march);
    expect(counts.splits).toEqual([{ campaignId: 'vogue-demo-single', source: null, livemode: true, waypointId: 'campaign', visitors: 1 }]);
  });

  it.each([
    ['the first moment of the first day', '2025-03-01T00:00:00.000Z', 1],
    ['the last moment of the last day', '2025-03-31T23:59:59.999Z', 1],
    ['a time without milliseconds on the last day', '2025-03-31T23:59:59Z', 1],
    ['the day before', '2025-02-28T23:59:59.999Z', 0],
    ['the day after', '2025-04-01T00:00:00.000Z', 0],
  ])('takes the period as whole UTC days: %s', async (_name, at, visitors) => {
    await insert({ session: 's1', at });
    const counts = await repo.funnelCounts(march);
    expect(counts.campaigns.reduce((sum, row) => sum + row.visitors, 0)).toBe(visitors);
  });

  it('keeps one campaign when asked', async () => {
    await insert(
      { session: 's1', campaign: 'vogue-demo-single' },
      { session: 's2', campaign: 'gq-demo-gbp' },
      { session: 's3', campaign: null },
    );
    const counts = await repo.funnelCounts({ ...march, campaignId: 'gq-demo-gbp' });
    expect(counts.campaigns).toEqual([{ campaignId: 'gq-demo-gbp', waypointId: 'campaign', visitors: 1 }]);
    const all = await repo.funnelCounts(march);
    expect(all.campaigns.map((c) => c.campaignId).sort()).toEqual(['gq-demo-gbp', null, 'vogue-demo-single'].sort());
  });

  it.each([
    ['live', [true]],
    ['test', [false]],
    ['all', [false, true]],
  ] as const)('keeps %s traffic', async (mode, livemodes) => {
    await insert({ session: 'l1', livemode: 1 }, { session: 't1', livemode: 0 });
    const counts = await repo.funnelCounts({ ...march, mode });
    expect(counts.splits.map((s) => s.livemode).sort()).toEqual(livemodes);
  });

  it('leaves out events without a session id and says how many there were', async () => {
    await insert({ session: null }, { session: null, waypoint: 'cart' }, { session: 's1' }, { session: null, source: 'social' });
    const counts = await repo.funnelCounts(march);
    expect(counts.sessionlessEvents).toBe(3);
    expect(counts.splits).toEqual([{ campaignId: 'vogue-demo-single', source: null, livemode: true, waypointId: 'campaign', visitors: 1 }]);
    expect(counts.campaigns).toEqual([{ campaignId: 'vogue-demo-single', waypointId: 'campaign', visitors: 1 }]);
  });

  it.each([
    ['all campaigns', null, { sqlite: 'sqlite_autoindex_tracking_events_1', postgres: 'tracking_events_pkey' }],
    ['one campaign', 'vogue-demo-single', { sqlite: 'tracking_events_campaign', postgres: 'tracking_events_campaign' }],
  ])('reads the period of %s through an index, not the whole table', async (_name, campaignId, index) => {
    for (const query of [splitCountsQuery(db, { ...march, campaignId }), campaignCountsQuery(db, { ...march, campaignId })]) {
      const plan = await queryPlan(db, query.compile());
      expect(plan.indexes).toContain(index[dialectOf(db)]);
      expect(plan.fullScans).not.toContain('tracking_events');
    }
  });
});

describe('FunnelReportRepository.schemaObservations', () => {
  async function observe(eventName: string, schemaJson: string, firstSeen: string, lastSeen: string, count = 1) {
    await db
      .insertInto('schema_observations')
      .values({ event_name: eventName, schema_json: schemaJson, first_seen: firstSeen, last_seen: lastSeen, count })
      .execute();
  }

  it('reads the schemas seen during the period and skips unreadable ones', async () => {
    await observe('waypoint', '{"campaignId":"string"}', '2025-02-01T00:00:00.000Z', '2025-03-01T00:00:01.000Z', 9);
    await observe('waypoint', '{"campaignId":"number"}', '2025-03-31T23:00:00.000Z', '2025-04-02T00:00:00.000Z');
    await observe('purchase', 'not json', '2025-03-05T00:00:00.000Z', '2025-03-06T00:00:00.000Z');
    await observe('old', '{}', '2025-01-01T00:00:00.000Z', '2025-02-28T23:59:59.999Z');
    await observe('later', '{}', '2025-04-01T00:00:00.000Z', '2025-04-02T00:00:00.000Z');
    expect(await repo.schemaObservations(march)).toEqual({
      observations: [
        {
          eventName: 'waypoint',
          schema: { campaignId: 'string' },
          firstSeen: '2025-02-01T00:00:00.000Z',
          lastSeen: '2025-03-01T00:00:01.000Z',
          count: 9,
        },
        {
          eventName: 'waypoint',
          schema: { campaignId: 'number' },
          firstSeen: '2025-03-31T23:00:00.000Z',
          lastSeen: '2025-04-02T00:00:00.000Z',
          count: 1,
        },
      ],
      cut: false,
    });
  });

  it('reads at most the most recently seen shapes, and says when there were more', async () => {
    for (let i = 0; i < 5; i += 1) {
      await observe(`event-${i}`, '{"a":"string"}', '2025-03-01T00:00:00.000Z', `2025-03-1${i}T00:00:00.000Z`);
    }
    const { observations, cut } = await repo.schemaObservations(march, 3);
    expect(cut).toBe(true);
    expect(observations.map((o) => o.eventName)).toEqual(['event-2', 'event-3', 'event-4']);
    expect(await repo.schemaObservations(march, 5)).toMatchObject({ cut: false, observations: { length: 5 } });
  });

  it('caps the drift list at 200 shapes by default', async () => {
    await db
      .insertInto('schema_observations')
      .values(
        Array.from({ length: 250 }, (_, i) => ({
          event_name: 'junk',
          schema_json: `{"p${i}":"string"}`,
          first_seen: '2025-03-01T00:00:00.000Z',
          last_seen: '2025-03-02T00:00:00.000Z',
          count: 1,
        })),
      )
      .execute();
    const { observations, cut } = await repo.schemaObservations(march);
    expect([observations.length, cut]).toEqual([200, true]);
  });
});

const PREAUTH = '/epicurious/demo-preauth';
let loadedAt = Date.parse('2025-03-10T12:00:00.000Z');
/** A page load of the pre-auth campaign (unless another is given), a second after the one before. */
function load(session: string, waypoint: string, page: string, campaign = 'epi-preauth', livemode: 0 | 1 = 1): EventFields {
  loadedAt += 1000;
  return { session, waypoint, page, campaign, livemode, at: new Date(loadedAt).toISOString() };
}

describe('FunnelReportRepository.signInWallCounts', () => {
  it('counts visits, visitors at the wall, and those who reached a funnel step after it', async () => {
    await insert(
      // Met the wall, signed in, saw the offer and the cart: passed.
      load('s1', 'page-navigation', `${PREAUTH}/auth/initiate`),
      load('s1', 'page-navigation', PREAUTH),
      load('s1', 'campaign', PREAUTH),
      load('s1', 'cart', `${PREAUTH}/cart`),
      // Met the wall (with a page to return to) and left: dropped.
      load('s2', 'page-navigation', `${PREAUTH}/auth/initiate/cart`),
      // Met the wall twice, never passed: dropped once.
      load('s3', 'page-navigation', `${PREAUTH}/auth/initiate`),
      load('s3', 'page-navigation', `${PREAUTH}/auth/initiate`),
      // Signed in already: a visit that never met the wall.
      load('s4', 'page-navigation', PREAUTH),
      load('s4', 'campaign', PREAUTH),
      // Saw the offer first, then asked to sign in and left: at the wall, not past it.
      load('s5', 'campaign', PREAUTH),
      load('s5', 'page-navigation', `${PREAUTH}/auth/initiate`),
      // Another campaign, no wall.
      load('s6', 'campaign', '/vogue/demo-single', 'vogue-single'),
    );

    const counts = await repo.signInWallCounts(march);
    expect(counts.sort((a, b) => (a.campaignId ?? '').localeCompare(b.campaignId ?? ''))).toEqual([
      { campaignId: 'epi-preauth', visits: 5, atWall: 4, passed: 1 },
      { campaignId: 'vogue-single', visits: 1, atWall: 0, passed: 0 },
    ]);
  });

  it('keeps to the filter’s campaign, mode and period', async () => {
    await insert(
      load('live', 'page-navigation', `${PREAUTH}/auth/initiate`),
      load('test', 'page-navigation', `${PREAUTH}/auth/initiate`, 'epi-preauth', 0),
      load('other', 'page-navigation', '/vogue/demo-single/auth/initiate', 'vogue-single'),
    );
    expect(await repo.signInWallCounts({ ...march, mode: 'live', campaignId: 'epi-preauth' })).toEqual([
      { campaignId: 'epi-preauth', visits: 1, atWall: 1, passed: 0 },
    ]);
    expect(await repo.signInWallCounts({ ...march, from: '2025-04-01', to: '2025-04-30' })).toEqual([]);
  });
});
