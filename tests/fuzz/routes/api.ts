import { newDraft, type Draft } from '@/tests/fuzz/request';
import type { Rng } from '@/tests/fuzz/rng';
import {
  type Campaign,
  type FuzzContext,
  type Route,
  KiB,
  MiB,
  HTML_ACCEPT,
  JSON_HEADERS,
  UNKNOWN_BRAND,
  UNKNOWN_SLUG,
  SEEN_AT,
  sandboxId,
  campaign,
  withClient,
  setAt,
  deleteAt,
  oneOf,
  sameOrigin,
  crossSite,
  adminCredential,
  withCredential,
} from './common';

/** The admin, identity, checkout, sandbox and webhook API routes (the back office's own: operators.ts). */

// ——— Admin and identity endpoints ———

function adminRoute(name: string, path: string, query: (rng: Rng) => string[], queryKeys: readonly string[]): Route {
  return {
    name,
    kind: 'api',
    methods: ['GET'],
    maxBody: 0,
    queryKeys,
    base(rng, ctx) {
      const draft = newDraft('GET', path, query(rng), [['Accept', 'application/json']]);
      // Mostly with the admin's token, so that the query's validation is reached.
      return withClient(rng, withCredential(draft, adminCredential(rng), rng, ctx));
    },
  };
}

export const ADMIN_ROUTES: Route[] = [
  adminRoute(
    'api-admin-transactions',
    '/api/admin/transactions',
    (rng) => ['limit=10', `status=${rng.pick(['succeeded', 'failed'])}`, 'livemode=false'],
    ['limit', 'status', 'livemode', 'campaignId', 'before'],
  ),
  adminRoute('api-admin-events', '/api/admin/events', () => ['channel=funnel', 'limit=5', 'since=2026-11-01T00:00:00Z'], [
    'campaignId',
    'action',
    'channel',
    'topic',
    'since',
    'until',
    'livemode',
    'sessionId',
    'after',
    'limit',
  ]),
  adminRoute('api-admin-bad-rows', '/api/admin/bad-rows', () => ['channel=funnel', 'limit=5'], ['channel', 'since', 'after', 'limit']),
  adminRoute('api-admin-outbox', '/api/admin/outbox', () => ['email=reader%40example.com', 'limit=1'], ['email', 'limit']),
];

function getApi(
  name: string,
  paths: readonly string[],
  query: (rng: Rng, ctx: FuzzContext) => string[] | null,
  queryKeys: readonly string[],
  extra?: (rng: Rng, draft: Draft) => void,
): Route {
  return {
    name,
    kind: 'api',
    methods: ['GET'],
    maxBody: 0,
    queryKeys,
    base(rng, ctx) {
      const draft = newDraft('GET', rng.pick(paths), query(rng, ctx), [['Accept', 'application/json']]);
      extra?.(rng, draft);
      return withClient(rng, draft);
    },
  };
}

