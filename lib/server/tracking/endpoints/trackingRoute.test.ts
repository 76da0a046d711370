import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
import { eventUsage } from '@/lib/server/tracking/storage/storedBytes';
import { StorageCap, type StorageReading } from '@/lib/server/tracking/storage/storageCap';
import { ByteBudget, type ByteBudgets } from './byteBudget';
import { EventLimit } from './eventLimit';
import { funnelEventsFrom } from './funnelEndpoint';

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
    const counters = await (
      await trackingDb()
    )
      .selectFrom('rate_limits')
      .select(['bucket', 'window_start', 'count'])
      .where('bucket', 'like', 'ingest:events:%')
      .execute();
    expect(counters).toEqual([{ bucket: 'ingest:events:127.0.0.1', window_start: '2026-11-21T12:00:00.000Z', count: 25 + 1 + 1 + 1 + 3 }]);

    // The refusals show only in the bad-row limiter's summary, once its minute is over.
    clock += 60_000;
    expect((await beacon('not json')).status).toBe(400);
    const rows = await badRows();
    expect(rows.map((row) => row.reason)).toEqual([
      expect.stringMatching(/^4 more refused requests from this address were not kept; last reason: 429 too_many_events: /),
      expect.stringMatching(/^400 invalid_json/),
    ]);
    expect(rows[0]!.raw).toContain('of which over the limits of accepted events or bytes: 4');
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
    const buckets = (
      await (
        await trackingDb()
      )
        .selectFrom('rate_limits')
        .select('bucket')
        .where('bucket', 'like', 'ingest:events:%')
        .orderBy('bucket')
        .execute()
    ).map((row) => row.bucket);
    expect(buckets).toEqual(['ingest:events:198.51.100.7', 'ingest:events:2001:db8:1:2::/64', 'ingest:events:2001:db8:1:3::/64']);
  });
});

