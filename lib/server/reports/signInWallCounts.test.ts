import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { testDb } from '@/tests/fixtures/testDb';
import type { Database, TrackingEventTable } from '@/lib/server/db/schema';
import type { FunnelFilter } from '@/lib/reports/funnelFilter';
import { FunnelReportRepository } from './FunnelReportRepository';

// The sign-in wall's figures from stored events, on whichever database the suite runs on
// (SQLite, or PostgreSQL with TEST_POSTGRES_URL).

let db: Kysely<Database>;
let repo: FunnelReportRepository;

beforeEach(async () => {
  db = await testDb();
  repo = new FunnelReportRepository(db);
});
afterEach(async () => {
  await db.destroy();
});

const BASE = '/epicurious/demo-preauth';
let nextId = 0;
let clock = Date.parse('2025-03-10T12:00:00.000Z');

function load(session: string, waypoint: string, page: string, campaign = 'epi-preauth', livemode: 0 | 1 = 1): TrackingEventTable {
  nextId += 1;
  clock += 1000;
  const at = new Date(clock).toISOString();
  return {
    id: `te_${String(clock).padStart(13, '0')}_${String(nextId).padStart(6, '0')}_test`,
    received_at: at,
    channel: 'funnel',
    action: 'waypoint',
    topic: null,
    campaign_id: campaign,
    session_id: session,
    source: null,
    livemode,
    payload_json: JSON.stringify({ waypointId: waypoint, depth: 100, timestamp: 0, currentPage: page, campaignId: campaign }),
  };
}

const march: FunnelFilter = { from: '2025-03-01', to: '2025-03-31', campaignId: null, mode: 'all' };

describe('FunnelReportRepository.signInWallCounts', () => {
  it('counts visits, visitors at the wall, and those who reached a funnel step after it', async () => {
    await db
      .insertInto('tracking_events')
      .values([
        // Met the wall, signed in, saw the offer and the cart: passed.
        load('s1', 'page-navigation', `${BASE}/auth/initiate`),
        load('s1', 'page-navigation', BASE),
        load('s1', 'campaign', BASE),
        load('s1', 'cart', `${BASE}/cart`),
        // Met the wall (with a page to return to) and left: dropped.
        load('s2', 'page-navigation', `${BASE}/auth/initiate/cart`),
        // Met the wall twice, never passed: dropped once.
        load('s3', 'page-navigation', `${BASE}/auth/initiate`),
        load('s3', 'page-navigation', `${BASE}/auth/initiate`),
        // Signed in already: a visit that never met the wall.
        load('s4', 'page-navigation', BASE),
        load('s4', 'campaign', BASE),
        // Saw the offer first, then asked to sign in and left: at the wall, not past it.
        load('s5', 'campaign', BASE),
        load('s5', 'page-navigation', `${BASE}/auth/initiate`),
        // Another campaign, no wall.
        load('s6', 'campaign', '/vogue/demo-single', 'vogue-single'),
      ])
      .execute();

    const counts = await repo.signInWallCounts(march);
    expect(counts.sort((a, b) => (a.campaignId ?? '').localeCompare(b.campaignId ?? ''))).toEqual([
      { campaignId: 'epi-preauth', visits: 5, atWall: 4, passed: 1 },
      { campaignId: 'vogue-single', visits: 1, atWall: 0, passed: 0 },
    ]);
  });

  it('keeps to the filter’s campaign, mode and period', async () => {
    await db
      .insertInto('tracking_events')
      .values([
        load('live', 'page-navigation', `${BASE}/auth/initiate`),
        load('test', 'page-navigation', `${BASE}/auth/initiate`, 'epi-preauth', 0),
        load('other', 'page-navigation', '/vogue/demo-single/auth/initiate', 'vogue-single'),
      ])
      .execute();
    expect(await repo.signInWallCounts({ ...march, mode: 'live', campaignId: 'epi-preauth' })).toEqual([
      { campaignId: 'epi-preauth', visits: 1, atWall: 1, passed: 0 },
    ]);
    expect(await repo.signInWallCounts({ ...march, from: '2025-04-01', to: '2025-04-30' })).toEqual([]);
  });
});
