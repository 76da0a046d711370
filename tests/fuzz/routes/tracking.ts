import { newDraft, setQuery, type Draft } from '@/tests/fuzz/request';
import type { Rng } from '@/tests/fuzz/rng';
import { type Campaign, type Route, KiB, SEEN_AT, campaign, withClient, setAt, oneOf } from './common';

/** The tracking endpoints, by the spec's rewritten paths and their /api twins. */

// ——— Tracking (the spec's rewritten paths and their /api twins) ———

function funnelItem(c: Campaign): Record<string, unknown> {
  return {
    action: 'waypoint',
    payload: { waypointId: 'cart', depth: 100, timestamp: SEEN_AT, currentPage: `/${c.brand}/${c.slug}/cart`, campaignId: c.campaignId },
  };
}

const BAD_KEY = 'not-the-funnel-key';

/** The ways a funnel batch is refused that hold whatever else the mutations did. */
function invalidateFunnelItems(rng: Rng, draft: Draft, items: unknown): string {
  return oneOf(rng, [
    ['api-key', () => setQuery(draft, 'api_key', BAD_KEY)],
    ['no-api-key', () => setQuery(draft, 'api_key', null)],
    ['livemode', () => setQuery(draft, 'livemode', rng.pick(['maybe', 'FALSE ', '0']))],
    ['action', () => (setAt(items, [0, 'action'], 'no-such-action') ? undefined : setQuery(draft, 'api_key', BAD_KEY))],
    ['depth', () => (setAt(items, [0, 'payload', 'depth'], 7) ? undefined : setQuery(draft, 'api_key', BAD_KEY))],
  ]);
}

