import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  API_KEY,
  badRows,
  beacon,
  collect,
  context,
  eventRows,
  origin,
  trackingDb,
  trackingServices,
} from '@/tests/fixtures/trackingRoutes';
import { T, trackerBatch } from '@/tests/fixtures/trackerBatch';
import { RateLimiter } from '@/lib/server/identity/RateLimiter';
import { BadRowLimiter } from '@/lib/server/tracking/bad-rows/badRowLimiter';
import { sampleFunnelItems } from '@/lib/server/tracking/schemas/sampleEvents';
import { EventLimit } from './eventLimit';

/**
 * The limit of accepted events per client that trackingRoute puts in front of every ingestion
 * endpoint, through their route modules (eventLimit.test.ts has the counter on its own).
 */

describe('the limit of accepted events per client', () => {
  const WINDOW_MS = 10 * 60_000;
  let services: Awaited<ReturnType<typeof trackingServices>>;
  let real: Pick<typeof services, 'eventLimit' | 'badRows' | 'env'>;
  let clock: number;

  beforeEach(async () => {
    services = await trackingServices();
    real = { eventLimit: services.eventLimit, badRows: services.badRows, env: services.env };
    // 3 min 20 s into a 10-minute window: 400 seconds left.
    clock = Date.UTC(2026, 10, 21, 12, 3, 20);
    services.eventLimit = new EventLimit(new RateLimiter(await trackingDb(), () => new Date(clock)), {
      perClient: 25,
      windowMs: WINDOW_MS,
    });
    services.badRows = new BadRowLimiter(await trackingDb(), (row) => services.store.appendBadRow(row), { now: () => clock });
  });
  afterEach(async () => {
    await services.badRows.reset();
    Object.assign(services, real);
  });

  const items = (n: number, campaignId = 'epicurious-demo-preauth') => JSON.stringify(sampleFunnelItems(campaignId, context).slice(0, n));
  const inspect = () =>
    fetch(`${origin}/api/schema-inspector?api_key=${API_KEY}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify({
        sessionId: 's1',
        events: [
          { name: 'waypoint', properties: { campaignId: 'string' }, seenAt: T },
          { name: 'waypoint', properties: { campaignId: 'string' }, seenAt: T },
          { name: 'click', properties: { el: 'string' }, seenAt: T },
        ],
      }),
    });

  it('counts events across every endpoint; beyond the limit 429 with Retry-After, nothing stored and no bad row of its own', async () => {
    expect((await beacon(items(10))).status).toBe(200);
    expect((await collect(trackerBatch())).status).toBe(200); // 3 events
    expect((await fetch(`${origin}/api/segmentation/add?segment=mtu.v`)).status).toBe(200); // 1
    expect(await (await inspect()).json()).toEqual({ accepted: 3, schemas: 2 }); // 2 rows written: counted 2
    // 25: the limit itself is still accepted.
    expect((await beacon(items(9))).status).toBe(200);
    const stored = (await eventRows()).length;
    expect(stored).toBe(23);

    const refused = await beacon(items(1));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('400');
    const body = (await refused.json()) as { error: { code: string; message: string } };
    expect(body.error).toEqual({ code: 'too_many_events', message: expect.stringContaining('more than 25 tracking events in 10 minutes') });
    const pixel = await fetch(`${origin}/api/funnel?api_key=${API_KEY}&data=${encodeURIComponent(items(1))}`);
    expect(pixel.status).toBe(429);
    expect((await fetch(`${origin}/api/segmentation/add?segment=mtu.v`)).status).toBe(429);
    expect((await collect(trackerBatch())).status).toBe(429);
    expect(await eventRows()).toHaveLength(stored);
    expect(await badRows()).toEqual([]);
    // One counter per client and window, shared by every instance through the database.
    const counters = await (await trackingDb()).selectFrom('rate_limits').select(['bucket', 'window_start', 'count']).execute();
    expect(counters).toEqual([{ bucket: 'ingest:events:127.0.0.1', window_start: '2026-11-21T12:00:00.000Z', count: 25 + 1 + 1 + 1 + 3 }]);

    // The refusals show only in the bad-row limiter's summary, once its minute is over.
    clock += 60_000;
    expect((await beacon('not json')).status).toBe(400);
    const rows = await badRows();
    expect(rows.map((row) => row.reason)).toEqual([
      expect.stringMatching(/^4 more refused requests from this address were not kept; last reason: 429 too_many_events: /),
      expect.stringMatching(/^400 invalid_json/),
    ]);
    expect(rows[0]!.raw).toContain('of which over the accepted-events limit (429): 4');
    expect(rows[0]!.raw).toContain('client: 127.0.0.0/24 (shortened)');

    // The next window, a new budget.
    clock = Date.UTC(2026, 10, 21, 12, 10, 0);
    expect((await beacon(items(10))).status).toBe(200);
  });

  it('takes the client from X-Forwarded-For through the trusted proxies only, and an IPv6 client by its /64', async () => {
    services.env = { ...real.env, TRUSTED_PROXY_HOPS: 1, TRUSTED_PROXIES: ['127.0.0.1/32'] };
    const from = (address: string, n: number) =>
      fetch(`${origin}/api/funnel?api_key=${API_KEY}&livemode=false`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8', 'x-forwarded-for': `203.0.113.99, ${address}` },
        body: items(n),
      });
    expect((await from('2001:db8:1:2::1', 15)).status).toBe(200);
    // Another address of the same /64 is the same client.
    expect((await from('2001:db8:1:2:ffff::9', 15)).status).toBe(429);
    expect((await from('2001:db8:1:3::1', 15)).status).toBe(200);
    expect((await from('198.51.100.7', 15)).status).toBe(200);
    expect((await from('198.51.100.7', 15)).status).toBe(429);
    const buckets = (await (await trackingDb()).selectFrom('rate_limits').select('bucket').orderBy('bucket').execute()).map(
      (row) => row.bucket,
    );
    expect(buckets).toEqual(['ingest:events:198.51.100.7', 'ingest:events:2001:db8:1:2::/64', 'ingest:events:2001:db8:1:3::/64']);
  });
});
