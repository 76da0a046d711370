import { newDraft, type Draft } from '@/tests/fuzz/request';
import type { Rng } from '@/tests/fuzz/rng';
import {
  type FuzzContext,
  type OperatorCredential,
  type Route,
  KiB,
  HTML_ACCEPT,
  JSON_HEADERS,
  withClient,
  withCredential,
  adminCredential,
  unknownOperatorId,
  sameOrigin,
  crossSite,
  setAt,
  deleteAt,
  oneOf,
} from './common';

/**
 * The back office: its API (/api/operator/**) and its pages (/admin/**, the funnel report
 * aside: pages.ts). What the fuzz holds (tests/fuzz/server.ts seedOperators): the admin's
 * personal API token and signed-in sessions of the admin and of a marketer. Nothing it sends
 * may change anything, so each write route is kept from succeeding in a way of its own,
 * said beside it; reads with valid credentials only record a last use (tests/fuzz/db.ts).
 */

const credential = (rng: Rng, weights: readonly (readonly [OperatorCredential, number])[]) => rng.weighted(weights);

/** The campaign studio's filters, valid and not: its list's page and API read the same. */
const studioQuery = (rng: Rng) =>
  rng.pick([
    null,
    [`q=${rng.pick(['demo', 'SUMMER%20offer', '', '%00', 'x'.repeat(101), '%2Fvogue%2F'])}`],
    [`brand=${rng.pick(['vogue', 'gq', '', 'Vogue!', 'x'.repeat(41)])}`],
    [`state=${rng.pick(['on-sale', 'scheduled', 'ended', '', 'live', 'draft'])}`],
    ['state=ended', 'state=on-sale'],
    ['sort=name'],
  ]);

// ——— The API ———

/** A route of the admin area read with GET (mostly with the admin's token). */
function adminRead(
  name: string,
  path: string,
  methods: readonly string[],
  query: (rng: Rng) => string[] | null,
  queryKeys: readonly string[],
): Route {
  return {
    name,
    kind: 'api',
    methods,
    maxBody: 0,
    queryKeys,
    base(rng, ctx) {
      const draft = newDraft('GET', path, query(rng), [['Accept', 'application/json']]);
      return withClient(rng, withCredential(draft, adminCredential(rng), rng, ctx));
    },
  };
}

/** Whether a request names another host than ours: a Host mutated, doubled, left out or hidden in raw header lines. */
function foreignHost(draft: Draft, ctx: FuzzContext): boolean {
  const hosts = draft.headers.filter(([name]) => name.toLowerCase() === 'host').map(([, value]) => value);
  return (
    hosts.length > 1 ||
    (hosts.length === 1 && hosts[0] !== ctx.host) ||
    draft.headers.some(([name]) => name === 'x-fuzz-no-host') ||
    (draft.rawHeaderLines ?? []).some((line) => /^\s*host\s*:/i.test(line))
  );
}

/** A POST (or PATCH, DELETE) of the back office, with a browser's same-origin headers half the time. */
function write(rng: Rng, ctx: FuzzContext, method: string, path: string, json: unknown, who: OperatorCredential): Draft {
  const draft = newDraft(method, path, null, [...JSON_HEADERS, ...sameOrigin(rng, ctx)]);
  if (json !== undefined) draft.json = json;
  return withClient(rng, withCredential(draft, who, rng, ctx));
}