export const TRACKING_ROUTES: Route[] = [
  {
    name: 'api-funnel-post',
    kind: 'api',
    methods: ['POST', 'GET'],
    maxBody: 64 * KiB,
    queryKeys: ['api_key', 'livemode', 'data'],
    base(rng, ctx) {
      const c = campaign(rng, ctx);
      const draft = newDraft(
        'POST',
        rng.pick(['/martech/api/funnel', '/api/funnel']),
        [`api_key=${ctx.funnelKey}`, 'livemode=false'],
        [['Content-Type', rng.pick(['text/plain;charset=UTF-8', 'application/json'])]],
      );
      draft.json = [funnelItem(c), { ...funnelItem(c), _context: { sessionId: rng.uuid(), source: null, livemode: false } }];
      return withClient(rng, draft);
    },
    invalidate: (rng, draft) => invalidateFunnelItems(rng, draft, draft.json),
  },
  {
    name: 'api-funnel-pixel',
    kind: 'api',
    methods: ['POST', 'GET'],
    maxBody: 64 * KiB,
    queryKeys: ['api_key', 'livemode', 'data'],
    base(rng, ctx) {
      const data = encodeURIComponent(JSON.stringify([funnelItem(campaign(rng, ctx))]));
      return withClient(
        rng,
        newDraft(
          'GET',
          rng.pick(['/martech/api/funnel', '/api/funnel']),
          [`api_key=${ctx.funnelKey}`, 'livemode=false', `data=${data}`],
          [['Accept', 'image/*']],
        ),
      );
    },
    invalidate: (rng, draft, ctx) =>
      oneOf(rng, [
        ['api-key', () => setQuery(draft, 'api_key', BAD_KEY)],
        ['no-api-key', () => setQuery(draft, 'api_key', null)],
        ['livemode', () => setQuery(draft, 'livemode', 'maybe')],
        [
          'data-item',
          () =>
            setQuery(draft, 'data', encodeURIComponent(JSON.stringify([{ ...funnelItem(campaign(rng, ctx)), action: 'no-such-action' }]))),
        ],
        ['data-json', () => setQuery(draft, 'data', rng.pick(['%5B', 'not-json', '%7B%7D', '%5B%5D', '']))],
      ]),
  },
  {
    name: 'api-segmentation',
    kind: 'api',
    methods: ['GET'],
    maxBody: 0,
    queryKeys: ['segment', 'livemode', 'operation'],
    base(rng) {
      const operation = rng.pick(['add', 'remove']);
      return withClient(
        rng,
        newDraft(
          'GET',
          rng.pick([`/user-context/segmentation/${operation}`, `/api/segmentation/${operation}`]),
          ['segment=mtu.v'],
          [['Accept', 'image/*']],
        ),
      );
    },
    invalidate: (rng, draft) =>
      oneOf(rng, [
        ['segment', () => setQuery(draft, 'segment', rng.pick(['MTU.V', '.mtu', 'a%20b', 'x'.repeat(65), '', '%C3%BC', 'mtu%2Fv']))],
        ['no-segment', () => setQuery(draft, 'segment', null)],
        ['livemode', () => setQuery(draft, 'livemode', rng.pick(['maybe', 'False']))],
      ]),
  },
  {
    name: 'api-collector',
    kind: 'api',
    methods: ['POST', 'OPTIONS'],
    maxBody: 64 * KiB,
    queryKeys: ['x'],
    base(rng, ctx) {
      const c = campaign(rng, ctx);
      const draft = newDraft('POST', rng.pick(['/com.condenast/yv8', '/api/collector']), null, [
        ['Content-Type', 'application/json; charset=UTF-8'],
      ]);
      draft.json = {
        schema: 'iglu:com.snowplowanalytics.snowplow/payload_data/jsonschema/1-0-4',
        data: [
          {
            e: 'pv',
            eid: rng.uuid(),
            tv: 'js-4.10.1',
            p: 'web',
            dtm: String(SEEN_AT),
            url: `https://subscribe.example/${c.brand}/${c.slug}?livemode=false`,
            sid: rng.uuid(),
          },
        ],
      };
      return withClient(rng, draft);
    },
    invalidate: (rng, draft) =>
      oneOf(rng, [
        ['event-type', () => setAt(draft.json, ['data', 0, 'e'], rng.pick(['zz', 'PV', '']))],
        ['eid', () => setAt(draft.json, ['data', 0, 'eid'], 'not-a-uuid')],
        ['schema', () => setAt(draft.json, ['schema'], 'iglu:com.example/nope/jsonschema/1-0-0')],
        ['no-events', () => setAt(draft.json, ['data'], [])],
        ['url', () => setAt(draft.json, ['data', 0, 'url'], 'ftp://subscribe.example/')],
      ]),
  },
  {
    name: 'api-schema-inspector',
    kind: 'api',
    methods: ['POST'],
    maxBody: 64 * KiB,
    queryKeys: ['api_key'],
    base(rng, ctx) {
      const draft = newDraft(
        'POST',
        rng.pick(['/martech/api/schema-inspector', '/api/schema-inspector']),
        [`api_key=${ctx.funnelKey}`],
        [['Content-Type', 'application/json']],
      );
      draft.json = {
        sessionId: rng.uuid(),
        events: [{ name: 'waypoint', properties: { waypointId: 'string', depth: 'number' }, seenAt: SEEN_AT }],
      };
      return withClient(rng, draft);
    },
    invalidate: (rng, draft) =>
      oneOf(rng, [
        ['api-key', () => setQuery(draft, 'api_key', BAD_KEY)],
        ['no-api-key', () => setQuery(draft, 'api_key', null)],
        ['name', () => (setAt(draft.json, ['events', 0, 'name'], 'Bad Name!') ? undefined : setQuery(draft, 'api_key', BAD_KEY))],
        ['seenAt', () => (setAt(draft.json, ['events', 0, 'seenAt'], 5) ? undefined : setQuery(draft, 'api_key', BAD_KEY))],
        ['sessionId', () => setAt(draft.json, ['sessionId'], '')],
      ]),
  },
];