export const IDENTITY_ROUTES: Route[] = [
  getApi('api-ping', ['/api/ping'], () => null, ['x']),
  getApi('api-identity-subscription', ['/api/identity/subscription'], (rng, ctx) => [`brand=${campaign(rng, ctx).brand}`], ['brand']),
  getApi(
    'api-account-entitlement',
    ['/api/account/entitlement'],
    (rng, ctx) => [`brand=${campaign(rng, ctx).brand}`, `livemode=${rng.pick(['true', 'false'])}`],
    ['brand', 'livemode'],
  ),
  ...(['verify', 'profile'] as const).map((which) =>
    getApi(
      `api-user-${which}`,
      which === 'verify'
        ? ['/martech/api/user/v2/authenticate/verify', '/api/user/v2/authenticate/verify']
        : ['/martech/api/user/v2/profile', '/api/user/v2/profile'],
      () => null,
      ['livemode'],
      (rng, draft) => {
        draft.headers.push(['livemode', rng.pick(['true', 'false'])]);
        if (rng.chance(0.6))
          draft.headers.push(['Cookie', `CN_token_access=${rng.hex(64)}; CN_token_access_expires=${Math.floor(SEEN_AT / 1000)}`]);
      },
    ),
  ),
  {
    name: 'api-identity-links',
    kind: 'api',
    methods: ['POST'],
    maxBody: 2 * KiB,
    queryKeys: ['x'],
    base(rng, ctx) {
      const c = campaign(rng, ctx);
      const draft = newDraft('POST', '/api/identity/links', null, [...JSON_HEADERS]);
      draft.json = {
        email: `reader.${rng.hex(8)}@example.com`,
        purpose: rng.pick(['magic-link', 'sign-in']),
        brand: c.brand,
        urlSlug: c.slug,
        returnPath: `/${c.brand}/${c.slug}/credit-card`,
      };
      return withClient(rng, draft);
    },
    invalidate: (rng, draft) =>
      oneOf(rng, [
        [
          'email',
          () =>
            setAt(
              draft.json,
              ['email'],
              rng.pick(['not-an-email', 'a b@example.com', '@example.com', `${'x'.repeat(250)}@example.com`, '']),
            ),
        ],
        ['purpose', () => setAt(draft.json, ['purpose'], rng.pick(['reset', 'MAGIC-LINK', '', 'sign_in']))],
        ['brand', () => setAt(draft.json, ['brand'], rng.pick([UNKNOWN_BRAND, 'Vogue', 'vogue/../x', '']))],
        ['urlSlug', () => setAt(draft.json, ['urlSlug'], rng.pick([UNKNOWN_SLUG, 'demo_single', '']))],
        ['returnPath', () => setAt(draft.json, ['returnPath'], 'x'.repeat(601))],
        ['missing-email', () => deleteAt(draft.json, ['email'])],
      ]),
  },
  {
    // The account's form: no brand, a page of the account to return to.
    name: 'api-identity-links-account',
    kind: 'api',
    methods: ['POST'],
    maxBody: 2 * KiB,
    queryKeys: ['x'],
    base(rng, ctx) {
      const draft = newDraft('POST', '/api/identity/links', null, [...JSON_HEADERS, ...sameOrigin(rng, ctx)]);
      draft.json = {
        email: `reader.${rng.hex(8)}@example.com`,
        returnPath: rng.pick(['/account', '/account/subscriptions', '//evil.example/account', '/vogue/demo-single']),
      };
      return withClient(rng, draft);
    },
    invalidate: (rng, draft) =>
      oneOf(rng, [
        ['email', () => setAt(draft.json, ['email'], rng.pick(['not-an-email', '', `${'x'.repeat(250)}@example.com`]))],
        ['returnPath', () => setAt(draft.json, ['returnPath'], 'x'.repeat(601))],
        ['extra', () => setAt(draft.json, ['everywhere'], true)],
        ['cross-site', () => crossSite(draft)],
      ]),
  },
  {
    // The Confirm button of a sign-in link: a form post (a JSON one too). The fuzz holds no link, so nothing is ever used.
    name: 'api-identity-sign-in',
    kind: 'api',
    methods: ['POST'],
    maxBody: 2 * KiB,
    queryKeys: ['x'],
    base(rng, ctx) {
      const c = campaign(rng, ctx);
      const token = rng.pick([rng.hex(43).replace(/[0-9]/g, 'A'), 'A'.repeat(43), rng.hex(64)]);
      const page = rng.pick([
        `/account/sign-in/complete?token=${token}`,
        `/${c.brand}/${c.slug}/auth/complete?livemode=false&token=${token}`,
      ]);
      if (rng.chance(0.5)) {
        const draft = newDraft('POST', '/api/identity/sign-in', null, [
          ['Accept', HTML_ACCEPT],
          ['Content-Type', 'application/x-www-form-urlencoded'],
          ...sameOrigin(rng, ctx),
        ]);
        draft.rawBody = Buffer.from(new URLSearchParams({ token, page }).toString(), 'utf8');
        return withClient(rng, draft);
      }
      const draft = newDraft('POST', '/api/identity/sign-in', null, [...JSON_HEADERS, ...sameOrigin(rng, ctx)]);
      draft.json = { token, page };
      return withClient(rng, draft);
    },
  },
  {
    // Signing out: the fuzz holds no valid session, so nothing is ever ended.
    name: 'api-identity-sign-out',
    kind: 'api',
    methods: ['POST'],
    maxBody: KiB,
    queryKeys: ['x'],
    base(rng, ctx) {
      const draft = newDraft('POST', '/api/identity/sign-out', null, [...JSON_HEADERS, ...sameOrigin(rng, ctx)]);
      if (rng.chance(0.7)) draft.json = rng.pick([{}, { everywhere: true }, { everywhere: false }]);
      if (rng.chance(0.5)) draft.headers.push(['Cookie', `${rng.pick(['CN_token_access', '__Host-CN_token_access'])}=${rng.hex(43)}`]);
      return withClient(rng, draft);
    },
  },
  // A subscriber's changes: the fuzz holds no session, so each is refused (401) or malformed (400), never applied.
  accountSubscriptionRoute('cancel', (rng) => rng.pick([{}, { reason: 'Too expensive' }])),
  accountSubscriptionRoute('resume', () => ({})),
  accountSubscriptionRoute('delivery-address', () => ({ address: { line1: '1 Main Street', city: 'New York', postalCode: '10001' } })),
  accountSubscriptionRoute('business', (rng) => rng.pick([{ companyName: 'Acme GmbH', vatNumber: 'DE123456789' }, { companyName: '' }])),
  accountSubscriptionRoute('card', (rng) => ({
    idempotencyKey: rng.pick(['00000000-0000-4000-8000-000000000000', 'not-a-uuid']),
    card: rng.pick([
      { kind: 'sandbox-card', number: '4242 4242 4242 4444', expiry: '12/34', cvc: '123' },
      { kind: 'stripe-payment-method', paymentMethodId: 'pm_card_visa' },
    ]),
  })),
  accountSubscriptionRoute('card/confirm', (rng) => ({ setupId: rng.pick(['seti_fake1', 'pi_x']) })),
  // A renewal held for the bank's check: nothing to confirm without a session.
  accountSubscriptionRoute('renewal-payment', () => ({})),
  {
    // An invoice as a PDF: the fuzz holds no session, so each is sent to sign in, or 404 for an id of no shape.
    name: 'api-account-invoice-pdf',
    kind: 'api',
    methods: ['GET'],
    maxBody: 0,
    queryKeys: ['livemode', 'lang'],
    base(rng) {
      const id = rng.pick([`txn_${rng.hex(12)}`, 'txn_', '..', '%00', `txn_${'a'.repeat(80)}`]);
      const draft = newDraft('GET', `/api/account/invoices/${id}/pdf`, rng.pick([null, ['livemode=false'], ['lang=de-DE']]), [
        ['Accept', 'application/pdf'],
      ]);
      if (rng.chance(0.5)) draft.headers.push(['Cookie', `CN_token_access=${rng.hex(43)}`]);
      return withClient(rng, draft);
    },
  },
  {
    // An offer's uploaded picture: the fuzz uploads none, so every address is a 404 (or 405 for another method).
    name: 'api-images',
    kind: 'api',
    methods: ['GET'],
    maxBody: 0,
    queryKeys: ['x'],
    base(rng) {
      const file = rng.pick([`${rng.hex(32)}.png`, `${rng.hex(32)}.gif`, 'x.png', '..%2Fetc', '%00.png', `${rng.hex(32)}.webp`]);
      return withClient(rng, newDraft('GET', `/api/images/${file}`, null, [['Accept', 'image/*']]));
    },
  },
  // QA's test clock: never moved here either (no session), and never in production.
  accountSubscriptionRoute('clock', (rng) => ({ advance: rng.pick(['day', 'next-renewal']) })),
  // A withdrawal within 14 days: without a session nothing is withdrawn nor refunded.
  accountSubscriptionRoute('withdraw', () => ({})),
  {
    // The public withdrawal page's declaration: the fuzz's addresses and invoice numbers name no purchase, and each is made invalid.
    name: 'api-withdraw',
    kind: 'api',
    methods: ['POST'],
    maxBody: 2 * KiB,
    queryKeys: ['x'],
    base(rng, ctx) {
      const draft = newDraft('POST', '/api/withdraw', null, [...JSON_HEADERS, ...sameOrigin(rng, ctx)]);
      draft.json = {
        email: `nobody.${rng.hex(8)}@example.com`,
        invoiceNumber: rng.pick(['INV-2026-000001', 'INV-TEST-2026-000001', `INV-${rng.hex(6)}`]),
        livemode: rng.chance(0.5),
        ...(rng.chance(0.5) ? { name: 'Pat Nobody' } : {}),
      };
      return withClient(rng, draft);
    },
    invalidate: (rng, draft) =>
      oneOf(rng, [
        ['email', () => setAt(draft.json, ['email'], rng.pick(['not-an-email', '', `${'x'.repeat(250)}@example.com`]))],
        ['invoiceNumber', () => setAt(draft.json, ['invoiceNumber'], rng.pick(['', 'INV 2026', 'x'.repeat(65), '<b>']))],
        ['livemode', () => setAt(draft.json, ['livemode'], 'false')],
        ['name', () => setAt(draft.json, ['name'], 'x'.repeat(201))],
        ['cross-site', () => crossSite(draft)],
      ]),
  },
  {
    // The public cancel page's declaration: it cancels only what a real address holds, and the fuzz's addresses hold nothing.
    name: 'api-cancel',
    kind: 'api',
    methods: ['POST'],
    maxBody: 2 * KiB,
    queryKeys: ['x'],
    base(rng, ctx) {
      const c = campaign(rng, ctx);
      const draft = newDraft('POST', '/api/cancel', null, [...JSON_HEADERS, ...sameOrigin(rng, ctx)]);
      draft.json = { email: `nobody.${rng.hex(8)}@example.com`, brand: c.brand, livemode: rng.chance(0.5), reason: 'Moving' };
      return withClient(rng, draft);
    },
    invalidate: (rng, draft) =>
      oneOf(rng, [
        ['email', () => setAt(draft.json, ['email'], rng.pick(['not-an-email', '', `${'x'.repeat(250)}@example.com`]))],
        ['brand', () => setAt(draft.json, ['brand'], rng.pick(['Vogue', 'vogue/../x', '']))],
        ['livemode', () => setAt(draft.json, ['livemode'], 'false')],
        ['reason', () => setAt(draft.json, ['reason'], 'x'.repeat(501))],
        ['cross-site', () => crossSite(draft)],
      ]),
  },
  {
    // A "Keep my subscription" link: the fuzz holds none, so nothing is kept.
    name: 'api-cancel-keep',
    kind: 'api',
    methods: ['POST'],
    maxBody: KiB,
    queryKeys: ['x'],
    base(rng, ctx) {
      const draft = newDraft('POST', '/api/cancel/keep', null, [...JSON_HEADERS, ...sameOrigin(rng, ctx)]);
      draft.json = { token: rng.pick([rng.hex(43), 'A'.repeat(43), 'x']) };
      return withClient(rng, draft);
    },
  },
  {
    // A link of a public withdrawal's acknowledgment: the fuzz holds none, so nothing is confirmed nor objected to.
    name: 'api-withdraw-answer',
    kind: 'api',
    methods: ['POST'],
    maxBody: KiB,
    queryKeys: ['x'],
    base(rng, ctx) {
      const draft = newDraft('POST', '/api/withdraw/answer', null, [...JSON_HEADERS, ...sameOrigin(rng, ctx)]);
      draft.json = { token: rng.pick([rng.hex(43), 'A'.repeat(43), 'x']) };
      return withClient(rng, draft);
    },
  },
];