export const OPERATOR_API_ROUTES: Route[] = [
  {
    // Asking for a sign-in link: the fuzz's addresses are never an operator's, so only the
    // per-client counters are written (rate_limits), never a link or a mail.
    name: 'api-operator-links',
    kind: 'api',
    methods: ['POST'],
    maxBody: KiB,
    queryKeys: ['x'],
    base(rng, ctx) {
      const body: Record<string, unknown> = { email: `someone.${rng.hex(8)}@example.com` };
      if (rng.chance(0.6))
        body.returnPath = rng.pick(['/admin', '/admin/funnel?mode=test', '/admin/sign-in', '//evil.example/admin', 'https://evil.example']);
      return write(rng, ctx, 'POST', '/api/operator/links', body, 'none');
    },
    // A well-formed request under another Host than ours would reach the link's address,
    // which without PUBLIC_ORIGIN (the fuzz server has none) is 503 public_origin_missing by
    // design (lib/server/http/publicOrigin.ts): such requests are made malformed (400) instead.
    invalidate: (rng, draft, ctx) =>
      foreignHost(draft, ctx) ? oneOf(rng, [['foreign-host', () => setAt(draft.json, ['email'], 'not-an-email')]]) : '',
  },
  {
    // Using a link: the fuzz holds none (a session's value is tried too), so nothing is used.
    name: 'api-operator-sign-in',
    kind: 'api',
    methods: ['POST'],
    maxBody: KiB,
    queryKeys: ['x'],
    base(rng, ctx) {
      const token = rng.pick([rng.hex(43), 'A'.repeat(43), 'short', 'x'.repeat(101), ctx.marketerSession]);
      return write(rng, ctx, 'POST', '/api/operator/sign-in', { token }, 'none');
    },
  },
  {
    // The second factor: it needs a pending sign-in, which the fuzz never has (a signed-in
    // session is answered "sign in again"), so no code is ever counted, used or enrolled.
    name: 'api-operator-factor',
    kind: 'api',
    methods: ['POST'],
    maxBody: KiB,
    queryKeys: ['x'],
    base(rng, ctx) {
      const code = rng.pick(['123456', '000000', ' 12 34 56 ', '1234567', 'abcd-efgh-jk', 'ABCD EFGH JK']);
      const who = credential(rng, [
        ['marketer-session', 3],
        ['wrong-session', 3],
        ['none', 1],
      ]);
      return write(rng, ctx, 'POST', '/api/operator/factor', { code }, who);
    },
  },
  {
    // Step-up: never with a real session (a wrong code would count against its operator), so
    // no code is ever checked: no session (401), or a malformed body (400).
    name: 'api-operator-step-up',
    kind: 'api',
    methods: ['POST'],
    maxBody: KiB,
    queryKeys: ['x'],
    base(rng, ctx) {
      const code = rng.pick(['123456', '000000', ' 12 34 56 ', '1234567', 'abcd-efgh-jk']);
      const who = credential(rng, [
        ['wrong-session', 3],
        ['admin-token', 1],
        ['none', 1],
      ]);
      return write(rng, ctx, 'POST', '/api/operator/step-up', { code }, who);
    },
  },
  {
    // Signing out: never with a real session (it would end it, and the pages behind it would be signed out for the rest of the run).
    name: 'api-operator-sign-out',
    kind: 'api',
    methods: ['POST'],
    maxBody: 256,
    queryKeys: ['x'],
    base(rng, ctx) {
      const who = credential(rng, [
        ['wrong-session', 3],
        ['none', 1],
      ]);
      return write(rng, ctx, 'POST', '/api/operator/sign-out', rng.pick([undefined, {}]), who);
    },
  },
  {
    // One's own tokens, listed: a session only (a token is refused, 401).
    name: 'api-operator-tokens',
    kind: 'api',
    methods: ['GET', 'POST'],
    maxBody: 0,
    queryKeys: ['x'],
    base(rng, ctx) {
      const who = credential(rng, [
        ['marketer-session', 3],
        ['admin-session', 3],
        ['wrong-session', 2],
        ['admin-token', 1],
        ['none', 1],
      ]);
      return withClient(
        rng,
        withCredential(newDraft('GET', '/api/operator/tokens', null, [['Accept', 'application/json']]), who, rng, ctx),
      );
    },
  },
  {
    // Making a token: only ever the marketer's session (never the admin's, whose role opens
    // every scope), and the request always made invalid: a scope beyond a marketer's role
    // (403), a malformed body (400), or another site's (403).
    name: 'api-operator-tokens-create',
    kind: 'api',
    methods: ['GET', 'POST'],
    maxBody: KiB,
    queryKeys: ['x'],
    base(rng, ctx) {
      const who = credential(rng, [
        ['marketer-session', 6],
        ['wrong-session', 2],
        ['admin-token', 1],
        ['none', 1],
      ]);
      return write(rng, ctx, 'POST', '/api/operator/tokens', { name: 'fuzz script', scopes: ['reports'] }, who);
    },
    invalidate: (rng, draft) =>
      oneOf(rng, [
        [
          'scope-beyond-role',
          () => setAt(draft.json, ['scopes'], rng.pick([['admin'], ['care'], ['reports', 'admin'], ['care', 'admin']])),
        ],
        ['scopes', () => setAt(draft.json, ['scopes'], rng.pick([[], ['root'], 'reports', ['reports', 'reports', 'reports', 'reports']]))],
        ['name', () => setAt(draft.json, ['name'], rng.pick(['', '   ', 'x'.repeat(81), 42]))],
        ['missing-scopes', () => deleteAt(draft.json, ['scopes'])],
        ['extra', () => setAt(draft.json, ['operatorId'], 'op_aaaaaaaaaaaaaaaaaaaa')],
        ['cross-site', () => crossSite(draft)],
      ]),
  },
  {
    // Revoking a token: the ids are drawn at random, so none is ever found (404).
    name: 'api-operator-token-revoke',
    kind: 'api',
    methods: ['DELETE'],
    maxBody: 256,
    queryKeys: ['id'],
    base(rng, ctx) {
      const id = rng.chance(0.8)
        ? unknownOperatorId(rng, 'opt')
        : rng.pick(['opt_x', 'OPT_AAAAAAAAAAAAAAAAAAAA', 'op_', '%00', 'x'.repeat(300)]);
      const who = credential(rng, [
        ['marketer-session', 4],
        ['admin-session', 2],
        ['wrong-session', 2],
        ['admin-token', 1],
        ['none', 1],
      ]);
      return write(rng, ctx, 'DELETE', `/api/operator/tokens/${id}`, rng.pick([undefined, {}]), who);
    },
  },
  adminRead('api-operator-operators', '/api/operator/operators', ['GET', 'POST'], () => null, ['x']),
  {
    // Adding an operator: mostly with the admin's token, and always made invalid: an address
    // that is an operator's already (409), a malformed body (400), or another site's (403).
    name: 'api-operator-operators-add',
    kind: 'api',
    methods: ['GET', 'POST'],
    maxBody: KiB,
    queryKeys: ['x'],
    base(rng, ctx) {
      const body = {
        email: `new.operator.${rng.hex(8)}@example.com`,
        name: 'New Operator',
        role: rng.pick(['marketer', 'care', 'admin']),
      };
      return write(rng, ctx, 'POST', '/api/operator/operators', body, adminCredential(rng));
    },
    invalidate: (rng, draft, ctx) =>
      oneOf(rng, [
        [
          'existing',
          () => {
            const email = rng.pick(ctx.operatorEmails);
            setAt(draft.json, ['email'], rng.chance(0.7) ? email : `  ${email.toUpperCase()}  `);
          },
        ],
        ['email', () => setAt(draft.json, ['email'], rng.pick(['not-an-email', '', `${'x'.repeat(250)}@example.com`, 'a b@example.com']))],
        ['role', () => setAt(draft.json, ['role'], rng.pick(['owner', 'ADMIN', 'root', '', null]))],
        ['name', () => setAt(draft.json, ['name'], rng.pick(['', '   ', 'x'.repeat(81), 7]))],
        ['missing-name', () => deleteAt(draft.json, ['name'])],
        ['extra', () => setAt(draft.json, [rng.pick(['disabled', 'totpSecret', 'id'])], rng.pick([true, 'x']))],
        ['cross-site', () => crossSite(draft)],
      ]),
  },
  {
    // Changing an operator: the ids are drawn at random, so none is ever found (404), whatever the change.
    name: 'api-operator-operator-update',
    kind: 'api',
    methods: ['PATCH'],
    maxBody: KiB,
    queryKeys: ['id'],
    base(rng, ctx) {
      const id = rng.chance(0.8)
        ? unknownOperatorId(rng, 'op')
        : rng.pick(['op_x', 'OP_AAAAAAAAAAAAAAAAAAAA', `op_${'a'.repeat(21)}`, 'opt_']);
      const change = rng.pick<Record<string, unknown>>([
        { role: 'care' },
        { role: 'admin', disabled: false },
        { disabled: true },
        { disabled: false },
        { resetFactor: true },
        {},
      ]);
      return write(rng, ctx, 'PATCH', `/api/operator/operators/${id}`, change, adminCredential(rng));
    },
  },
  adminRead(
    'api-operator-audit',
    '/api/operator/audit',
    ['GET'],
    (rng) =>
      rng.pick([
        null,
        ['limit=20'],
        [`limit=${rng.pick(['0', '501', '-1', 'abc', '1.5'])}`],
        ['limit=5', `before=${rng.pick(['1', '100', '0', 'x', '1e3'])}`],
        [`target=${rng.pick(['operator%3Aop_aaaaaaaaaaaaaaaaaaaa', 'token%3Aopt_x', 'x'.repeat(121)])}`],
      ]),
    ['limit', 'before', 'target'],
  ),
  // The campaign studio's list: a read, whatever its filter (400 for one that is not).
  adminRead('api-operator-campaigns', '/api/operator/campaigns', ['GET'], studioQuery, ['q', 'brand', 'state']),
  // A version's single-use codes as CSV: a read (404 for a version not there, 400 for one of no shape).
  adminRead(
    'api-operator-campaign-codes',
    '/api/operator/campaigns/vogue-demo-single/codes',
    ['GET'],
    (rng) => rng.pick([null, ['version=1'], ['version=x'], ['version=99999'], ['version=1', 'version=2']]),
    ['version'],
  ),
  {
    // A new campaign: always under an id the demo's catalogue holds (400 taken), its draft
    // shaped or not (400 either way).
    name: 'api-operator-campaigns-create',
    kind: 'api',
    methods: ['POST', 'GET'],
    maxBody: 256 * KiB,
    queryKeys: ['x'],
    base: (rng, ctx) =>
      write(rng, ctx, 'POST', '/api/operator/campaigns', { draft: studioDraft(rng, 'vogue-demo-single') }, adminCredential(rng)),
    invalidate: (rng, draft) =>
      oneOf(rng, [
        [
          'draft',
          () => setAt(draft.json, ['draft', rng.pick(['flow', 'offers', 'coupons', 'isDefault'])], rng.pick([null, 7, 'x', [], {}])),
        ],
        ['extra', () => setAt(draft.json, ['baseVersion'], 1)],
        ['cross-site', () => crossSite(draft)],
      ]),
  },
  {
    // A save on a version that is never the newest (409), or a draft that is not one (400):
    // the demo's campaigns have a handful of versions at most.
    name: 'api-operator-campaign-save',
    kind: 'api',
    methods: ['POST'],
    maxBody: 256 * KiB,
    queryKeys: ['campaignId'],
    base(rng, ctx) {
      const id = rng.pick(['vogue-demo-single', 'gq-demo-de', 'no-such-campaign']);
      const body = { baseVersion: rng.int(1000, 99999), draft: studioDraft(rng, id), ...(rng.chance(0.3) ? { restoredFrom: 1 } : {}) };
      return write(rng, ctx, 'POST', `/api/operator/campaigns/${id}/versions`, body, adminCredential(rng));
    },
  },
  {
    // Publishing a version that is not there (404) or published already (409).
    name: 'api-operator-campaign-publish',
    kind: 'api',
    methods: ['POST'],
    maxBody: KiB,
    queryKeys: ['campaignId'],
    base(rng, ctx) {
      const id = rng.pick(['vogue-demo-single', 'gq-demo-de', 'no-such-campaign', '%00', 'x'.repeat(70)]);
      const version = rng.pick<unknown>([1, rng.int(1000, 99999), 0, -1, 'one', null]);
      return write(rng, ctx, 'POST', `/api/operator/campaigns/${id}/publish`, { version }, adminCredential(rng));
    },
  },
  {
    // A brand's reading URL: refused unless an absolute https address or null (400), an unknown brand (404).
    name: 'api-operator-brand-reading-url',
    kind: 'api',
    methods: ['POST'],
    maxBody: 4 * KiB,
    queryKeys: ['brandSlug'],
    base(rng, ctx) {
      const brand = rng.pick(['no-such-brand', 'Vogue', '%00', 'x'.repeat(70)]);
      const readingUrl = rng.pick<unknown>(['http://www.vogue.com/', 'javascript:alert(1)', '/read', 42, 'https://', '']);
      return write(rng, ctx, 'POST', `/api/operator/brands/${brand}/reading-url`, { readingUrl }, adminCredential(rng));
    },
  },
  {
    // A preview link of a version that is not there (404), or of a version (201: a row and an audit entry, no more).
    name: 'api-operator-campaign-previews',
    kind: 'api',
    methods: ['POST'],
    maxBody: KiB,
    queryKeys: ['campaignId'],
    base(rng, ctx) {
      const id = rng.pick(['vogue-demo-single', 'gq-demo-de', 'no-such-campaign', '%00', 'x'.repeat(70)]);
      const version = rng.pick<unknown>([1, rng.int(1000, 99999), 0, -1, 'one', null]);
      return write(rng, ctx, 'POST', `/api/operator/campaigns/${id}/previews`, { version }, adminCredential(rng));
    },
  },
  {
    // An experiment of versions the demo campaigns do not have, or a body that is not one (400, 404): nothing starts.
    name: 'api-operator-campaign-experiments',
    kind: 'api',
    methods: ['GET', 'POST'],
    maxBody: 2 * KiB,
    queryKeys: ['campaignId'],
    base(rng, ctx) {
      const id = rng.pick(['vogue-demo-single', 'no-such-campaign', '%00', 'x'.repeat(70)]);
      const version = () => rng.pick<unknown>([1, rng.int(1000, 99999), 0, -1, 'two', null]);
      const weight = () => rng.pick<unknown>([50, 60, 0, 100, 1.5, '50']);
      const body = {
        name: rng.pick<unknown>(['Price test', '', ' ', 'x'.repeat(200), 7]),
        variants: rng.pick<unknown>([
          [
            { version: 1, weight: 50 },
            { version: version(), weight: weight() },
          ],
          [],
          [{ version: 1, weight: 100 }],
          'A/B',
        ]),
      };
      return write(rng, ctx, 'POST', `/api/operator/campaigns/${id}/experiments`, body, adminCredential(rng));
    },
  },
  {
    // Pause, resume or stop of an experiment that does not exist (404), or a malformed id or action (400).
    name: 'api-operator-experiment-action',
    kind: 'api',
    methods: ['POST'],
    maxBody: KiB,
    queryKeys: ['experimentId'],
    base(rng, ctx) {
      const id = rng.pick(['exp_0123456789abcdef', 'exp_', 'EXP_0123456789ABCDEF', '%00', 'x'.repeat(70)]);
      const body = rng.pick<unknown>([
        { action: 'pause' },
        { action: 'resume' },
        { action: 'stop', winner: 'B' },
        { action: 'stop', winner: 'E' },
        { action: 'stop' },
        {},
      ]);
      return write(rng, ctx, 'POST', `/api/operator/experiments/${id}`, body, adminCredential(rng));
    },
  },
  {
    // A picture upload: the fuzz's bodies are JSON and text, never a picture (400), or too large (413).
    name: 'api-operator-images',
    kind: 'api',
    methods: ['POST'],
    maxBody: 2048 * KiB,
    queryKeys: ['x'],
    base: (rng, ctx) => write(rng, ctx, 'POST', '/api/operator/images', { not: 'a picture' }, adminCredential(rng)),
  },
  {
    // A renewal price change: of offers the catalogue does not hold (404), or a body that is not one (400).
    name: 'api-operator-offer-renewal-price',
    kind: 'api',
    methods: ['POST'],
    maxBody: KiB,
    queryKeys: ['offerId'],
    base(rng, ctx) {
      const id = rng.pick([`9${rng.int(10000, 99999)}`, '0', 'x', '1'.repeat(20)]);
      const renewalAmount = rng.pick<unknown>([rng.int(0, 100000), -1, 1.5, '5000', null, 1e12]);
      return write(rng, ctx, 'POST', `/api/operator/offers/${id}/renewal-price`, { renewalAmount }, adminCredential(rng));
    },
  },
];

