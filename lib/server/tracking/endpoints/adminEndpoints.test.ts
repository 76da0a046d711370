import { beforeEach, describe, expect, it } from 'vitest';
import { adminToken, API_KEY, beacon, context, origin } from '@/tests/fixtures/trackingRoutes';
import { sampleFunnelItems } from '@/lib/server/tracking/schemas/sampleEvents';

/** Operators read what the ingestion endpoints stored and refused, through pages/api/admin/events and bad-rows. */

describe('GET /api/admin/events and /api/admin/bad-rows', () => {
  const admin = (path: string, token = adminToken()) => fetch(`${origin}${path}`, { headers: { authorization: `Bearer ${token}` } });

  beforeEach(async () => {
    await beacon(JSON.stringify(sampleFunnelItems('vogue-demo-single', context).slice(0, 8)));
    await beacon(JSON.stringify(sampleFunnelItems('newyorker-demo-dual').slice(6, 8)), `api_key=${API_KEY}`);
    await fetch(`${origin}/api/segmentation/add?segment=mtu.v`);
    await beacon('not json');
  });

  it('needs the operator token', async () => {
    expect((await fetch(`${origin}/api/admin/events`)).status).toBe(401);
    expect((await admin('/api/admin/events', 'x'.repeat(32))).status).toBe(401);
    expect((await admin('/api/admin/events', `pjop_${'x'.repeat(43)}`)).status).toBe(401);
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

  it.each(['limit=0', 'limit=5001', 'livemode=yes', 'since=yesterday', 'channel=email', 'colour=red', 'after=x'])(
    'refuses %s with 400',
    async (query) => {
      const response = await admin(`/api/admin/events?${query}`);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('invalid_query');
    },
  );

  it('lists bad rows, filtered by channel and time', async () => {
    await fetch(`${origin}/api/segmentation/add?segment=BAD`);
    const all = ((await (await admin('/api/admin/bad-rows')).json()) as { badRows: Record<string, unknown>[] }).badRows;
    expect(all.map((r) => [r.channel, String(r.reason).split(':')[0]])).toEqual([
      ['funnel', '400 invalid_json'],
      ['segmentation', '400 invalid_segment'],
    ]);
    expect(all[0]).toMatchObject({ id: expect.stringMatching(/^br_/), raw: expect.stringContaining('not json') });
    const funnel = ((await (await admin('/api/admin/bad-rows?channel=funnel&since=2000-01-01T00:00:00Z')).json()) as { badRows: unknown[] })
      .badRows;
    expect(funnel).toHaveLength(1);
    expect((await admin('/api/admin/bad-rows?channel=nope')).status).toBe(400);
  });
});
