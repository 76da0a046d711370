import { describe, expect, it } from 'vitest';
import { API_KEY, expectRefused, origin, trackingDb } from '@/tests/fixtures/trackingRoutes';

/** The shapes of events the browser's schema inspector saw, through pages/api/schema-inspector. */

describe('POST /martech/api/schema-inspector', () => {
  const t = Date.UTC(2026, 10, 21, 12);
  const post = (body: unknown, query = `api_key=${API_KEY}`) =>
    fetch(`${origin}/api/schema-inspector?${query}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify(body),
    });

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
    await post({
      sessionId: 's2',
      events: [{ name: 'waypoint', properties: { timestamp: 'number', campaignId: 'string' }, seenAt: t - 5000 }],
    });
    const rows = await (await trackingDb()).selectFrom('schema_observations').selectAll().orderBy('event_name').execute();
    expect(rows).toEqual([
      {
        event_name: 'mystery',
        schema_json: '{"x":"null"}',
        first_seen: new Date(t).toISOString(),
        last_seen: new Date(t).toISOString(),
        count: 1,
      },
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
    const properties = Object.fromEntries(
      Array.from({ length: 64 }, (_, i) => [`${'p'.repeat(124)}${String(i).padStart(4, '0')}`, 'string']),
    );
    const response = await post({ sessionId: 's', events: [{ name: `a${'b'.repeat(63)}`, properties, seenAt: t }] });
    expect(await response.json()).toEqual({ accepted: 1, schemas: 1 });
  });

  it.each([
    ['no key', 'livemode=false'],
    ['a wrong key', 'api_key=nope'],
  ])('refuses %s with 401 and a bad row, storing nothing', async (_case, query) => {
    const { badRow } = await expectRefused(
      await post({ sessionId: 's', events: [{ name: 'waypoint', properties: {}, seenAt: t }] }, query),
      401,
      'invalid_api_key',
      'inspector',
    );
    expect(badRow.raw).toContain('"sessionId":"s"');
    expect(await (await trackingDb()).selectFrom('schema_observations').selectAll().execute()).toEqual([]);
  });

  const shapes = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `event-${i}`, properties: { a: 'string' }, seenAt: t }));

  it.each([
    ['an unknown type', { sessionId: 's', events: [{ name: 'x', properties: { a: 'date' }, seenAt: t }] }, 400, 'invalid_body'],
    ['no session', { events: [] }, 400, 'invalid_body'],
    ['seconds for seenAt', { sessionId: 's', events: [{ name: 'x', properties: {}, seenAt: 1_700_000_000 }] }, 400, 'invalid_body'],
    ['a seenAt that is no time', { sessionId: 's', events: [{ name: 'x', properties: {}, seenAt: 'yesterday' }] }, 400, 'invalid_body'],
    [
      'more than 1000 events',
      { sessionId: 's', events: Array.from({ length: 1001 }, () => ({ name: 'x', properties: {}, seenAt: t })) },
      400,
      'invalid_body',
    ],
    ['an upper-case name', { sessionId: 's', events: [{ name: 'Waypoint', properties: {}, seenAt: t }] }, 400, 'invalid_body'],
    ['a name of 65 characters', { sessionId: 's', events: [{ name: 'a'.repeat(65), properties: {}, seenAt: t }] }, 400, 'invalid_body'],
    ['a name with a space', { sessionId: 's', events: [{ name: 'add to cart', properties: {}, seenAt: t }] }, 400, 'invalid_body'],
    [
      '65 properties',
      {
        sessionId: 's',
        events: [{ name: 'x', properties: Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`p${i}`, 'string'])), seenAt: t }],
      },
      400,
      'invalid_body',
    ],
    [
      'a property path of 129 characters',
      { sessionId: 's', events: [{ name: 'x', properties: { ['p'.repeat(129)]: 'string' }, seenAt: t }] },
      400,
      'invalid_body',
    ],
    ['more than 100 distinct shapes', { sessionId: 's', events: shapes(101) }, 413, 'too_many_schemas'],
  ])('refuses %s with a bad row', async (_case, body, status, code) => {
    await expectRefused(await post(body), status, code, 'inspector');
    expect(await (await trackingDb()).selectFrom('schema_observations').selectAll().execute()).toEqual([]);
  });
});