/** A draft of the studio's, well formed or not in its fields (the catalogue's schema tells). */
function studioDraft(rng: Rng, campaignId: string): unknown {
  return {
    flow: {
      brand: rng.pick(['vogue', 'gq', 'nope', 7]),
      urlSlug: rng.pick(['demo-single', 'winter', 'Not A Slug', '']),
      campaignId,
      headline: rng.pick(['Winter', '', 'x'.repeat(200)]),
      plans: rng.pick([['1001'], ['new-1'], ['424242'], [], 'x']),
    },
    offers: rng.pick([
      [],
      [
        {
          id: 'new-1',
          uuid: '',
          brand: 'vogue',
          name: 'N',
          description: 'D',
          currencyCode: 'USD',
          totalAmount: rng.pick([100, -1, 1.5]),
          billingInterval: 'year',
        },
      ],
    ]),
    coupons: rng.pick([[], [{ code: rng.pick(['SAVE20', 'WINTER10', 'x']), percentOff: 10, scope: { campaigns: [campaignId] } }]]),
    isDefault: rng.chance(0.5),
  };
}

// ——— The pages ———

function backOfficePage(
  name: string,
  path: (rng: Rng, ctx: FuzzContext) => string,
  query: (rng: Rng, ctx: FuzzContext) => string[] | null,
  queryKeys: readonly string[],
  who: readonly (readonly [OperatorCredential, number])[],
): Route {
  return {
    name,
    kind: 'page',
    methods: ['GET', 'HEAD'],
    maxBody: 0,
    queryKeys,
    base(rng, ctx) {
      const draft = newDraft(rng.chance(0.9) ? 'GET' : 'HEAD', path(rng, ctx), query(rng, ctx), [['Accept', HTML_ACCEPT]]);
      return withClient(rng, withCredential(draft, credential(rng, who), rng, ctx));
    },
  };
}