/** POST /api/account/subscriptions/{id}/{action}, its body drawn by `body`, with or without a (never valid) session cookie. */
function accountSubscriptionRoute(action: string, body: (rng: Rng) => Record<string, unknown>): Route {
  return {
    name: `api-account-subscription-${action.replace('/', '-')}`,
    kind: 'api',
    methods: ['POST'],
    maxBody: 2 * KiB,
    queryKeys: ['x'],
    base(rng, ctx) {
      const id = rng.pick([`sub_${'a'.repeat(16)}`, `sub_${rng.hex(8)}`, 'sub_x', '..']);
      const draft = newDraft('POST', `/api/account/subscriptions/${id}/${action}`, null, [...JSON_HEADERS, ...sameOrigin(rng, ctx)]);
      draft.json = body(rng);
      if (rng.chance(0.5)) draft.headers.push(['Cookie', `CN_token_access=${rng.hex(43)}`]);
      return withClient(rng, draft);
    },
    invalidate: (rng, draft) =>
      oneOf(rng, [
        ['extra', () => setAt(draft.json, ['refund'], true)],
        ['cross-site', () => crossSite(draft)],
      ]),
  };
}

// ——— Checkout ———

function submitBody(rng: Rng, c: Campaign): Record<string, unknown> {
  return {
    idempotencyKey: rng.uuid(),
    brand: c.brand,
    urlSlug: c.slug,
    offerId: c.offers[0] ?? '1001',
    addOnIds: [],
    billing: { email: `buyer.${rng.hex(8)}@example.com`, firstName: 'Ada', lastName: 'Reader', country: 'GB' },
    autoRenewalConsent: rng.chance(0.5),
    payment: rng.weighted<Record<string, unknown>>([
      [
        {
          kind: 'sandbox-card',
          number: rng.pick(['4242 4242 4242 4242', '4000 0000 0000 0002', '4000 0027 6000 3184']),
          expiry: '12/34',
          cvc: '123',
        },
        4,
      ],
      [{ kind: 'paypal' }, 1],
      [{ kind: 'amazon-pay' }, 1],
      [{ kind: 'stripe-payment-method', paymentMethodId: `pm_${rng.hex(16)}` }, 1],
    ]),
    livemode: rng.chance(0.2),
    source: null,
    returnPath: `/${c.brand}/${c.slug}/credit-card?livemode=false`,
  };
}

