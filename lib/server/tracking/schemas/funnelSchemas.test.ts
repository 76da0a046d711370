import { describe, expect, it } from 'vitest';
import { JOURNEY_EVENT_NAMES, buildFunnelEvent, funnelItemFor } from '@/lib/tracking/events';
import { EVENT_PAYLOAD_SCHEMAS, checkFunnelItem, expectedEventSchemas } from './funnelSchemas';
import { sampleFunnelItems, sampleJourneyEvents } from './sampleEvents';

const context = { sessionId: 'sess-1', source: 'newsletter', livemode: false };

function problemsOf(value: unknown): string[] {
  const check = checkFunnelItem(value);
  return check.ok ? [] : check.problems;
}

describe('funnel item schemas', () => {
  it('cover every catalogue event', () => {
    expect(Object.keys(EVENT_PAYLOAD_SCHEMAS).sort()).toEqual([...JOURNEY_EVENT_NAMES].sort());
    expect(new Set(sampleJourneyEvents().map((e) => e.name))).toEqual(new Set(JOURNEY_EVENT_NAMES));
  });

  it.each(sampleJourneyEvents().map((event) => [event.name, event] as const))(
    "accept the builders' %s, with and without context",
    (_name, event) => {
      for (const item of [funnelItemFor(event), funnelItemFor(event, context), funnelItemFor(event, { ...context, source: null })]) {
        const check = checkFunnelItem(JSON.parse(JSON.stringify(item)));
        expect(check).toEqual({ ok: true, item });
      }
    },
  );

  it('accept every UI action on both topics', () => {
    for (const action of ['click', 'hover', 'focus', 'impression', 'submit'] as const) {
      for (const _topic of ['cart.ui', 'waypoint.journey'] as const) {
        expect(checkFunnelItem(funnelItemFor(buildFunnelEvent({ _topic, action, el: 'x', position: 'y', campaignId: 'c' })))).toMatchObject(
          { ok: true },
        );
      }
    }
  });

  it("accept the experiment and variant of an enrolled visitor's page, on every event", () => {
    const experiment = { id: 'exp_0123456789abcdef', variant: 'B' };
    for (const item of sampleFunnelItems('c', { ...context, experiment: { id: 'exp_0123456789abcdef', variant: 'B' } })) {
      expect(item._context?.experiment).toEqual(experiment);
      expect(checkFunnelItem(JSON.parse(JSON.stringify(item)))).toEqual({ ok: true, item });
    }
  });

  const [ui, , , , , , , waypoint] = sampleFunnelItems('c', context);
  const purchase = sampleFunnelItems('c').find((i) => i.action === 'purchase')!;
  const permissions = sampleFunnelItems('c').find((i) => i.action === 'marketing-permissions')!;

  it.each([
    ['an unknown action', { ...waypoint, action: 'pageview' }, /^action: "pageview" is not one of click, hover/],
    ['no action', { payload: {} }, /^action: undefined is not one of/],
    ['not an object', 'click', /must be an object/],
    ['a UI item without its topic', { ...ui, _topic: undefined }, /^_topic: /],
    ['a UI item with an unknown topic', { ...ui, _topic: 'cart.other' }, /^_topic: /],
    ['a topic on a non-UI item', { ...waypoint, _topic: 'cart.ui' }, /_topic/],
    ['an unknown top-level key', { ...ui, extra: 1 }, /extra/],
    ['an unknown payload key', { ...waypoint, payload: { ...waypoint!.payload, colour: 'red' } }, /colour/],
    ['an unknown key in the UI payload', { ...ui, payload: { ...ui!.payload, action: 'click' } }, /action/],
    [
      'a timestamp in seconds',
      { ...waypoint, payload: { ...waypoint!.payload, timestamp: 1_763_726_400 } },
      /^payload\.timestamp: must be epoch milliseconds after 2000/,
    ],
    [
      'a timestamp that is not finite',
      { ...waypoint, payload: { ...waypoint!.payload, timestamp: Number.POSITIVE_INFINITY } },
      /^payload\.timestamp: /,
    ],
    [
      'a fractional timestamp',
      { ...waypoint, payload: { ...waypoint!.payload, timestamp: 1.5e12 + 0.5 } },
      /^payload\.timestamp: must be whole/,
    ],
    ['an unknown waypoint', { ...waypoint, payload: { ...waypoint!.payload, waypointId: 'checkout' } }, /^payload\.waypointId: /],
    ['a depth the journey does not use', { ...waypoint, payload: { ...waypoint!.payload, depth: 50 } }, /^payload\.depth: /],
    ['an over-long element', { ...ui, payload: { ...ui!.payload, el: 'x'.repeat(201) } }, /^payload\.el: must be at most 200/],
    ['an empty campaign', { ...ui, payload: { ...ui!.payload, campaignId: '' } }, /^payload\.campaignId: must not be empty/],
    ['a price in dollars', { ...purchase, payload: { ...purchase.payload, revenue: 20.5 } }, /^payload\.revenue: must be whole cents/],
    ['a negative tax', { ...purchase, payload: { ...purchase.payload, tax: -1 } }, /^payload\.tax: /],
    ['shipping other than 0', { ...purchase, payload: { ...purchase.payload, shipping: 5 } }, /^payload\.shipping: /],
    ['a bad cart line', { ...purchase, payload: { ...purchase.payload, items: [{ id: '1' }] } }, /^payload\.items\.0\.name: /],
    ['a lower-case currency', { ...purchase, payload: { ...purchase.payload, currencyCode: 'usd' } }, /^payload\.currencyCode: /],
    [
      'an address that is not one',
      { ...permissions, payload: { ...permissions.payload, email: 'reader' } },
      /^payload\.email: must be an e-mail/,
    ],
    [
      'an over-long address',
      { ...permissions, payload: { ...permissions.payload, email: `${'a'.repeat(250)}@x.io` } },
      /^payload\.email: must be at most 254/,
    ],
    ['a flag as a string', { ...permissions, payload: { ...permissions.payload, first_pp: 'true' } }, /^payload\.first_pp: /],
    [
      'a nested unknown key',
      { ...permissions, payload: { ...permissions.payload, source_metadata: { campaign_id: 'c', x: 1 } } },
      /source_metadata/,
    ],
    ['a context with an unknown key', { ...waypoint, _context: { ...context, user: 'u' } }, /^_context: .*user/],
    ['a context without a session', { ...waypoint, _context: { source: null, livemode: true } }, /^_context\.sessionId: /],
    [
      'an experiment id that is not one',
      { ...waypoint, _context: { ...context, experiment: { id: 'exp_1', variant: 'A' } } },
      /^_context\.experiment\.id: must be an experiment id/,
    ],
    [
      'a variant past D',
      { ...waypoint, _context: { ...context, experiment: { id: 'exp_0123456789abcdef', variant: 'E' } } },
      /^_context\.experiment\.variant: /,
    ],
    [
      'an experiment without its variant',
      { ...waypoint, _context: { ...context, experiment: { id: 'exp_0123456789abcdef' } } },
      /^_context\.experiment\.variant: /,
    ],
    [
      'an unknown key in the experiment',
      { ...waypoint, _context: { ...context, experiment: { id: 'exp_0123456789abcdef', variant: 'A', version: 2 } } },
      /^_context\.experiment: .*version/,
    ],
    [
      'an experiment that is a string',
      { ...waypoint, _context: { ...context, experiment: 'exp_0123456789abcdef:A' } },
      /^_context\.experiment: /,
    ],
  ])('reject %s', (_case, item, message) => {
    const problems = problemsOf(JSON.parse(JSON.stringify(item)) as unknown);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.join('\n')).toMatch(message);
  });
});

