import net from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import {
  API_KEY,
  badRows,
  beacon,
  context,
  eventRows,
  expectRefused,
  origin,
  trackingDb,
  trackingServices,
} from '@/tests/fixtures/trackingRoutes';
import { BadRowLimiter } from '@/lib/server/tracking/bad-rows/badRowLimiter';
import { checkFunnelItem } from '@/lib/server/tracking/schemas/funnelSchemas';
import { sampleFunnelItems } from '@/lib/server/tracking/schemas/sampleEvents';
import { PIXEL_GIF } from './ingestHttp';

/** The journey's funnel events, as beacons (POST) and as image pixels (GET), through pages/api/funnel. */

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
      expect(row).toMatchObject({
        channel: 'funnel',
        campaign_id: 'vogue-demo-single',
        session_id: 'sess-42',
        source: 'newsletter',
        livemode: 0,
      });
    }
    expect(rows.map((r) => r.topic)).toEqual(items.map((i) => i._topic ?? null));
    expect(rows.find((r) => r.action === 'marketing-permissions')?.campaign_id).toBe('vogue-demo-single');
    expect(await badRows()).toEqual([]);
  });

  it("stores the experiment and variant an enrolled visitor's page showed, and none for the others (issue 41)", async () => {
    const experiment = { id: 'exp_0123456789abcdef', variant: 'B' } as const;
    const enrolled = sampleFunnelItems('vogue-demo-single', { ...context, experiment }).slice(0, 3);
    const others = sampleFunnelItems('vogue-demo-single', context).slice(0, 2);
    const response = await beacon(JSON.stringify([...enrolled, ...others]));
    expect(await response.json()).toEqual({ accepted: 5 });
    expect((await eventRows()).map((row) => [row.experiment_id, row.variant_key])).toEqual([
      ['exp_0123456789abcdef', 'B'],
      ['exp_0123456789abcdef', 'B'],
      ['exp_0123456789abcdef', 'B'],
      [null, null],
      [null, null],
    ]);
    // The mark is kept in its columns, not in the payload.
    expect((await eventRows()).map((row) => JSON.parse(row.payload_json))).toEqual([...enrolled, ...others].map((item) => item.payload));
  });

  it.each([
    ['an experiment id that is not one', { id: 'exp_42', variant: 'A' }, '_context.experiment.id: must be an experiment id'],
    ['a variant past D', { id: 'exp_0123456789abcdef', variant: 'E' }, '_context.experiment.variant: '],
    ['a key of its own', { id: 'exp_0123456789abcdef', variant: 'A', weight: 50 }, '_context.experiment: '],
  ])('refuses a batch whose experiment has %s, as any malformed item', async (_case, experiment, problem) => {
    const items = sampleFunnelItems('vogue-demo-single', context).slice(0, 3);
    items[2] = { ...items[2]!, _context: { ...context, experiment } } as (typeof items)[number];
    const { badRow } = await expectRefused(await beacon(JSON.stringify(items)), 400, 'invalid_item');
    expect(badRow.reason).toContain(`items[2].${problem}`);
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
    const { badRow } = await expectRefused(
      await beacon(JSON.stringify(sampleFunnelItems('wired-demo-trial')), query),
      401,
      'invalid_api_key',
    );
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
    const items = sampleFunnelItems('vogue-demo-single', context).map((item, i) =>
      i === 1 ? { ...item, payload: { ...item.payload, campaignId } } : item,
    );
    const { badRow } = await expectRefused(await beacon(JSON.stringify(items)), 400, 'invalid_item');
    expect(badRow.reason).toContain(`items[1].${problem}`);
  });

  it.each(['%00', '<script>', 'news letter\n', 'newsletter?x=1'])(
    'keeps an event whose source is outside the safe pattern (%j) out of the report',
    async (source) => {
      const { badRow } = await expectRefused(
        await beacon(JSON.stringify(sampleFunnelItems('vogue-demo-single', { ...context, source }).slice(0, 2))),
        400,
        'invalid_item',
      );
      expect(badRow.reason).toContain('._context.source: may hold only letters, digits');
    },
  );

  it.each([
    ['an object instead of an array', JSON.stringify({ action: 'click' }), 400, 'invalid_body'],
    ['an empty array', '[]', 400, 'invalid_body'],
    ['an empty body', '', 400, 'empty_body'],
    ['an unknown action', JSON.stringify([{ action: 'pageview', payload: {} }]), 400, 'invalid_item'],
  ])('refuses %s', async (_case, body, status, code) => {
    await expectRefused(await beacon(body), status, code);
  });

  it('refuses a livemode other than true or false', async () => {
    await expectRefused(
      await beacon(JSON.stringify(sampleFunnelItems('wired-demo-trial')), `api_key=${API_KEY}&livemode=no`),
      400,
      'invalid_livemode',
    );
  });

  it('refuses a form post with 415', async () => {
    const response = await fetch(`${origin}/api/funnel?api_key=${API_KEY}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=1',
    });
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
    const response = await fetch(
      `${origin}/api/funnel?api_key=${API_KEY}&livemode=false&pad=${'p'.repeat(3000)}&data=${encodeURIComponent(data)}`,
    );
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
      const answers = await Promise.all(
        Array.from({ length: 45 }, () => beacon(JSON.stringify(sampleFunnelItems('wired-demo-trial')), 'api_key=nope')),
      );
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
        reason:
          '15 more refused requests from this address were not kept; last reason: 401 invalid_api_key: A valid api_key query parameter is required.',
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
  const pixel = (data: string, extra = '&livemode=false') =>
    fetch(`${origin}/api/funnel?api_key=${API_KEY}${extra}&data=${encodeURIComponent(data)}`);

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
    const response = await fetch(
      `${origin}/api/funnel?api_key=wrong&data=${encodeURIComponent(JSON.stringify(sampleFunnelItems('wired-demo-trial')))}`,
    );
    await expectRefused(response, 401, 'invalid_api_key');
  });
});