export const CHECKOUT_ROUTES: Route[] = [
  {
    name: 'api-checkout-quote',
    kind: 'api',
    methods: ['POST'],
    maxBody: 4 * KiB,
    queryKeys: ['x'],
    base(rng, ctx) {
      const c = campaign(rng, ctx);
      const draft = newDraft('POST', '/api/checkout/quote', null, [...JSON_HEADERS]);
      draft.json = {
        brand: c.brand,
        urlSlug: c.slug,
        offerId: c.offers[0] ?? '1001',
        addOnIds: [],
        couponCode: rng.pick(['SAVE20', 'FREE100', 'NOPE']),
        country: 'US',
        region: 'CA',
      };
      return withClient(rng, draft);
    },
  },
  {
    name: 'api-checkout-submit',
    kind: 'api',
    methods: ['POST'],
    maxBody: 8 * KiB,
    queryKeys: ['x'],
    base(rng, ctx) {
      const draft = newDraft('POST', '/api/checkout/submit', null, [...JSON_HEADERS]);
      draft.json = submitBody(rng, campaign(rng, ctx));
      return withClient(rng, draft);
    },
    // Invalid in the schema, or valid in form but refused by the rules (an unknown campaign,
    // an offer not in it, a promo code that does not exist, an expired card): never charged.
    invalidate: (rng, draft) =>
      oneOf(rng, [
        [
          'idempotencyKey',
          () => setAt(draft.json, ['idempotencyKey'], rng.pick(['not-a-uuid', '', '00000000-0000-0000-0000-00000000000g'])),
        ],
        [
          'returnPath',
          () =>
            setAt(
              draft.json,
              ['returnPath'],
              rng.pick(['/vogue/demo-single/cart', 'https://evil.example/x/y/credit-card', '//evil.example/a/b/credit-card']),
            ),
        ],
        ['payment-kind', () => setAt(draft.json, ['payment'], { kind: rng.pick(['bitcoin', 'SANDBOX-CARD', '']) })],
        ['missing-billing', () => deleteAt(draft.json, ['billing'])],
        ['livemode-type', () => setAt(draft.json, ['livemode'], rng.pick(['false', 0, null]))],
        ['unknown-brand', () => setAt(draft.json, ['brand'], UNKNOWN_BRAND)],
        ['unknown-campaign', () => setAt(draft.json, ['urlSlug'], UNKNOWN_SLUG)],
        ['unknown-offer', () => setAt(draft.json, ['offerId'], '999999999')],
        ['unknown-coupon', () => setAt(draft.json, ['couponCode'], 'NOT-A-REAL-CODE')],
        [
          'expired-card',
          () => setAt(draft.json, ['payment'], { kind: 'sandbox-card', number: '4242 4242 4242 4242', expiry: '01/20', cvc: '123' }),
        ],
      ]),
  },
  {
    name: 'api-checkout-confirm',
    kind: 'api',
    methods: ['POST'],
    maxBody: 2 * KiB,
    queryKeys: ['x'],
    base(rng, ctx) {
      const c = campaign(rng, ctx);
      const draft = newDraft('POST', '/api/checkout/confirm', null, [...JSON_HEADERS]);
      draft.json = { idempotencyKey: rng.uuid(), returnPath: `/${c.brand}/${c.slug}/credit-card` };
      return withClient(rng, draft);
    },
  },
  {
    name: 'api-sandbox-authenticate',
    kind: 'api',
    methods: ['POST'],
    maxBody: MiB,
    queryKeys: ['paymentId'],
    base(rng) {
      const draft = newDraft('POST', `/api/sandbox/payments/${sandboxId(rng, 'pi_sandbox_')}/authenticate`, null, [...JSON_HEADERS]);
      draft.json = { outcome: rng.pick(['approve', 'fail']) };
      return withClient(rng, draft);
    },
  },
  {
    name: 'api-sandbox-wallet',
    kind: 'api',
    methods: ['POST'],
    maxBody: MiB,
    queryKeys: ['paymentId'],
    base(rng) {
      const draft = newDraft('POST', `/api/sandbox/wallet/${sandboxId(rng, 'wp_sandbox_')}`, null, [...JSON_HEADERS]);
      draft.json = { outcome: rng.pick(['approve', 'cancel', 'fail']) };
      return withClient(rng, draft);
    },
  },
];

