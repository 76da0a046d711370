import net from 'node:net';
import { buildPagePing, buildPageView, buildSelfDescribingEvent, trackerCore } from '@snowplow/tracker-core';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { analyticsCallFor } from '@/lib/tracking/destinations/analyticsEvents';
import { buildAddToCart, buildCartLoad } from '@/lib/tracking/events';
import { ANALYTICS_SCHEMAS } from '@/lib/tracking/schemaRegistry';
import { RateLimiter } from '@/lib/server/identity/RateLimiter';
import { BadRowLimiter } from '@/lib/server/tracking/bad-rows/badRowLimiter';
import { EventLimit } from './eventLimit';
import { checkFunnelItem } from '@/lib/server/tracking/schemas/funnelSchemas';
import { sampleFunnelItems } from '@/lib/server/tracking/schemas/sampleEvents';
import { PIXEL_GIF } from './ingestHttp';
import { serveApiRoutes, type RouteServer, type RouteTable } from '@/tests/fixtures/apiRouteServer';

/**
 * Every ingestion and admin endpoint through its route module, served by Next's own API
 * resolver (which honours `config.api.bodyParser`) on a real HTTP server, against an
 * in-memory database.
 */

const ADMIN_TOKEN = 'admin-token-for-tests-0123456789';
const API_KEY = 'test-funnel-key-123';
vi.hoisted(() => {
  process.env.DATABASE_URL = 'file::memory:';
  process.env.ADMIN_TOKEN = 'admin-token-for-tests-0123456789';
  process.env.FUNNEL_API_KEY = 'test-funnel-key-123';
  process.env.PUBLIC_ORIGIN = 'https://subscribe.example.com';
});

const { serverContext } = await import('@/lib/server/context/serverContext');
const { closeServerContext } = await import('@/lib/server/context/createServerContext');
const appDb = async () => (await serverContext()).db;
const trackingDb = async () => (await serverContext()).trackingDb;
const trackingServices = async () => (await serverContext()).tracking;
const { importCatalogueJson } = await import('@/lib/server/catalogue/importCatalogue');
const { readDemoCatalogue } = await import('@/lib/server/catalogue/demoCatalogue');
const routes: RouteTable = [
  [/^\/api\/funnel$/, () => import('@/pages/api/funnel')],
  [/^\/api\/segmentation\/(?<operation>[^/]+)$/, () => import('@/pages/api/segmentation/[operation]')],
  [/^\/api\/collector$/, () => import('@/pages/api/collector')],
  [/^\/api\/schema-inspector$/, () => import('@/pages/api/schema-inspector')],
  [/^\/api\/admin\/events$/, () => import('@/pages/api/admin/events')],
  [/^\/api\/admin\/bad-rows$/, () => import('@/pages/api/admin/bad-rows')],
  [/^\/api\/ping$/, () => import('@/pages/api/ping')],
];

let server: RouteServer;
let origin: string;

beforeAll(async () => {
  // Funnel events are taken for the catalogue's campaigns only: the demo catalogue's.
  const imported = await importCatalogueJson(await appDb(), readDemoCatalogue());
  if (!imported.ok) throw new Error(imported.errors.join('\n'));
  server = await serveApiRoutes(routes);
  origin = server.origin;
});
afterAll(async () => {
  await server.close();
  await closeServerContext(await serverContext());
});

beforeEach(async () => {
  const db = await trackingDb();
  // rate_limits too: every test's events count against 127.0.0.1's limit of accepted events.
  for (const table of ['tracking_events', 'tracking_bad_rows', 'schema_observations', 'rate_limits'] as const) await db.deleteFrom(table).execute();
  // Every test refuses requests from 127.0.0.1: each starts with the address's budget of bad rows whole.
  await (await trackingServices()).badRows.reset();
});

async function eventRows() {
  return (await trackingDb()).selectFrom('tracking_events').selectAll().orderBy('id').execute();
}
async function badRows() {
  return (await trackingDb()).selectFrom('tracking_bad_rows').selectAll().orderBy('id').execute();
}

const beacon = (body: string, query = `api_key=${API_KEY}&livemode=false`) =>
  fetch(`${origin}/api/funnel?${query}`, { method: 'POST', headers: { 'content-type': 'text/plain;charset=UTF-8' }, body });

const context = { sessionId: 'sess-42', source: 'newsletter', livemode: false };

/** The one bad row a refused request leaves, and nothing in tracking_events. */
async function expectRefused(response: Response, status: number, code: string, channel = 'funnel') {
  expect(response.status).toBe(status);
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe(code);
  const bad = await badRows();
  expect(bad).toHaveLength(1);
  expect(bad[0]).toMatchObject({ channel, reason: expect.stringContaining(`${status} ${code}`) });
  // The request line and headers are cut (2 KiB); a body is kept whole up to the endpoints' 64 KiB cap.
  expect(bad[0]!.raw.length).toBeLessThanOrEqual(64 * 1024 + 2400);
  expect(await eventRows()).toEqual([]);
  return { error: body.error, badRow: bad[0]! };
}

