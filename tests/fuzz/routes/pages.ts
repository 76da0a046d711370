import { newDraft } from '@/tests/fuzz/request';
import type { Rng } from '@/tests/fuzz/rng';
import { type Campaign, type OperatorCredential, type Route, HTML_ACCEPT, sandboxId, campaign, withClient, withCredential } from './common';

/** The pages (every journey step, the status page, the funnel report, the sandbox pages), Next's page data, built assets and other paths. */

// ——— Pages ———

const STEPS: readonly { name: string; segments: (rng: Rng) => string; query?: (rng: Rng, c: Campaign) => string[] }[] = [
  { name: 'page-offer', segments: () => '' },
  { name: 'page-cart', segments: () => '/cart' },
  { name: 'page-promo-code', segments: () => '/promo-code' },
  { name: 'page-credit-card', segments: () => '/credit-card' },
  {
    name: 'page-amazon-pay-return',
    segments: () => '/credit-card/amazon-pay',
    query: (rng) => [`attempt=txn_${rng.hex(24)}`, `stage=${rng.pick(['review', 'result'])}`, `amazonCheckoutSessionId=${rng.uuid()}`],
  },
  { name: 'page-success', segments: (rng) => rng.pick(['/success', '/order-success', '/success-page']) },
  { name: 'page-auth-initiate', segments: (rng) => rng.pick(['/auth/initiate', '/auth/initiate/credit-card', '/auth/initiate/cart']) },
  { name: 'page-auth-complete', segments: () => '/auth/complete', query: (rng) => [`token=${rng.hex(64)}`] },
];

function pageRoute(step: (typeof STEPS)[number]): Route {
  return {
    name: step.name,
    kind: 'page',
    methods: ['GET', 'HEAD'],
    maxBody: 0,
    queryKeys: ['livemode', 'source', 'preview', 'token', 'attempt', 'stage', 'amazonCheckoutSessionId', 'utm_source'],
    base(rng, ctx) {
      const c = campaign(rng, ctx);
      const query = [...(step.query?.(rng, c) ?? [])];
      if (rng.chance(0.5)) query.push('livemode=false');
      if (rng.chance(0.3)) query.push('source=newsletter');
      // A preview link's token that is not one (410), or a malformed one (400).
      if (rng.chance(0.1)) query.push(`preview=${rng.pick([rng.hex(43), 'x', ''])}`);
      const draft = newDraft(rng.chance(0.9) ? 'GET' : 'HEAD', `/${c.brand}/${c.slug}${step.segments(rng)}`, query.length ? query : null, [
        ['Accept', HTML_ACCEPT],
      ]);
      return withClient(rng, draft);
    },
  };
}

