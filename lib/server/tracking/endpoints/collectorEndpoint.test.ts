import { describe, expect, it } from 'vitest';
import { badRows, collect, eventRows, expectRefused, origin, trackingDb } from '@/tests/fixtures/trackingRoutes';
import { CHECKOUT_CONTEXT, T, trackerBatch } from '@/tests/fixtures/trackerBatch';
import { analyticsCallFor } from '@/lib/tracking/destinations/analyticsEvents';
import { buildAddToCart } from '@/lib/tracking/events';
import { buildCartLoad } from '@/lib/tracking/orderEvents';
import { ANALYTICS_SCHEMAS } from '@/lib/tracking/schemaRegistry';
import { COLLECTOR_FIELD_MAX, isCollectorField, WEB_PAGE_ENTITY } from '@/lib/server/tracking/schemas/collectorFields';

/** Batches the Snowplow tracker sends, through pages/api/collector. */

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
        data: {
          waypointId: 'cart',
          depth: 100,
          timestamp: T,
          currentPage: '/vogue/demo-single/cart',
          campaignId: 'vogue-demo-single-ue',
          livemode: false,
          source: 'email',
        },
      },
    });
    expect(ue).toMatchObject({ e: 'ue', aid: 'purchase-journey', p: 'web', tv: 'js-4.10.1', eid: batch.data[2]!.eid });
    const pv = JSON.parse(rows[0]!.payload_json) as Record<string, unknown>;
    expect(pv).not.toHaveProperty('cx');
    expect(pv.co).toMatchObject({
      data: [{ schema: CHECKOUT_CONTEXT, data: { campaignId: 'vogue-demo-single', livemode: false, source: 'newsletter' } }],
    });
  });

  it('takes the mode from the data or the context entity, else from the page URL; live unless one says test', async () => {
    await collect(
      trackerBatch({
        livemodeUrl: false,
        context: { campaignId: 'c', livemode: true, source: null },
        data: { ...trackerBatchData(), livemode: true },
      }),
    );
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
      buildAddToCart(
        { id: '1001', name: 'Digital, 1 year', price: 2500, currency: '$', currencyCode: 'USD', campaignId: 'vogue-demo-single' },
        { timestamp: T, source: null },
      ),
      { livemode: true, source: null },
    );
    if (call?.kind !== 'self_describing') throw new Error('add to cart is self-describing');
    const response = await collect(trackerBatch({ schema: call.schema, data: call.data }));
    expect(response.status).toBe(200);
    expect((await eventRows()).at(-1)).toMatchObject({
      action: 'checkout_add_to_cart',
      campaign_id: 'vogue-demo-single',
      livemode: 1,
      source: null,
    });
  });

  it.each([
    ['data without livemode', { livemode: undefined }, 'data.2.ue_pr.data.data.livemode: '],
    ['data with a key the catalogue does not have', { colour: 'red' }, 'data.2.ue_pr.data.data: Unrecognized key: "colour"'],
    ['data of another event', { waypointId: undefined, depth: undefined, item: {} }, 'data.2.ue_pr.data.data'],
    [
      'a timestamp in seconds',
      { timestamp: 1_763_726_400 },
      'data.2.ue_pr.data.data.timestamp: must be epoch milliseconds after 2000-01-01',
    ],
    ['a source too long', { source: 's'.repeat(201) }, 'data.2.ue_pr.data.data.source: must be at most 200 characters'],
  ])('refuses a self-describing event with %s, with nothing stored', async (_case, change, message) => {
    const data = JSON.parse(JSON.stringify({ ...trackerBatchData(), ...change })) as Record<string, unknown>;
    const { error } = await expectRefused(await collect(trackerBatch({ data })), 400, 'invalid_event', 'analytics');
    expect(error.message).toContain(message);
  });

  it.each([
    ['a missing campaign', { livemode: false, source: null }, 'data.0.co.data.0.data.campaignId: '],
    ['a livemode that is a string', { campaignId: 'c', livemode: 'false', source: null }, 'data.0.co.data.0.data.livemode: '],
    [
      'an extra key',
      { campaignId: 'c', livemode: false, source: null, brand: 'vogue' },
      'data.0.co.data.0.data: Unrecognized key: "brand"',
    ],
  ])('refuses a checkout_context entity with %s', async (_case, context, message) => {
    const { error } = await expectRefused(await collect(trackerBatch({ context })), 400, 'invalid_event', 'analytics');
    expect(error.message).toContain(message);
  });

  it("keeps the tracker's web page entity and drops entities it does not know, saying so", async () => {
    const batch = trackerBatch({ base64: false });
    const co = JSON.parse(batch.data[0]!.co!) as { schema: string; data: unknown[] };
    co.data.push(
      { schema: WEB_PAGE_ENTITY, data: { id: 'a5b0f1de-61e4-4a55-9d3c-0f2b1c3d4e5f' } },
      { schema: 'iglu:com.acme/filler/jsonschema/1-0-0', data: { junk: 'x'.repeat(1000) } },
    );
    batch.data[0]!.co = JSON.stringify(co);
    const response = await collect(batch);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ accepted: 3, ignored: ['entity iglu:com.acme/filler/jsonschema/1-0-0'] });
    const stored = JSON.parse((await eventRows())[0]!.payload_json) as { co: { data: { schema: string }[] } };
    expect(stored.co.data.map((entity) => entity.schema)).toEqual([CHECKOUT_CONTEXT, WEB_PAGE_ENTITY]);
  });

  it('refuses a web page entity that is not what the tracker sends', async () => {
    const batch = trackerBatch({ base64: false });
    const co = JSON.parse(batch.data[0]!.co!) as { schema: string; data: unknown[] };
    co.data.push({ schema: WEB_PAGE_ENTITY, data: { id: 'x'.repeat(500) } });
    batch.data[0]!.co = JSON.stringify(co);
    const { error } = await expectRefused(await collect(batch), 400, 'invalid_event', 'analytics');
    expect(error.message).toContain('data.0.co.data.1.data.id: must be a UUID');
  });

  it('stores only the fields the tracker writes: others are dropped and named in the answer', async () => {
    const batch = trackerBatch({ base64: true });
    batch.data = batch.data.map((event, index) => ({ ...event, ...(index === 0 ? { junk: 'x'.repeat(30 * 1024) } : {}), zz: 'y' }));
    const response = await collect(batch);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ accepted: 3, ignored: ['field junk', 'field zz'] });
    for (const row of await eventRows()) {
      const payload = JSON.parse(row.payload_json) as Record<string, unknown>;
      expect(Object.keys(payload).filter((name) => !isCollectorField(name))).toEqual([]);
      expect(row.payload_json.length).toBeLessThan(2000);
    }
  });

  it.each([
    ['url', 'https://subscribe.example.com/?q=' + 'a'.repeat(4096), 'data.0.url: must be at most 4096 characters'],
    ['page', 'T'.repeat(501), 'data.0.page: must be at most 500 characters'],
    ['sid', 's'.repeat(129), 'data.0.sid: must be at most 128 characters'],
    [
      'co',
      JSON.stringify({ schema: 'iglu:com.snowplowanalytics.snowplow/contexts/jsonschema/1-0-0', data: [] }) + ' '.repeat(2048),
      'data.0.co: must be at most 2048 characters',
    ],
  ])('refuses an event whose %s is longer than the tracker ever writes, with nothing stored', async (field, value, message) => {
    const batch = trackerBatch({ base64: false });
    batch.data[0] = { ...batch.data[0]!, [field]: value };
    const { error } = await expectRefused(await collect(batch), 400, 'invalid_event', 'analytics');
    expect(error.message).toContain(message);
  });

  it('caps every stored field far below the 32 KiB each once could hold', () => {
    expect(COLLECTOR_FIELD_MAX).toBeLessThanOrEqual(12 * 1024);
  });

  it('refuses a schema that is not in the registry, with nothing stored', async () => {
    const { error } = await expectRefused(
      await collect(trackerBatch({ schema: 'iglu:com.acme/other/jsonschema/1-0-0' })),
      400,
      'invalid_event',
      'analytics',
    );
    expect(error.message).toContain(
      'data.2.ue_pr.data.schema: "iglu:com.acme/other/jsonschema/1-0-0" is not a registered analytics schema',
    );
  });

  it.each([
    ['no envelope', (b: ReturnType<typeof trackerBatch>) => b.data, 'invalid_payload'],
    [
      'another envelope schema',
      (b: ReturnType<typeof trackerBatch>) => ({ ...b, schema: 'iglu:com.acme/x/jsonschema/1-0-0' }),
      'invalid_payload',
    ],
    [
      'an event without eid',
      (b: ReturnType<typeof trackerBatch>) => ({ ...b, data: b.data.map(({ eid: _eid, ...rest }) => rest) }),
      'invalid_event',
    ],
    ['an unknown event type', (b: ReturnType<typeof trackerBatch>) => ({ ...b, data: [{ ...b.data[0], e: 'xx' }] }), 'invalid_event'],
    ['a number field', (b: ReturnType<typeof trackerBatch>) => ({ ...b, data: [{ ...b.data[0], dtm: 5 }] }), 'invalid_payload'],
    ['a broken ue_pr', (b: ReturnType<typeof trackerBatch>) => ({ ...b, data: [{ ...b.data[2], ue_pr: '{' }] }), 'invalid_event'],
    [
      'a page view without url',
      (b: ReturnType<typeof trackerBatch>) => ({ ...b, data: [{ ...b.data[0], url: undefined }] }),
      'invalid_event',
    ],
  ])('refuses %s', async (_case, mutate, code) => {
    await expectRefused(await collect(mutate(trackerBatch())), 400, code, 'analytics');
  });

  it("answers the CORS preflight for the site's own origin only", async () => {
    const allowed = await fetch(`${origin}/api/collector`, {
      method: 'OPTIONS',
      headers: { origin: 'https://subscribe.example.com', 'access-control-request-method': 'POST' },
    });
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
  const call = analyticsCallFor(
    buildCartLoad({ campaignId: 'vogue-demo-single-ue', currentPage: '/vogue/demo-single/cart', timestamp: T }),
    { livemode: false, source: 'email' },
  );
  return call?.kind === 'self_describing' ? call.data : {};
}