const returnPath = (rng: Rng) =>
  `return=${rng.pick(['%2Fadmin%2Ffunnel%3Fmode%3Dtest', '%2Fadmin', '%2F%2Fevil.example', 'https%3A%2F%2Fevil.example%2Fadmin', '%2Fadmin%2Fsign-in', ''])}`;

export const BACK_OFFICE_PAGES: Route[] = [
  backOfficePage(
    'page-admin-home',
    () => '/admin',
    () => null,
    ['x'],
    [
      ['marketer-session', 3],
      ['admin-session', 3],
      ['wrong-session', 2],
      ['none', 2],
    ],
  ),
  // Signed in already: sent on (307); otherwise the form.
  backOfficePage(
    'page-admin-sign-in',
    () => '/admin/sign-in',
    (rng) => (rng.chance(0.7) ? [returnPath(rng)] : null),
    ['return', 'email'],
    [
      ['none', 5],
      ['marketer-session', 2],
      ['wrong-session', 2],
    ],
  ),
  // Opening a link uses nothing (its button posts the token): any token is safe here.
  backOfficePage(
    'page-admin-sign-in-link',
    () => '/admin/sign-in/link',
    (rng, ctx) => [
      `token=${rng.pick([rng.hex(43), 'A'.repeat(43), 'short', 'x'.repeat(101), ctx.marketerSession, ''])}`,
      ...(rng.chance(0.5) ? [returnPath(rng)] : []),
    ],
    ['token', 'return'],
    [
      ['none', 4],
      ['wrong-session', 1],
    ],
  ),
  // Without a pending sign-in (the fuzz never has one): "expired", or sent on when signed in.
  backOfficePage(
    'page-admin-sign-in-factor',
    () => '/admin/sign-in/factor',
    (rng) => (rng.chance(0.5) ? [returnPath(rng)] : null),
    ['return'],
    [
      ['wrong-session', 3],
      ['marketer-session', 2],
      ['none', 2],
    ],
  ),
  // Admins only: a marketer is told so (403); signed out, sent to sign in (307).
  backOfficePage(
    'page-admin-operators',
    () => '/admin/operators',
    () => null,
    ['x'],
    [
      ['admin-session', 4],
      ['marketer-session', 2],
      ['wrong-session', 1],
      ['none', 1],
    ],
  ),
  backOfficePage(
    'page-admin-campaigns',
    () => '/admin/campaigns',
    studioQuery,
    ['q', 'brand', 'state'],
    [
      ['marketer-session', 4],
      ['admin-session', 2],
      ['wrong-session', 1],
      ['none', 1],
    ],
  ),
  backOfficePage(
    'page-admin-campaign-versions',
    (rng) => `/admin/campaigns/${rng.pick(['vogue-demo-single', 'gq-demo-de', 'no-such-campaign', 'x'.repeat(81), '%00', 'a%2Fb'])}`,
    (rng) =>
      rng.pick([null, ['from=1'], ['from=1', 'to=1'], [`from=${rng.pick(['0', '-1', 'x', '1e3', '99999999999'])}`], ['to=2', 'order=x']]),
    ['from', 'to'],
    [
      ['marketer-session', 4],
      ['admin-session', 1],
      ['wrong-session', 1],
      ['none', 1],
    ],
  ),
  backOfficePage(
    'page-admin-campaign-new',
    () => '/admin/campaigns/new',
    (rng) => rng.pick([null, ['x=1']]),
    ['x'],
    [
      ['marketer-session', 4],
      ['wrong-session', 1],
      ['none', 1],
    ],
  ),
  backOfficePage(
    'page-admin-campaign-edit',
    (rng) => `/admin/campaigns/${rng.pick(['vogue-demo-single', 'gq-demo-de', 'no-such-campaign', 'x'.repeat(81), '%00'])}/edit`,
    (rng) => rng.pick([null, ['restore=1'], [`restore=${rng.pick(['0', '-1', 'x', '99999'])}`], ['restore=1', 'restore=2'], ['order=x']]),
    ['restore'],
    [
      ['marketer-session', 4],
      ['admin-session', 1],
      ['wrong-session', 1],
      ['none', 1],
    ],
  ),
  backOfficePage(
    'page-admin-campaign-preview',
    (rng) => `/admin/campaigns/${rng.pick(['vogue-demo-single', 'gq-demo-de', 'no-such-campaign', 'x'.repeat(81), '%00'])}/preview`,
    (rng) =>
      rng.pick([
        null,
        [`link=${'a'.repeat(43)}`],
        [`link=${rng.pick(['', 'x', 'a'.repeat(44), '%00'.repeat(15)])}`],
        [`link=${'a'.repeat(43)}`, `link=${'b'.repeat(43)}`],
        ['version=1'],
      ]),
    ['link'],
    [
      ['marketer-session', 4],
      ['admin-session', 1],
      ['wrong-session', 1],
      ['none', 1],
    ],
  ),
  backOfficePage(
    'page-admin-audit',
    () => '/admin/audit',
    (rng) => (rng.chance(0.5) ? [`before=${rng.pick(['5', '1', '0', '-1', 'abc', '1e9', '9007199254740993'])}`] : null),
    ['before'],
    [
      ['admin-session', 4],
      ['marketer-session', 2],
      ['wrong-session', 1],
      ['none', 1],
    ],
  ),
];