// ——— Payment providers' webhooks (never validly signed here) ———

export const WEBHOOK_ROUTES: Route[] = [
  {
    name: 'api-webhook-stripe',
    kind: 'api',
    methods: ['POST'],
    maxBody: 256 * KiB,
    queryKeys: ['x'],
    base(rng) {
      const draft = newDraft('POST', '/api/webhooks/stripe', null, [...JSON_HEADERS]);
      draft.headers.push(['Stripe-Signature', `t=${Math.floor(SEEN_AT / 1000)},v1=${rng.hex(64)}`]);
      draft.json = {
        id: `evt_${rng.hex(24)}`,
        object: 'event',
        type: 'payment_intent.succeeded',
        livemode: false,
        data: { object: { id: `pi_${rng.hex(24)}`, object: 'payment_intent', metadata: { transactionId: `txn_${rng.hex(24)}` } } },
      };
      return withClient(rng, draft);
    },
  },
  {
    name: 'api-webhook-paypal',
    kind: 'api',
    methods: ['POST'],
    maxBody: 256 * KiB,
    queryKeys: ['x'],
    base(rng) {
      const draft = newDraft('POST', '/api/webhooks/paypal', null, [...JSON_HEADERS]);
      draft.headers.push(
        ['paypal-transmission-id', rng.uuid()],
        ['paypal-transmission-time', new Date(SEEN_AT).toISOString()],
        ['paypal-transmission-sig', Buffer.from(rng.hex(64)).toString('base64')],
        ['paypal-cert-url', 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-1d93a270'],
        ['paypal-auth-algo', 'SHA256withRSA'],
      );
      draft.json = { id: `WH-${rng.hex(16)}`, event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: { id: rng.hex(17) } };
      return withClient(rng, draft);
    },
  },
  {
    name: 'api-webhook-amazon-pay',
    kind: 'api',
    methods: ['POST'],
    maxBody: 256 * KiB,
    queryKeys: ['mode'],
    base(rng) {
      const draft = newDraft('POST', `/api/webhooks/amazon-pay/${rng.pick(['test', 'live'])}`, null, [
        ['Content-Type', 'text/plain; charset=UTF-8'],
        ['x-amz-sns-message-type', 'Notification'],
      ]);
      draft.json = {
        Type: 'Notification',
        MessageId: rng.uuid(),
        TopicArn: 'arn:aws:sns:us-east-1:123456789012:x',
        Message: '{}',
        Timestamp: new Date(SEEN_AT).toISOString(),
        SignatureVersion: '1',
        Signature: 'AAAA',
        SigningCertURL: 'https://sns.us-east-1.amazonaws.com/x.pem',
      };
      return withClient(rng, draft);
    },
  },
];