describe('expectedEventSchemas', () => {
  const schemas = expectedEventSchemas();

  it('describes every catalogue event', () => {
    expect(Object.keys(schemas).sort()).toEqual([...JOURNEY_EVENT_NAMES].sort());
  });

  it('lists the funnel UI payload with its topic and action', () => {
    expect(schemas['funnel-ui']).toEqual({ _topic: 'string', action: 'string', el: 'string', position: 'string', campaignId: 'string' });
  });

  it('flattens nested objects, marks nullable properties and the ones that may be absent', () => {
    expect(schemas['marketing-permissions']).toMatchObject({
      'source_metadata.campaign_id': 'string',
      newsletter_perm_id: 'string|null',
      first_pp: 'boolean',
    });
    expect(schemas['marketing-permissions']).not.toHaveProperty('source_metadata');
    expect(schemas['add-to-cart']).toMatchObject({ 'item.price': 'number', 'item.id': 'string', source: 'string|null' });
    expect(schemas.purchase).toMatchObject({ items: 'array', shipping: 'number', invoiceNumber: 'string|null' });
    expect(schemas.waypoint).toEqual({
      waypointId: 'string',
      depth: 'number',
      timestamp: 'number',
      currentPage: 'string',
      campaignId: 'string',
      segment: 'string|absent',
      promoCode: 'string|absent',
    });
  });

  it('matches the types of what the builders really emit', () => {
    const typeOf = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);
    const flatten = (value: Record<string, unknown>, prefix = ''): [string, string][] =>
      Object.entries(value).flatMap(([key, v]) =>
        typeOf(v) === 'object'
          ? flatten(v as Record<string, unknown>, `${prefix}${key}.`)
          : [[`${prefix}${key}`, typeOf(v)] as [string, string]],
      );
    for (const event of sampleJourneyEvents()) {
      for (const [path, type] of flatten(event.payload)) {
        const expected = schemas[event.name][path];
        expect(expected?.split('|'), `${event.name} ${path}`).toContain(type);
      }
    }
  });
});