describe('POST /martech/api/funnel', () => {
  it('stores a beacon of every catalogue event, in order, once committed', async () => {
    const items = sampleFunnelItems('vogue-demo-single', context);
    const response = await beacon(JSON.stringify(items));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ accepted: items.length });

    const rows = await eventRows();
    expect(rows.map((r) => r.action)).toEqual(items.map((i) => i.action));
    expect(rows.map((r) => JSON.parse(r.payload_json))).toEqual(items.map((i) => i.payload));
    for (const row of rows) {
      expect(row).toMatchObject({ channel: 'funnel', campaign_id: 'vogue-demo-single', session_id: 'sess-42', source: 'newsletter', livemode: 0 });
    }
    expect(rows.map((r) => r.topic)).toEqual(items.map((i) => i._topic ?? null));
    expect(rows.find((r) => r.action === 'marketing-permissions')?.campaign_id).toBe('vogue-demo-single');
    expect(await badRows()).toEqual([]);
  });

  it('takes XHR JSON too; without livemode=false the events are live', async () => {
    const response = await fetch(`${origin}/api/funnel?api_key=${API_KEY}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(sampleFunnelItems('newyorker-demo-dual').slice(0, 2)),
    });
    expect(await response.json()).toEqual({ accepted: 2 });
    expect((await eventRows()).map((r) => [r.livemode, r.session_id, r.topic])).toEqual([
      [1, null, 'cart.ui'],
      [1, null, 'cart.ui'],
    ]);
  });

  it('refuses malformed JSON with a bad row holding the body', async () => {
    const { badRow } = await expectRefused(await beacon('[{"action": "click",'), 400, 'invalid_json');
    expect(badRow.raw).toContain('[{"action": "click",');
    expect(badRow.raw).toContain('content-type: text/plain;charset=UTF-8');
  });

  it('refuses a body over 64 KiB with 413, answered before the rest is read', async () => {
    const items = sampleFunnelItems('wired-demo-trial', context);
    const big = JSON.stringify([{ ...items[0], payload: { ...items[0]!.payload, el: 'x'.repeat(70 * 1024) } }]);
    const { badRow } = await expectRefused(await beacon(big), 413, 'payload_too_large');
    expect(badRow.raw).toContain('…[cut ');
  });

  it('refuses a body of megabytes with 413 too, without reading it all', async () => {
    await expectRefused(await beacon(`[${'"x",'.repeat(1_000_000)}"x"]`), 413, 'payload_too_large');
  });

  it('refuses more than 100 items', async () => {
    const items = Array.from({ length: 101 }, () => sampleFunnelItems('wired-demo-trial')[0]);
    await expectRefused(await beacon(JSON.stringify(items)), 413, 'too_many_items');
  });

  it.each([
    ['a wrong key', 'api_key=nope'],
    ['no key', 'livemode=false'],
    ['a repeated key', `api_key=${API_KEY}&api_key=${API_KEY}`],
  ])('refuses %s with 401, and the bad row does not show the key', async (_case, query) => {
    const { badRow } = await expectRefused(await beacon(JSON.stringify(sampleFunnelItems('wired-demo-trial')), query), 401, 'invalid_api_key');
    expect(badRow.raw).not.toContain(API_KEY);
    expect(badRow.raw).toContain('"action":"click"');
  });

  it('refuses another method with 405 and Allow', async () => {
    const response = await fetch(`${origin}/api/funnel?api_key=${API_KEY}`, { method: 'PUT', body: '[]' });
    expect(response.headers.get('allow')).toBe('POST, GET');
    await expectRefused(response, 405, 'method_not_allowed');
  });

  it('refuses the whole request when one item is invalid, naming its index and field', async () => {
    const items = sampleFunnelItems('wired-demo-trial', context);
    const bad = items.map((item, i) => (i === 3 ? { ...item, payload: { ...item.payload, campaignId: 42 } } : item));
    const { error, badRow } = await expectRefused(await beacon(JSON.stringify(bad)), 400, 'invalid_item');
    expect(error.message).toMatch(/^The request was refused as a whole: items\[3\]\.payload\.campaignId: /);
    expect(badRow.reason).toContain('items[3].payload.campaignId');
  });

  it.each([
    ["'; DROP TABLE transactions; --", 'payload.campaignId: not a campaign of the catalogue'],
    ['__proto__', 'payload.campaignId: not a campaign of the catalogue'],
    ['vogue-demo-singel', 'payload.campaignId: not a campaign of the catalogue'],
  ])('keeps an event for a campaign the catalogue does not know (%j) out of the report, as a bad row', async (campaignId, problem) => {
    const items = sampleFunnelItems('vogue-demo-single', context).map((item, i) => (i === 1 ? { ...item, payload: { ...item.payload, campaignId } } : item));
    const { badRow } = await expectRefused(await beacon(JSON.stringify(items)), 400, 'invalid_item');
    expect(badRow.reason).toContain(`items[1].${problem}`);
  });

  it.each(['%00', '<script>', 'news letter\n', 'newsletter?x=1'])('keeps an event whose source is outside the safe pattern (%j) out of the report', async (source) => {
    const { badRow } = await expectRefused(await beacon(JSON.stringify(sampleFunnelItems('vogue-demo-single', { ...context, source }).slice(0, 2))), 400, 'invalid_item');
    expect(badRow.reason).toContain('._context.source: may hold only letters, digits');
  });

  it.each([
    ['an object instead of an array', JSON.stringify({ action: 'click' }), 400, 'invalid_body'],
    ['an empty array', '[]', 400, 'invalid_body'],
    ['an empty body', '', 400, 'empty_body'],
    ['an unknown action', JSON.stringify([{ action: 'pageview', payload: {} }]), 400, 'invalid_item'],
  ])('refuses %s', async (_case, body, status, code) => {
    await expectRefused(await beacon(body), status, code);
  });

  it('refuses a livemode other than true or false', async () => {
    await expectRefused(await beacon(JSON.stringify(sampleFunnelItems('wired-demo-trial')), `api_key=${API_KEY}&livemode=no`), 400, 'invalid_livemode');
  });

  it('refuses a form post with 415', async () => {
    const response = await fetch(`${origin}/api/funnel?api_key=${API_KEY}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1' });
    await expectRefused(response, 415, 'unsupported_media_type');
  });

  it('keeps the whole body of a refused batch in its bad row, so that its valid items can be recovered', async () => {
    const valid = sampleFunnelItems('vogue-demo-single', context);
    const items = Array.from({ length: 100 }, (_, i) => valid[i % valid.length]!);
    // One bad item among 99 good ones, near the 64 KiB cap: nothing is stored (all or nothing)…
    items[57] = { ...items[57]!, payload: { ...items[57]!.payload, campaignId: 42 } };
    items[0] = { ...items[0]!, payload: { ...items[0]!.payload, el: `${'é'.repeat(100)}✨` } };
    const body = JSON.stringify(items);
    expect(Buffer.byteLength(body)).toBeGreaterThan(20 * 1024);
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(64 * 1024);
    const { badRow } = await expectRefused(await beacon(body), 400, 'invalid_item');
    // …but the bad row holds every byte of it, after the request line and content type.
    const kept = badRow.raw.slice(badRow.raw.indexOf('\n\n') + 2);
    expect(kept).toBe(body);
    const recovered = (JSON.parse(kept) as unknown[]).filter((item) => checkFunnelItem(item).ok);
    expect(recovered).toHaveLength(99);
  });

  it('keeps the whole data of a refused pixel, and cuts a long request line to 2 KiB', async () => {
    const items = [...sampleFunnelItems('gq-demo-gbp', context).slice(6, 8), { action: 'waypoint', payload: {} }];
    const data = JSON.stringify(items);
    const response = await fetch(`${origin}/api/funnel?api_key=${API_KEY}&livemode=false&pad=${'p'.repeat(3000)}&data=${encodeURIComponent(data)}`);
    const { badRow } = await expectRefused(response, 400, 'invalid_item');
    const [requestLine] = badRow.raw.split('\n');
    expect(requestLine).toMatch(/^GET \/api\/funnel\?api_key=\[redacted\]&livemode=false&pad=p+…\[cut \d+ characters\]$/);
    expect(requestLine!.length).toBeLessThan(2100);
    expect(badRow.raw.endsWith(`\n\n${data}`)).toBe(true);
  });

  it('cuts the request line of a request refused before any body is read (405 with a long URL)', async () => {
    const response = await fetch(`${origin}/api/funnel?api_key=${API_KEY}&junk=${'j'.repeat(10_000)}`, { method: 'DELETE' });
    const { badRow } = await expectRefused(response, 405, 'method_not_allowed');
    expect(badRow.raw.length).toBeLessThan(2200);
    expect(badRow.raw).toContain('…[cut ');
    expect(badRow.raw).not.toContain(API_KEY);
  });

  it('keeps at most 30 bad rows per address a minute; the rest still get their 4xx, and become one summary row', async () => {
    const services = await trackingServices();
    const real = services.badRows;
    let clock = Date.UTC(2026, 10, 21, 12, 0, 5);
    services.badRows = new BadRowLimiter(await trackingDb(), (row) => services.store.appendBadRow(row), { now: () => clock });
    try {
      const answers = await Promise.all(Array.from({ length: 45 }, () => beacon(JSON.stringify(sampleFunnelItems('wired-demo-trial')), 'api_key=nope')));
      expect(answers.map((answer) => answer.status)).toEqual(Array(45).fill(401));
      expect(await badRows()).toHaveLength(30);
      expect(await eventRows()).toEqual([]);

      // The next minute: the first refused request writes the summary of the last, then its own row.
      clock += 60_000;
      expect((await beacon('not json')).status).toBe(400);
      const rows = await badRows();
      expect(rows).toHaveLength(32);
      expect(rows[30]).toMatchObject({
        channel: 'funnel',
        reason: '15 more refused requests from this address were not kept; last reason: 401 invalid_api_key: A valid api_key query parameter is required.',
        raw: expect.stringContaining('client: 127.0.0.0/24 (shortened)'),
      });
      expect(rows[31]!.reason).toMatch(/^400 invalid_json/);
      // Real events are not held up by any of it.
      const accepted = await beacon(JSON.stringify(sampleFunnelItems('vogue-demo-single')));
      expect(accepted.status).toBe(200);
    } finally {
      await services.badRows.reset();
      services.badRows = real;
    }
  });

  it('answers a body the client aborted as 400 aborted, never a 500 reported as a crash', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { port } = new URL(origin);
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const partial = '[{"action":"click","_topic":"cart.ui","payload":{"el":"magic-link"';
    socket.write(
      `POST /api/funnel?api_key=${API_KEY}&livemode=false HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain;charset=UTF-8\r\nContent-Length: 5000\r\n\r\n${partial}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.destroy();
    // The aborted request is kept as an ordinary bad row (through the same per-address budget).
    await vi.waitFor(async () => expect(await badRows()).toHaveLength(1), { timeout: 3000 });
    const [badRow] = await badRows();
    expect(badRow).toMatchObject({ channel: 'funnel', reason: expect.stringMatching(/^400 aborted: /) });
    expect(badRow!.raw).toContain(`${partial} [aborted by the client after ${partial.length} bytes]`);
    expect(await eventRows()).toEqual([]);
    expect(errors.mock.calls.filter(([message]) => String(message).startsWith('API '))).toEqual([]);
    errors.mockRestore();
  });

  it('answers 503 and stores nothing when the store cannot commit', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const db = await trackingDb();
    await db.schema.alterTable('tracking_events').renameTo('tracking_events_away').execute();
    try {
      const response = await beacon(JSON.stringify(sampleFunnelItems('wired-demo-trial')));
      expect(response.status).toBe(503);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('tracking_unavailable');
    } finally {
      await db.schema.alterTable('tracking_events_away').renameTo('tracking_events').execute();
    }
    expect(await eventRows()).toEqual([]);
  });
});

describe('GET /martech/api/funnel (image pixel)', () => {
  const pixel = (data: string, extra = '&livemode=false') => fetch(`${origin}/api/funnel?api_key=${API_KEY}${extra}&data=${encodeURIComponent(data)}`);

  it('stores the items and answers a 1×1 GIF that is never cached', async () => {
    const items = sampleFunnelItems('gq-demo-gbp', context).slice(6, 8);
    const response = await pixel(JSON.stringify(items));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/gif');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PIXEL_GIF);
    expect((await eventRows()).map((r) => [r.action, r.campaign_id, r.livemode])).toEqual([
      ['waypoint', 'gq-demo-gbp', 0],
      ['waypoint', 'gq-demo-gbp', 0],
    ]);
  });

  it('refuses data longer than 8 KiB with 414', async () => {
    const items = [];
    while (JSON.stringify(items).length <= 8 * 1024) items.push(sampleFunnelItems('wired-demo-trial')[6]);
    // Above our cap, below Node's own header limit (16 KiB, answered 431 before any route runs).
    expect(encodeURIComponent(JSON.stringify(items)).length).toBeLessThan(15_000);
    await expectRefused(await pixel(JSON.stringify(items)), 414, 'data_too_long');
  });

  it('refuses missing or malformed data', async () => {
    await expectRefused(await fetch(`${origin}/api/funnel?api_key=${API_KEY}`), 400, 'missing_data');
  });

  it('refuses data that is not JSON', async () => {
    await expectRefused(await pixel('[{'), 400, 'invalid_json');
  });

  it('refuses a wrong key', async () => {
    const response = await fetch(`${origin}/api/funnel?api_key=wrong&data=${encodeURIComponent(JSON.stringify(sampleFunnelItems('wired-demo-trial')))}`);
    await expectRefused(response, 401, 'invalid_api_key');
  });
});

describe('GET /user-context/segmentation/add|remove', () => {
  it.each(['add', 'remove'])('stores %s with the segment and answers the GIF', async (operation) => {
    const response = await fetch(`${origin}/api/segmentation/${operation}?segment=mtu.v&livemode=false`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/gif');
    const rows = await eventRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ channel: 'segmentation', action: operation, livemode: 0, campaign_id: null });
    expect(JSON.parse(rows[0]!.payload_json)).toEqual({ segment: 'mtu.v' });
  });

  it.each(['MTU.V', '', '.hidden', 'a'.repeat(65), 'a b'])('refuses the segment "%s"', async (segment) => {
    await expectRefused(await fetch(`${origin}/api/segmentation/add?segment=${encodeURIComponent(segment)}`), 400, 'invalid_segment', 'segmentation');
  });

  it('answers 404 for another operation', async () => {
    await expectRefused(await fetch(`${origin}/api/segmentation/toggle?segment=mtu.v`), 404, 'unknown_operation', 'segmentation');
  });

  it('refuses POST with 405', async () => {
    await expectRefused(await fetch(`${origin}/api/segmentation/add?segment=mtu.v`, { method: 'POST' }), 405, 'method_not_allowed', 'segmentation');
  });
});

const T = Date.UTC(2026, 10, 21, 12);
const CHECKOUT_CONTEXT = ANALYTICS_SCHEMAS.checkout_context;

/**
 * Events as the Snowplow tracker builds them (its own core), serialised as its POST
 * emitter does; the self-describing event's data is what the browser's analytics
 * destination makes of a catalogue event (analyticsCallFor), and every event carries the
 * journey's context entity.
 */
function trackerBatch(
  options: { base64?: boolean; schema?: string; data?: Record<string, unknown>; livemodeUrl?: boolean; context?: Record<string, unknown> | null; withContextOn?: 'all' | 'page-view' } = {},
) {
  const built: Record<string, unknown>[] = [];
  const core = trackerCore({ base64: options.base64 ?? false, callback: (pb) => void built.push(pb.build()) });
  core.setTrackerVersion('js-4.10.1');
  core.setAppId('purchase-journey');
  core.setPlatform('web');
  core.addPayloadPair('sid', '5f3a1c2e-1111-4222-8333-444455556666');
  core.addPayloadPair('duid', 'a0c9e8d7-1111-4222-8333-444455556666');
  const pageUrl = `https://subscribe.example.com/vogue/demo-single/cart${options.livemodeUrl === false ? '' : '?livemode=false'}`;
  // The browser tracker adds the page URL to every event.
  core.addPayloadPair('url', pageUrl);
  const contextData = options.context === undefined ? { campaignId: 'vogue-demo-single', livemode: false, source: 'newsletter' } : options.context;
  const entities = contextData === null ? [] : [{ schema: CHECKOUT_CONTEXT, data: contextData }];
  const call = analyticsCallFor(buildCartLoad({ campaignId: 'vogue-demo-single-ue', currentPage: '/vogue/demo-single/cart', timestamp: T }), { livemode: false, source: 'email' });
  if (call?.kind !== 'self_describing') throw new Error('the cart waypoint is a self-describing event');
  core.track(buildPageView({ pageUrl, pageTitle: 'Cart' }), entities);
  core.track(buildPagePing({ pageUrl, pageTitle: 'Cart', minXOffset: 0, maxXOffset: 10, minYOffset: 0, maxYOffset: 300 }), options.withContextOn === 'page-view' ? [] : entities);
  core.track(buildSelfDescribingEvent({ event: { schema: options.schema ?? call.schema, data: options.data ?? call.data } }), options.withContextOn === 'page-view' ? [] : entities);
  const stm = String(T);
  const data = built.map((payload) => Object.fromEntries(Object.entries({ ...payload, stm }).map(([k, v]) => [k, String(v)])));
  return { schema: 'iglu:com.snowplowanalytics.snowplow/payload_data/jsonschema/1-0-4', data };
}

const collect = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${origin}/api/collector`, { method: 'POST', headers: { 'content-type': 'application/json; charset=UTF-8', ...headers }, body: JSON.stringify(body) });

describe('POST /com.condenast/yv8 (analytics collector)', () => {
  it.each([false, true])('stores page views, pings and registered self-describing events (base64 %s)', async (base64) => {
    const batch = trackerBatch({ base64 });
    const response = await collect(batch);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ accepted: 3 });
    const rows = await eventRows();
    // Columns from the event's own data first (the waypoint's), else from the checkout_context entity.
    expect(rows.map((r) => [r.channel, r.action, r.campaign_id, r.session_id, r.livemode, r.source])).toEqual([
      ['analytics', 'page_view', 'vogue-demo-single', '5f3a1c2e-1111-4222-8333-444455556666', 0, 'newsletter'],
      ['analytics', 'page_ping', 'vogue-demo-single', '5f3a1c2e-1111-4222-8333-444455556666', 0, 'newsletter'],
      ['analytics', 'checkout_waypoint', 'vogue-demo-single-ue', '5f3a1c2e-1111-4222-8333-444455556666', 0, 'email'],
    ]);
    // Stored in the plain form whichever the tracker sent.
    const ue = JSON.parse(rows[2]!.payload_json) as Record<string, unknown>;
    expect(ue).not.toHaveProperty('ue_px');
    expect(ue.ue_pr).toEqual({
      schema: 'iglu:com.snowplowanalytics.snowplow/unstruct_event/jsonschema/1-0-0',
      data: {
        schema: ANALYTICS_SCHEMAS.checkout_waypoint,
        data: { waypointId: 'cart', depth: 100, timestamp: T, currentPage: '/vogue/demo-single/cart', campaignId: 'vogue-demo-single-ue', livemode: false, source: 'email' },
      },
    });
    expect(ue).toMatchObject({ e: 'ue', aid: 'purchase-journey', p: 'web', tv: 'js-4.10.1', eid: batch.data[2]!.eid });
    const pv = JSON.parse(rows[0]!.payload_json) as Record<string, unknown>;
    expect(pv).not.toHaveProperty('cx');
    expect(pv.co).toMatchObject({ data: [{ schema: CHECKOUT_CONTEXT, data: { campaignId: 'vogue-demo-single', livemode: false, source: 'newsletter' } }] });
  });

  it('takes the mode from the data or the context entity, else from the page URL; live unless one says test', async () => {
    await collect(trackerBatch({ livemodeUrl: false, context: { campaignId: 'c', livemode: true, source: null }, data: { ...trackerBatchData(), livemode: true } }));
    expect((await eventRows()).map((r) => [r.livemode, r.source])).toEqual([
      [1, null],
      [1, null],
      [1, 'email'],
    ]);
    await (await trackingDb()).deleteFrom('tracking_events').execute();
    // An old page without the entity: pings take the mode from the URL, the event from its data.
    await collect(trackerBatch({ livemodeUrl: true, context: null }));
    expect((await eventRows()).map((r) => [r.action, r.livemode, r.campaign_id, r.source])).toEqual([
      ['page_view', 0, null, null],
      ['page_ping', 0, null, null],
      ['checkout_waypoint', 0, 'vogue-demo-single-ue', 'email'],
    ]);
  });

  it('validates every registered event the browser sends, built from the catalogue', async () => {
    const call = analyticsCallFor(
      buildAddToCart({ id: '1001', name: 'Digital, 1 year', price: 2500, currency: '$', currencyCode: 'USD', campaignId: 'vogue-demo-single' }, { timestamp: T, source: null }),
      { livemode: true, source: null },
    );
    if (call?.kind !== 'self_describing') throw new Error('add to cart is self-describing');
    const response = await collect(trackerBatch({ schema: call.schema, data: call.data }));
    expect(response.status).toBe(200);
    expect((await eventRows()).at(-1)).toMatchObject({ action: 'checkout_add_to_cart', campaign_id: 'vogue-demo-single', livemode: 1, source: null });
  });

  it.each([
    ['data without livemode', { livemode: undefined }, 'data.2.ue_pr.data.data.livemode: '],
    ['data with a key the catalogue does not have', { colour: 'red' }, 'data.2.ue_pr.data.data: Unrecognized key: "colour"'],
    ['data of another event', { waypointId: undefined, depth: undefined, item: {} }, 'data.2.ue_pr.data.data'],
    ['a timestamp in seconds', { timestamp: 1_763_726_400 }, 'data.2.ue_pr.data.data.timestamp: must be epoch milliseconds after 2000-01-01'],
    ['a source too long', { source: 's'.repeat(201) }, 'data.2.ue_pr.data.data.source: must be at most 200 characters'],
  ])('refuses a self-describing event with %s, with nothing stored', async (_case, change, message) => {
    const data = JSON.parse(JSON.stringify({ ...trackerBatchData(), ...change })) as Record<string, unknown>;
    const { error } = await expectRefused(await collect(trackerBatch({ data })), 400, 'invalid_event', 'analytics');
    expect(error.message).toContain(message);
  });

  it.each([
    ['a missing campaign', { livemode: false, source: null }, 'data.0.co.data.0.data.campaignId: '],
    ['a livemode that is a string', { campaignId: 'c', livemode: 'false', source: null }, 'data.0.co.data.0.data.livemode: '],
    ['an extra key', { campaignId: 'c', livemode: false, source: null, brand: 'vogue' }, 'data.0.co.data.0.data: Unrecognized key: "brand"'],
  ])('refuses a checkout_context entity with %s', async (_case, context, message) => {
    const { error } = await expectRefused(await collect(trackerBatch({ context })), 400, 'invalid_event', 'analytics');
    expect(error.message).toContain(message);
  });

  it('lets other context entities through as they are', async () => {
    const batch = trackerBatch({ base64: false });
    const co = JSON.parse(batch.data[0]!.co!) as { schema: string; data: unknown[] };
    co.data.push({ schema: 'iglu:com.snowplowanalytics.snowplow/web_page/jsonschema/1-0-0', data: { id: 'a5b0f1de-61e4-4a55-9d3c-0f2b1c3d4e5f' } });
    batch.data[0]!.co = JSON.stringify(co);
    expect((await collect(batch)).status).toBe(200);
  });

  it('refuses a schema that is not in the registry, with nothing stored', async () => {
    const { error } = await expectRefused(await collect(trackerBatch({ schema: 'iglu:com.acme/other/jsonschema/1-0-0' })), 400, 'invalid_event', 'analytics');
    expect(error.message).toContain('data.2.ue_pr.data.schema: "iglu:com.acme/other/jsonschema/1-0-0" is not a registered analytics schema');
  });

  it.each([
    ['no envelope', (b: ReturnType<typeof trackerBatch>) => b.data, 'invalid_payload'],
    ['another envelope schema', (b: ReturnType<typeof trackerBatch>) => ({ ...b, schema: 'iglu:com.acme/x/jsonschema/1-0-0' }), 'invalid_payload'],
    ['an event without eid', (b: ReturnType<typeof trackerBatch>) => ({ ...b, data: b.data.map(({ eid: _eid, ...rest }) => rest) }), 'invalid_event'],
    ['an unknown event type', (b: ReturnType<typeof trackerBatch>) => ({ ...b, data: [{ ...b.data[0], e: 'xx' }] }), 'invalid_event'],
    ['a number field', (b: ReturnType<typeof trackerBatch>) => ({ ...b, data: [{ ...b.data[0], dtm: 5 }] }), 'invalid_payload'],
    ['a broken ue_pr', (b: ReturnType<typeof trackerBatch>) => ({ ...b, data: [{ ...b.data[2], ue_pr: '{' }] }), 'invalid_event'],
    ['a page view without url', (b: ReturnType<typeof trackerBatch>) => ({ ...b, data: [{ ...b.data[0], url: undefined }] }), 'invalid_event'],
  ])('refuses %s', async (_case, mutate, code) => {
    await expectRefused(await collect(mutate(trackerBatch())), 400, code, 'analytics');
  });

  it('answers the CORS preflight for the site\'s own origin only', async () => {
    const allowed = await fetch(`${origin}/api/collector`, { method: 'OPTIONS', headers: { origin: 'https://subscribe.example.com', 'access-control-request-method': 'POST' } });
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://subscribe.example.com');
    expect(allowed.headers.get('access-control-allow-credentials')).toBe('true');
    expect(allowed.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
    const other = await fetch(`${origin}/api/collector`, { method: 'OPTIONS', headers: { origin: 'https://evil.example' } });
    expect(other.status).toBe(204);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const post = await collect(trackerBatch(), { origin: 'https://subscribe.example.com' });
    expect(post.headers.get('access-control-allow-origin')).toBe('https://subscribe.example.com');
    expect(await badRows()).toEqual([]);
  });

  it('refuses GET with 405', async () => {
    await expectRefused(await fetch(`${origin}/api/collector`), 405, 'method_not_allowed', 'analytics');
  });
});

/** The data the browser sends with the batch's cart waypoint. */
function trackerBatchData(): Record<string, unknown> {
  const call = analyticsCallFor(buildCartLoad({ campaignId: 'vogue-demo-single-ue', currentPage: '/vogue/demo-single/cart', timestamp: T }), { livemode: false, source: 'email' });
  return call?.kind === 'self_describing' ? call.data : {};
}

describe('POST /martech/api/schema-inspector', () => {
  const t = Date.UTC(2026, 10, 21, 12);
  const post = (body: unknown, query = `api_key=${API_KEY}`) =>
    fetch(`${origin}/api/schema-inspector?${query}`, { method: 'POST', headers: { 'content-type': 'text/plain;charset=UTF-8' }, body: JSON.stringify(body) });

  it('upserts observed shapes with sorted keys, counts and seen times; unknown names are kept', async () => {
    const first = await post({
      sessionId: 's1',
      events: [
        { name: 'waypoint', properties: { timestamp: 'number', campaignId: 'string' }, seenAt: t },
        { name: 'waypoint', properties: { campaignId: 'string', timestamp: 'number' }, seenAt: t + 1000 },
        // The browser's inspector sends ISO times; epoch milliseconds are taken too.
        { name: 'mystery', properties: { x: 'null' }, seenAt: new Date(t).toISOString() },
      ],
    });
    expect(await first.json()).toEqual({ accepted: 3, schemas: 2 });
    await post({ sessionId: 's2', events: [{ name: 'waypoint', properties: { timestamp: 'number', campaignId: 'string' }, seenAt: t - 5000 }] });
    const rows = await (await trackingDb()).selectFrom('schema_observations').selectAll().orderBy('event_name').execute();
    expect(rows).toEqual([
      { event_name: 'mystery', schema_json: '{"x":"null"}', first_seen: new Date(t).toISOString(), last_seen: new Date(t).toISOString(), count: 1 },
      {
        event_name: 'waypoint',
        schema_json: '{"campaignId":"string","timestamp":"number"}',
        first_seen: new Date(t - 5000).toISOString(),
        last_seen: new Date(t + 1000).toISOString(),
        count: 3,
      },
    ]);
  });

  it('takes the largest shapes the bounds allow', async () => {
    const properties = Object.fromEntries(Array.from({ length: 64 }, (_, i) => [`${'p'.repeat(124)}${String(i).padStart(4, '0')}`, 'string']));
    const response = await post({ sessionId: 's', events: [{ name: `a${'b'.repeat(63)}`, properties, seenAt: t }] });
    expect(await response.json()).toEqual({ accepted: 1, schemas: 1 });
  });

  it.each([
    ['no key', 'livemode=false'],
    ['a wrong key', 'api_key=nope'],
  ])('refuses %s with 401 and a bad row, storing nothing', async (_case, query) => {
    const { badRow } = await expectRefused(await post({ sessionId: 's', events: [{ name: 'waypoint', properties: {}, seenAt: t }] }, query), 401, 'invalid_api_key', 'inspector');
    expect(badRow.raw).toContain('"sessionId":"s"');
    expect(await (await trackingDb()).selectFrom('schema_observations').selectAll().execute()).toEqual([]);
  });

  const shapes = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `event-${i}`, properties: { a: 'string' }, seenAt: t }));

  it.each([
    ['an unknown type', { sessionId: 's', events: [{ name: 'x', properties: { a: 'date' }, seenAt: t }] }, 400, 'invalid_body'],
    ['no session', { events: [] }, 400, 'invalid_body'],
    ['seconds for seenAt', { sessionId: 's', events: [{ name: 'x', properties: {}, seenAt: 1_700_000_000 }] }, 400, 'invalid_body'],
    ['a seenAt that is no time', { sessionId: 's', events: [{ name: 'x', properties: {}, seenAt: 'yesterday' }] }, 400, 'invalid_body'],
    ['more than 1000 events', { sessionId: 's', events: Array.from({ length: 1001 }, () => ({ name: 'x', properties: {}, seenAt: t })) }, 400, 'invalid_body'],
    ['an upper-case name', { sessionId: 's', events: [{ name: 'Waypoint', properties: {}, seenAt: t }] }, 400, 'invalid_body'],
    ['a name of 65 characters', { sessionId: 's', events: [{ name: 'a'.repeat(65), properties: {}, seenAt: t }] }, 400, 'invalid_body'],
    ['a name with a space', { sessionId: 's', events: [{ name: 'add to cart', properties: {}, seenAt: t }] }, 400, 'invalid_body'],
    [
      '65 properties',
      { sessionId: 's', events: [{ name: 'x', properties: Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`p${i}`, 'string'])), seenAt: t }] },
      400,
      'invalid_body',
    ],
    ['a property path of 129 characters', { sessionId: 's', events: [{ name: 'x', properties: { ['p'.repeat(129)]: 'string' }, seenAt: t }] }, 400, 'invalid_body'],
    ['more than 100 distinct shapes', { sessionId: 's', events: shapes(101) }, 413, 'too_many_schemas'],
  ])('refuses %s with a bad row', async (_case, body, status, code) => {
    await expectRefused(await post(body), status, code, 'inspector');
    expect(await (await trackingDb()).selectFrom('schema_observations').selectAll().execute()).toEqual([]);
  });
});

describe('GET /api/admin/events and /api/admin/bad-rows', () => {
  const admin = (path: string, token = ADMIN_TOKEN) => fetch(`${origin}${path}`, { headers: { authorization: `Bearer ${token}` } });

  beforeEach(async () => {
    await beacon(JSON.stringify(sampleFunnelItems('vogue-demo-single', context).slice(0, 8)));
    await beacon(JSON.stringify(sampleFunnelItems('newyorker-demo-dual').slice(6, 8)), `api_key=${API_KEY}`);
    await fetch(`${origin}/api/segmentation/add?segment=mtu.v`);
    await beacon('not json');
  });

  it('needs the operator token', async () => {
    expect((await fetch(`${origin}/api/admin/events`)).status).toBe(401);
    expect((await admin('/api/admin/events', 'x'.repeat(32))).status).toBe(401);
    expect((await fetch(`${origin}/api/admin/bad-rows`)).status).toBe(401);
  });

  it('lists events in arrival order with their columns', async () => {
    const { events } = (await (await admin('/api/admin/events')).json()) as { events: Record<string, unknown>[] };
    expect(events).toHaveLength(11);
    expect(events.map((e) => e.id)).toEqual([...events.map((e) => e.id)].sort());
    expect(events[0]).toEqual({
      id: expect.stringMatching(/^te_\d{13}_\d{6}_/),
      receivedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      channel: 'funnel',
      action: 'click',
      topic: 'cart.ui',
      campaignId: 'vogue-demo-single',
      sessionId: 'sess-42',
      source: 'newsletter',
      livemode: false,
      payload: { el: 'magic-link', position: 'cart-exit', campaignId: 'vogue-demo-single' },
    });
    expect(events.at(-1)).toMatchObject({ channel: 'segmentation', action: 'add', payload: { segment: 'mtu.v' } });
  });

  it.each([
    ['campaignId=newyorker-demo-dual', 2],
    ['campaignId=vogue-demo-single&action=waypoint', 2],
    ['channel=segmentation', 1],
    ['topic=waypoint.journey', 4],
    ['livemode=false', 8],
    ['livemode=true', 3],
    ['sessionId=sess-42', 8],
    ['limit=3', 3],
    ['since=2000-01-01T00:00:00Z&until=2100-01-01T00:00:00%2B01:00', 11],
    ['until=2000-01-01T00:00:00Z', 0],
  ])('filters by %s', async (query, count) => {
    const response = await admin(`/api/admin/events?${query}`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { events: unknown[] }).events).toHaveLength(count);
  });

  it('reads on after a cursor', async () => {
    const first = ((await (await admin('/api/admin/events?limit=4')).json()) as { events: { id: string }[] }).events;
    const rest = ((await (await admin(`/api/admin/events?after=${first.at(-1)!.id}`)).json()) as { events: { id: string }[] }).events;
    expect(rest).toHaveLength(7);
    expect(rest[0]!.id > first.at(-1)!.id).toBe(true);
  });

  it.each(['limit=0', 'limit=5001', 'livemode=yes', 'since=yesterday', 'channel=email', 'colour=red', 'after=x'])('refuses %s with 400', async (query) => {
    const response = await admin(`/api/admin/events?${query}`);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('invalid_query');
  });

  it('lists bad rows, filtered by channel and time', async () => {
    await fetch(`${origin}/api/segmentation/add?segment=BAD`);
    const all = ((await (await admin('/api/admin/bad-rows')).json()) as { badRows: Record<string, unknown>[] }).badRows;
    expect(all.map((r) => [r.channel, String(r.reason).split(':')[0]])).toEqual([
      ['funnel', '400 invalid_json'],
      ['segmentation', '400 invalid_segment'],
    ]);
    expect(all[0]).toMatchObject({ id: expect.stringMatching(/^br_/), raw: expect.stringContaining('not json') });
    const funnel = ((await (await admin('/api/admin/bad-rows?channel=funnel&since=2000-01-01T00:00:00Z')).json()) as { badRows: unknown[] }).badRows;
    expect(funnel).toHaveLength(1);
    expect((await admin('/api/admin/bad-rows?channel=nope')).status).toBe(400);
  });
});

describe('GET /api/ping', () => {
  it('answers ok', async () => {
    expect(await (await fetch(`${origin}/api/ping`)).json()).toEqual({ ok: true });
    expect((await sql<{ n: number }>`select 1 as n`.execute(await trackingDb())).rows).toEqual([{ n: 1 }]);
  });
});

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
    services.eventLimit = new EventLimit(new RateLimiter(await trackingDb(), () => new Date(clock)), { perClient: 25, windowMs: WINDOW_MS });
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
    services.env = { ...real.env, TRUSTED_PROXY_HOPS: 1 };
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
    const buckets = (await (await trackingDb()).selectFrom('rate_limits').select('bucket').orderBy('bucket').execute()).map((row) => row.bucket);
    expect(buckets).toEqual(['ingest:events:198.51.100.7', 'ingest:events:2001:db8:1:2::/64', 'ingest:events:2001:db8:1:3::/64']);
  });
});