export const PAGE_ROUTES: Route[] = [
  ...STEPS.map(pageRoute),
  {
    name: 'page-account-sign-in',
    kind: 'page',
    methods: ['GET', 'HEAD'],
    maxBody: 0,
    queryKeys: ['email', 'return'],
    base(rng) {
      const query = [
        `email=${rng.pick(['reader%40example.com', 'not-an-address', ''])}`,
        `return=${rng.pick(['%2Faccount', '%2Faccount%2Fsubscriptions', '%2F%2Fevil.example'])}`,
      ];
      return withClient(rng, newDraft(rng.chance(0.9) ? 'GET' : 'HEAD', '/account/sign-in', query, [['Accept', HTML_ACCEPT]]));
    },
  },
  {
    name: 'page-account-sign-in-complete',
    kind: 'page',
    methods: ['GET', 'HEAD'],
    maxBody: 0,
    queryKeys: ['token'],
    base: (rng) =>
      withClient(
        rng,
        newDraft(
          rng.chance(0.9) ? 'GET' : 'HEAD',
          '/account/sign-in/complete',
          [`token=${rng.pick([rng.hex(64), 'A'.repeat(43)])}`],
          [['Accept', HTML_ACCEPT]],
        ),
      ),
  },
  ...[
    { name: 'page-account', path: () => '/account' },
    { name: 'page-account-cancel', path: (rng: Rng) => `/account/subscriptions/${rng.pick([`sub_${'a'.repeat(16)}`, 'x'])}/cancel` },
    { name: 'page-account-address', path: (rng: Rng) => `/account/subscriptions/${rng.pick([`sub_${'a'.repeat(16)}`, 'x'])}/address` },
    { name: 'page-account-card', path: (rng: Rng) => `/account/subscriptions/${rng.pick([`sub_${'a'.repeat(16)}`, 'x'])}/card` },
    { name: 'page-account-withdraw', path: (rng: Rng) => `/account/subscriptions/${rng.pick([`sub_${'a'.repeat(16)}`, 'x'])}/withdraw` },
    { name: 'page-account-invoice', path: (rng: Rng) => `/account/invoices/${rng.pick(['txn_x', '..', 'txn_'])}` },
    { name: 'page-cancel', path: () => '/cancel' },
    { name: 'page-withdraw', path: () => '/withdraw' },
    { name: 'page-withdraw-answer', path: (rng: Rng) => `/withdraw/answer?token=${rng.pick([rng.hex(43), 'A'.repeat(43), ''])}` },
    { name: 'page-cancel-keep', path: (rng: Rng) => `/cancel/keep?token=${rng.pick([rng.hex(43), 'A'.repeat(43), ''])}` },
  ].map(({ name, path }): Route => ({
    // The subscriber's pages: signed out they send to sign-in (307); the public ones answer anyone.
    name,
    kind: 'page',
    methods: ['GET', 'HEAD'],
    maxBody: 0,
    queryKeys: ['livemode', 'brand', 'token'],
    base(rng) {
      const [pathname, query] = path(rng).split('?');
      const extra = rng.chance(0.4) ? [rng.pick(['livemode=false', 'livemode=maybe', 'brand=vogue'])] : [];
      const all = [...(query ? [query] : []), ...extra];
      return withClient(rng, newDraft(rng.chance(0.9) ? 'GET' : 'HEAD', pathname!, all.length ? all : null, [['Accept', HTML_ACCEPT]]));
    },
  })),
  {
    name: 'page-status',
    kind: 'page',
    methods: ['GET', 'HEAD'],
    maxBody: 0,
    queryKeys: ['x'],
    base: (rng) => withClient(rng, newDraft('GET', '/status', null, [['Accept', HTML_ACCEPT]])),
  },
  {
    name: 'page-admin-funnel',
    kind: 'page',
    methods: ['GET', 'HEAD'],
    maxBody: 0,
    queryKeys: ['from', 'to', 'campaign', 'mode'],
    base(rng, ctx) {
      const c = campaign(rng, ctx);
      const draft = newDraft(
        'GET',
        '/admin/funnel',
        ['from=2026-11-01', 'to=2026-11-21', `campaign=${c.campaignId}`, `mode=${rng.pick(['live', 'test'])}`],
        [['Accept', HTML_ACCEPT]],
      );
      // Mostly signed in as a marketer, so that the filter behind the sign-in is reached; otherwise sent to sign in (307).
      const credential = rng.weighted<OperatorCredential>([
        ['marketer-session', 6],
        ['admin-session', 1],
        ['wrong-session', 2],
        ['none', 1],
      ]);
      return withClient(rng, withCredential(draft, credential, rng, ctx));
    },
  },
  {
    name: 'page-sandbox-authenticate',
    kind: 'page',
    methods: ['GET', 'HEAD'],
    maxBody: 0,
    queryKeys: ['x'],
    base: (rng) =>
      withClient(rng, newDraft('GET', `/sandbox/authenticate/${sandboxId(rng, 'pi_sandbox_')}`, null, [['Accept', HTML_ACCEPT]])),
  },
  {
    name: 'page-sandbox-wallet',
    kind: 'page',
    methods: ['GET', 'HEAD'],
    maxBody: 0,
    queryKeys: ['x'],
    base: (rng) => withClient(rng, newDraft('GET', `/sandbox/wallet/${sandboxId(rng, 'wp_sandbox_')}`, null, [['Accept', HTML_ACCEPT]])),
  },
  {
    // The page data a client-side navigation fetches (Next's own route).
    name: 'next-data',
    kind: 'page',
    methods: ['GET', 'HEAD'],
    maxBody: 0,
    queryKeys: ['brand', 'url_slug', 'step', 'livemode', 'source'],
    base(rng, ctx) {
      const c = campaign(rng, ctx);
      const step = rng.pick(['', '/cart', '/promo-code', '/credit-card', '/success', '/auth/initiate']);
      const query = [`brand=${c.brand}`, `url_slug=${c.slug}`];
      if (rng.chance(0.5)) query.push('livemode=false');
      return withClient(
        rng,
        newDraft('GET', `/_next/data/${ctx.buildId}/${c.brand}/${c.slug}${step}.json`, query, [
          ['x-nextjs-data', '1'],
          ['Accept', '*/*'],
        ]),
      );
    },
  },
];

// ——— Static assets and everything else ———

const OTHER_PATHS = [
  '/',
  '/robots.txt',
  '/favicon.ico',
  '/404',
  '/500',
  '/_error',
  '/_app',
  '/_document',
  '/api',
  '/api/',
  '/api/nosuch',
  '/api/checkout',
  '/admin',
  '/sandbox',
  '/purchase-journey',
  '/purchase-journey/_next/static',
  '/_next/static/chunks/main.js',
  '/_next/image?url=%2Frobots.txt&w=64&q=75',
  '/martech/api/nosuch',
  '/user-context/segmentation',
  '/com.condenast',
  '/vogue',
  '/vogue/demo-single/nosuch-step',
  '/.env',
  '/.git/config',
  '/package.json',
  '/entrypoint/index.mjs',
];

export const OTHER_ROUTES: Route[] = [
  {
    name: 'static-asset',
    kind: 'asset',
    methods: ['GET', 'HEAD'],
    maxBody: 0,
    queryKeys: ['v', 'dpl'],
    base: (rng, ctx) => withClient(rng, newDraft(rng.chance(0.85) ? 'GET' : 'HEAD', rng.pick(ctx.assets), null, [['Accept', '*/*']])),
  },
  {
    name: 'other-paths',
    kind: 'other',
    methods: ['GET', 'HEAD'],
    maxBody: 0,
    queryKeys: ['url', 'w', 'q'],
    base(rng) {
      const [path = '/', query] = rng.pick(OTHER_PATHS).split('?');
      return withClient(
        rng,
        newDraft('GET', path, query ? query.split('&') : null, [['Accept', rng.pick([HTML_ACCEPT, '*/*', 'application/json'])]]),
      );
    },
  },
];