describe('the byte budgets: per client, per IPv6 /48 and in total', () => {
  const WINDOW_MS = 10 * 60_000;
  let services: Awaited<ReturnType<typeof trackingServices>>;
  let real: Pick<typeof services, 'byteBudget' | 'storageCap' | 'badRows' | 'env'>;
  let clock: number;

  const batch = (n: number) => sampleFunnelItems('epicurious-demo-preauth', context).slice(0, n);
  /** The bytes the store is charged for a beacon of the first n sample items. */
  const bytesOf = (n: number) => eventUsage(funnelEventsFrom(JSON.parse(JSON.stringify(batch(n))), false, () => true)).bytes;
  const from = (address: string, n: number) =>
    fetch(`${origin}/api/funnel?api_key=${API_KEY}&livemode=false`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'x-forwarded-for': address },
      body: JSON.stringify(batch(n)),
    });
  const budget = async (budgets: Omit<ByteBudgets, 'windowMs'>) => {
    services.byteBudget = new ByteBudget(
      new RateLimiter(await trackingDb(), () => new Date(clock)),
      { ...budgets, windowMs: WINDOW_MS },
      () => new Date(clock),
    );
  };

  beforeEach(async () => {
    services = await trackingServices();
    real = { byteBudget: services.byteBudget, storageCap: services.storageCap, badRows: services.badRows, env: services.env };
    services.env = { ...real.env, TRUSTED_PROXY_HOPS: 1, TRUSTED_PROXIES: ['127.0.0.1/32'] };
    clock = Date.UTC(2026, 10, 21, 12, 3, 20);
    services.badRows = new BadRowLimiter(await trackingDb(), (row) => services.store.appendBadRow(row), { now: () => clock });
  });
  afterEach(async () => {
    await services.badRows.reset();
    Object.assign(services, real);
    vi.restoreAllMocks();
  });

  it("counts the bytes a client's events store, not their number: beyond its budget 429, nothing stored, no bad row", async () => {
    // Room for two beacons of 10 events, not three: ten times fewer events than the event limit.
    await budget({ perClient: 2 * bytesOf(10) + 10, perNetwork: 1e9, total: 1e9 });
    expect((await from('198.51.100.7', 10)).status).toBe(200);
    expect((await from('198.51.100.7', 10)).status).toBe(200);
    const refused = await from('198.51.100.7', 10);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('400');
    const body = (await refused.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('too_much_tracking_data');
    expect(body.error.message).toContain(`This address has sent more than ${2 * bytesOf(10) + 10} bytes of tracking data in 10 minutes`);
    expect(await eventRows()).toHaveLength(20);
    expect(await badRows()).toEqual([]);
    // Even a smaller request waits for the next window; another client has its own budget.
    expect((await from('198.51.100.7', 1)).status).toBe(429);
    expect((await from('198.51.100.8', 10)).status).toBe(200);
    const counters = await (
      await trackingDb()
    )
      .selectFrom('rate_limits')
      .select(['bucket', 'count'])
      .where('bucket', 'like', 'ingest:bytes:%')
      .orderBy('bucket')
      .execute();
    expect(counters).toEqual([
      { bucket: 'ingest:bytes:198.51.100.7', count: 3 * bytesOf(10) + bytesOf(1) },
      { bucket: 'ingest:bytes:198.51.100.8', count: bytesOf(10) },
      // Refused clients did not take from everyone's budget.
      { bucket: 'ingest:bytes:all', count: 3 * bytesOf(10) },
    ]);
  });

  it('keys an IPv6 client by its /64 and counts its /48 too, so that a /48 cannot yield 65,536 budgets', async () => {
    await budget({ perClient: bytesOf(10) + 10, perNetwork: 3 * bytesOf(10) + 10, total: 1e9 });
    expect((await from('2001:db8:1:2::1', 10)).status).toBe(200);
    // Another address of the same /64 is the same client.
    expect((await from('2001:db8:1:2:ffff::9', 10)).status).toBe(429);
    // Other /64s of the /48 have budgets of their own, up to the /48's.
    expect((await from('2001:db8:1:3::1', 10)).status).toBe(200);
    expect((await from('2001:db8:1:4::1', 10)).status).toBe(200);
    const network = await from('2001:db8:1:5::1', 10);
    expect(network.status).toBe(429);
    expect(((await network.json()) as { error: { message: string } }).error.message).toContain('(IPv6 /48)');
    // Another /48 is not held back.
    expect((await from('2001:db8:2:5::1', 10)).status).toBe(200);
    expect(await eventRows()).toHaveLength(40);
    const buckets = (
      await (
        await trackingDb()
      )
        .selectFrom('rate_limits')
        .select('bucket')
        .where('bucket', 'like', 'ingest:bytes:net:%')
        .orderBy('bucket')
        .execute()
    ).map((row) => row.bucket);
    expect(buckets).toEqual(['ingest:bytes:net:2001:db8:1::/48', 'ingest:bytes:net:2001:db8:2::/48']);
  });

  it('refuses everyone with 429 once the total budget is used up, says so, and logs it once per window', async () => {
    await budget({ perClient: 1e9, perNetwork: 1e9, total: 2 * bytesOf(10) + 10 });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect((await from('198.51.100.1', 10)).status).toBe(200);
    expect((await from('198.51.100.2', 10)).status).toBe(200);
    for (const address of ['198.51.100.3', '2001:db8:9:9::1']) {
      const refused = await from(address, 1);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('400');
      const body = (await refused.json()) as { error: { code: string; message: string } };
      expect(body.error).toEqual({
        code: 'tracking_budget_exhausted',
        message: expect.stringContaining('The service has taken its'),
      });
    }
    expect(await eventRows()).toHaveLength(20);
    expect(await badRows()).toEqual([]);
    const reports = logged.mock.calls.filter(([message]) => String(message).includes('total tracking budget'));
    expect(reports).toHaveLength(1);
    expect(String(reports[0]![0])).toContain('INGEST_BYTES_TOTAL');
    // The next window takes events again.
    clock = Date.UTC(2026, 10, 21, 12, 10, 0);
    expect((await from('198.51.100.3', 10)).status).toBe(200);
  });

  it("charges a client's bad rows to its byte budget: junk beyond it is only counted, and leaves everyone's budget alone", async () => {
    await budget({ perClient: 5000, perNetwork: 1e9, total: 1e9 });
    const junk = (address: string) =>
      fetch(`${origin}/api/funnel?api_key=${API_KEY}&livemode=false`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8', 'x-forwarded-for': address },
        body: `[${'x'.repeat(2000)}`,
      });
    for (let i = 0; i < 4; i += 1) expect((await junk('198.51.100.7')).status).toBe(400);
    // Two bad rows of some 2,200 bytes fit in 5,000; the other two are only counted.
    expect(await badRows()).toHaveLength(2);
    expect((await junk('198.51.100.8')).status).toBe(400);
    expect(await badRows()).toHaveLength(3);
    const total = await (await trackingDb()).selectFrom('rate_limits').select('bucket').where('bucket', '=', 'ingest:bytes:all').execute();
    expect(total).toEqual([]);
  });

  it('refuses every tracking write with 507 while the tracking storage is at its cap, bad rows included', async () => {
    let reading: StorageReading = { databaseBytes: 10_000, freeDiskBytes: 5_000_000 };
    services.storageCap = new StorageCap(
      async () => reading,
      { maxBytes: 10_000 + bytesOf(10) + 10, minFreeDiskBytes: 1_000_000 },
      { checkEveryMs: 0 },
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect((await from('198.51.100.7', 10)).status).toBe(200);
    reading = { databaseBytes: 10_000 + bytesOf(10), freeDiskBytes: 5_000_000 };
    const full = await from('198.51.100.7', 10);
    expect(full.status).toBe(507);
    expect(((await full.json()) as { error: { code: string; message: string } }).error).toEqual({
      code: 'tracking_storage_full',
      message: expect.stringContaining('TRACKING_DATABASE_MAX_BYTES'),
    });
    // A refused request leaves no bad row either; nothing was counted against the client.
    expect((await from('198.51.100.7', 0)).status).toBe(400);
    expect(await badRows()).toEqual([]);
    // The disk's free reserve counts too.
    reading = { databaseBytes: 0, freeDiskBytes: 1_000_000 + bytesOf(10) - 1 };
    expect((await from('198.51.100.7', 10)).status).toBe(507);
    expect(await eventRows()).toHaveLength(10);
    expect(logged.mock.calls.some(([message]) => String(message).includes('TRACKING_MIN_FREE_DISK_BYTES'))).toBe(true);
  });
});
