import { describe, expect, it } from 'vitest';
import type { QuoteRequestInput, QuoteResponse } from '@/lib/checkout/quoteContract';
import type { SubmitRequestInput, SubmitResponse } from '@/lib/checkout/submitContract';
import { endsAttempt } from '@/lib/payments/paymentMachine';
import { API_PATHS, createApiClient, type ApiClient } from './apiClient';
import { API_MESSAGES, ApiError, kindOfStatus, type ApiErrorKind, type CallMessages } from './apiErrors';

interface Sent {
  url: string;
  init: RequestInit;
}

/** An injected fetch: records what was sent and answers with `respond`. */
function fakeFetch(respond: (sent: Sent) => Response | Promise<Response> = () => Response.json({})) {
  const sent: Sent[] = [];
  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call = { url: String(input), init };
    sent.push(call);
    return respond(call);
  }) as typeof globalThis.fetch;
  return { fetch, sent };
}

const clientAnswering = (respond: (sent: Sent) => Response | Promise<Response>) => createApiClient({ fetch: fakeFetch(respond).fetch });

const QUOTE_REQUEST: QuoteRequestInput = {
  brand: 'wired',
  urlSlug: 'spring-sale',
  offerId: '12',
  addOnIds: ['13'],
  couponCode: 'SAVE10',
  country: 'US',
  region: 'CA',
};

const QUOTE: QuoteResponse = {
  campaignId: 'c-1',
  offerId: '12',
  quote: {
    currencyCode: 'USD',
    lines: [{ offerId: '12', name: 'Digital', amount: 2500 }],
    subtotal: 2500,
    discount: 0,
    tax: 0,
    taxRate: { rate: 0, inclusive: false, components: [{ kind: 'tax', rate: 0 }] },
    taxLines: [{ kind: 'tax', rate: 0, amount: 0 }],
    total: 2500,
  },
  coupon: null,
  autoRenewalConsentRequired: false,
};

const SUBMIT_REQUEST: SubmitRequestInput = {
  brand: 'wired',
  urlSlug: 'spring-sale',
  offerId: '12',
  addOnIds: [],
  idempotencyKey: '0b7c1c9e-5d43-4f5e-9a51-0e0c3f1a2b3c',
  billing: { email: 'reader@example.com', firstName: 'Ada', lastName: 'Lovelace', country: 'US', region: 'CA' },
  autoRenewalConsent: true,
  payment: { kind: 'sandbox-card', number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' },
  livemode: false,
  source: null,
  returnPath: '/wired/spring-sale/credit-card?livemode=false',
};

const SUCCEEDED: SubmitResponse = { status: 'succeeded', transactionId: 't-1', successPath: '/wired/spring-sale/success' };

describe('createApiClient: what each call sends', () => {
  const json = { 'content-type': 'application/json' };
  const identity = (livemode: string) => ({ Accept: 'application/json', 'Content-Type': 'application/json', livemode });
  const signal = new AbortController().signal;

  it.each<
    [
      string,
      (api: ApiClient) => Promise<unknown>,
      unknown,
      { url: string; method?: string; headers?: unknown; body?: unknown; signal?: AbortSignal },
    ]
  >([
    [
      'quote',
      (api) => api.quote(QUOTE_REQUEST, signal),
      QUOTE,
      { url: '/api/checkout/quote', method: 'POST', headers: json, body: QUOTE_REQUEST, signal },
    ],
    [
      'submit',
      (api) => api.submit(SUBMIT_REQUEST),
      SUCCEEDED,
      { url: '/api/checkout/submit', method: 'POST', headers: json, body: SUBMIT_REQUEST },
    ],
    [
      'confirm',
      (api) => api.confirm(SUBMIT_REQUEST.idempotencyKey, SUBMIT_REQUEST.returnPath),
      SUCCEEDED,
      {
        url: '/api/checkout/confirm',
        method: 'POST',
        headers: json,
        body: { idempotencyKey: SUBMIT_REQUEST.idempotencyKey, returnPath: SUBMIT_REQUEST.returnPath },
      },
    ],
    [
      'requestSignInLink',
      (api) =>
        api.requestSignInLink({
          email: 'reader@example.com',
          purpose: 'sign-in',
          brand: 'wired',
          urlSlug: 'spring-sale',
          returnPath: '/wired/spring-sale/cart',
        }),
      { sent: true },
      {
        url: '/api/identity/links',
        method: 'POST',
        headers: json,
        body: {
          email: 'reader@example.com',
          purpose: 'sign-in',
          brand: 'wired',
          urlSlug: 'spring-sale',
          returnPath: '/wired/spring-sale/cart',
        },
      },
    ],
    [
      'requestSignInLink (test mode: counted against the test budget)',
      (api) => api.requestSignInLink({ email: 'reader@example.com', returnPath: '/account?livemode=false' }, false),
      { sent: true },
      {
        url: '/api/identity/links?livemode=false',
        method: 'POST',
        headers: json,
        body: { email: 'reader@example.com', returnPath: '/account?livemode=false' },
      },
    ],
    [
      'requestSignInLink (the account, no brand)',
      (api) => api.requestSignInLink({ email: 'reader@example.com', returnPath: '/account' }),
      { sent: true },
      { url: '/api/identity/links', method: 'POST', headers: json, body: { email: 'reader@example.com', returnPath: '/account' } },
    ],
    ['signOut', (api) => api.signOut(), { signedOut: true }, { url: '/api/identity/sign-out', method: 'POST', headers: json, body: {} }],
    [
      'changeCard',
      (api) =>
        api.changeCard('sub_aaaaaaaaaaaaaaaa', {
          idempotencyKey: '00000000-0000-4000-8000-000000000000',
          card: { kind: 'stripe-payment-method', paymentMethodId: 'pm_card_visa' },
        }),
      { status: 'requires_action', setupId: 'seti_1', action: { type: 'stripe_sdk', clientSecret: 'seti_1_secret_x' } },
      {
        url: '/api/account/subscriptions/sub_aaaaaaaaaaaaaaaa/card',
        method: 'POST',
        headers: json,
        body: {
          idempotencyKey: '00000000-0000-4000-8000-000000000000',
          card: { kind: 'stripe-payment-method', paymentMethodId: 'pm_card_visa' },
        },
      },
    ],
    [
      'confirmCardChange',
      (api) => api.confirmCardChange('sub_aaaaaaaaaaaaaaaa', 'seti_1'),
      { status: 'saved', subscription: { id: 'sub_aaaaaaaaaaaaaaaa' } },
      { url: '/api/account/subscriptions/sub_aaaaaaaaaaaaaaaa/card/confirm', method: 'POST', headers: json, body: { setupId: 'seti_1' } },
    ],
    [
      'signOut everywhere',
      (api) => api.signOut({ everywhere: true }),
      { signedOut: true },
      { url: '/api/identity/sign-out', method: 'POST', headers: json, body: { everywhere: true } },
    ],
    [
      'subscriptionStatus',
      (api) => api.subscriptionStatus('the new yorker'),
      { signedIn: true, activeSubscription: false },
      { url: '/api/identity/subscription?brand=the%20new%20yorker', method: 'GET' },
    ],
    [
      'verifySession',
      (api) => api.verifySession(false),
      { amgUUID: 'u', expires_on: 5 },
      { url: '/martech/api/user/v2/authenticate/verify', headers: identity('false') },
    ],
    [
      'loadProfileEmail',
      (api) => api.loadProfileEmail(true),
      { email: 'reader@example.com' },
      { url: '/martech/api/user/v2/profile', headers: identity('true') },
    ],
    [
      'authenticateSandboxPayment',
      (api) => api.authenticateSandboxPayment('sbpi_abc', 'approve'),
      { status: 'succeeded', redirectTo: '/wired/spring-sale/success' },
      { url: '/api/sandbox/payments/sbpi_abc/authenticate', method: 'POST', headers: json, body: { outcome: 'approve' } },
    ],
  ])('%s', async (_name, callIt, answer, expected) => {
    const { fetch, sent } = fakeFetch(() => Response.json(answer));
    await callIt(createApiClient({ fetch }));
    expect(sent).toHaveLength(1);
    const [{ url, init }] = sent as [Sent];
    expect(url).toBe(expected.url);
    expect(init.method).toBe(expected.method);
    expect(init.credentials).toBe('same-origin');
    expect(init.headers).toEqual(expected.headers);
    expect(init.body === undefined ? undefined : JSON.parse(String(init.body))).toEqual(expected.body);
    expect(init.signal).toBe(expected.signal);
  });

  it('puts the base URL before every path', async () => {
    const { fetch, sent } = fakeFetch(() => Response.json(QUOTE));
    await createApiClient({ fetch, baseUrl: 'https://shop.example/' }).quote(QUOTE_REQUEST);
    expect(sent[0]!.url).toBe('https://shop.example/api/checkout/quote');
  });

  it('escapes a payment id in the sandbox path', () => {
    expect(API_PATHS.sandboxAuthenticate('a/b?c')).toBe('/api/sandbox/payments/a%2Fb%3Fc/authenticate');
  });
});

describe('createApiClient: answers', () => {
  it.each<[string, (api: ApiClient) => Promise<unknown>, unknown, number, unknown]>([
    ['quote', (api) => api.quote(QUOTE_REQUEST), QUOTE, 200, QUOTE],
    ['submit', (api) => api.submit(SUBMIT_REQUEST), SUCCEEDED, 200, SUCCEEDED],
    [
      'requestSignInLink (202)',
      (api) => api.requestSignInLink({ email: 'a@b.co', purpose: 'magic-link', brand: 'b', urlSlug: 'c', returnPath: '/b/c' }),
      { sent: true },
      202,
      undefined,
    ],
    [
      'subscriptionStatus',
      (api) => api.subscriptionStatus('wired'),
      { signedIn: true, activeSubscription: true },
      200,
      { signedIn: true, activeSubscription: true },
    ],
    [
      'authenticateSandboxPayment',
      (api) => api.authenticateSandboxPayment('p', 'fail'),
      { status: 'requires_payment_method', redirectTo: '/b/c/credit-card?payment_failed=x' },
      200,
      { status: 'requires_payment_method', redirectTo: '/b/c/credit-card?payment_failed=x' },
    ],
  ])('%s answers the body', async (_name, callIt, body, status, expected) => {
    expect(await callIt(clientAnswering(() => Response.json(body, { status })))).toEqual(expected);
  });
});

/** Each failure, for each call that rejects with an ApiError, with that call's messages. */
const failingCalls: [string, (api: ApiClient) => Promise<unknown>, CallMessages][] = [
  ['quote', (api) => api.quote(QUOTE_REQUEST), API_MESSAGES.quote],
  ['submit', (api) => api.submit(SUBMIT_REQUEST), API_MESSAGES.payment],
  ['confirm', (api) => api.confirm(SUBMIT_REQUEST.idempotencyKey, SUBMIT_REQUEST.returnPath), API_MESSAGES.payment],
  [
    'requestSignInLink',
    (api) => api.requestSignInLink({ email: 'a@b.co', purpose: 'magic-link', brand: 'b', urlSlug: 'c', returnPath: '/b/c' }),
    API_MESSAGES.signInLink,
  ],
  ['subscriptionStatus', (api) => api.subscriptionStatus('wired'), API_MESSAGES.subscriptionStatus],
  ['signOut', (api) => api.signOut(), API_MESSAGES.signOut],
  ['authenticateSandboxPayment', (api) => api.authenticateSandboxPayment('p', 'approve'), API_MESSAGES.sandboxAuthentication],
];

type Expected = {
  status: number;
  kind: ApiErrorKind;
  code: string;
  message: string | ((messages: CallMessages) => string);
  details?: readonly string[];
};

const failures: [string, () => Response | Promise<Response>, Expected][] = [
  [
    'network',
    () => Promise.reject(new TypeError('Failed to fetch')),
    { status: 0, kind: 'network', code: 'network', message: (m) => m.unreachable },
  ],
  [
    '400 with body',
    () =>
      Response.json(
        {
          error: {
            code: 'invalid_body',
            message: 'The request body is not valid: offerId: must be an offer id',
            details: ['offerId: must be an offer id'],
          },
        },
        { status: 400 },
      ),
    {
      status: 400,
      kind: 'refused',
      code: 'invalid_body',
      message: 'The request body is not valid: offerId: must be an offer id',
      details: ['offerId: must be an offer id'],
    },
  ],
  [
    '409 attempt_in_progress',
    () =>
      Response.json(
        {
          error: {
            code: 'attempt_in_progress',
            message: 'Your payment is still being processed. Please wait a moment, then reload the page.',
          },
        },
        { status: 409 },
      ),
    {
      status: 409,
      kind: 'refused',
      code: 'attempt_in_progress',
      message: 'Your payment is still being processed. Please wait a moment, then reload the page.',
    },
  ],
  [
    '429',
    () =>
      Response.json(
        { error: { code: 'too_many_requests', message: 'Too many sign-in links were asked for. Please wait 15 minutes and try again.' } },
        { status: 429 },
      ),
    {
      status: 429,
      kind: 'rate_limited',
      code: 'too_many_requests',
      message: 'Too many sign-in links were asked for. Please wait 15 minutes and try again.',
    },
  ],
  [
    '500 without body',
    () => new Response(null, { status: 500 }),
    { status: 500, kind: 'server', code: 'unknown', message: (m) => m.fallback },
  ],
  [
    '503 with a proxy page',
    () => new Response('<html>Bad gateway</html>', { status: 503, headers: { 'content-type': 'text/html' } }),
    { status: 503, kind: 'unavailable', code: 'unknown', message: (m) => m.fallback },
  ],
  [
    '200 that is not JSON',
    () => new Response('<html>captive portal</html>', { status: 200, headers: { 'content-type': 'text/html' } }),
    { status: 200, kind: 'invalid_response', code: 'unknown', message: (m) => m.fallback },
  ],
  [
    '200 with an error body',
    () => Response.json({ error: { code: 'weird', message: 'Odd answer.' } }),
    { status: 200, kind: 'invalid_response', code: 'weird', message: 'Odd answer.' },
  ],
];

describe('createApiClient: failures become an ApiError with a readable message', () => {
  const cases = failingCalls.flatMap(([call, callIt, messages]) =>
    failures
      // A sign-in link is sent on any 2xx, whatever its body: the server answers the same for any address.
      .filter(([failure]) => !(call === 'requestSignInLink' && failure.startsWith('200')))
      .map(([failure, respond, expected]) => [call, failure, callIt, respond, messages, expected] as const),
  );

  it.each(cases)('%s: %s', async (_call, _failure, callIt, respond, messages, expected) => {
    const error = await callIt(clientAnswering(respond)).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    const { status, kind, code, message, details } = error as ApiError;
    expect({ status, kind, code, message, details }).toEqual({
      status: expected.status,
      kind: expected.kind,
      code: expected.code,
      message: typeof expected.message === 'function' ? expected.message(messages) : expected.message,
      details: expected.details ?? [],
    });
  });

  it('keeps the message that promises no double charge on a lost submit', async () => {
    const error = (await clientAnswering(() => Promise.reject(new TypeError('Failed to fetch')))
      .submit(SUBMIT_REQUEST)
      .catch((caught: unknown) => caught)) as ApiError;
    expect(error.message).toBe(
      'We could not reach our server. Please check your connection and try again: your payment will not be taken twice.',
    );
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it.each<[string, () => Response | Promise<Response>, boolean]>([
    ['network', () => Promise.reject(new TypeError('Failed to fetch')), false],
    ['500', () => new Response(null, { status: 500 }), false],
    ['409 attempt_in_progress', () => Response.json({ error: { code: 'attempt_in_progress', message: 'm' } }, { status: 409 }), false],
    ['400', () => Response.json({ error: { code: 'card_expired', message: 'm' } }, { status: 400 }), true],
    ['422', () => Response.json({ error: { code: 'idempotency_key_reused', message: 'm' } }, { status: 422 }), true],
    ['429', () => Response.json({ error: { code: 'too_many_requests', message: 'm' } }, { status: 429 }), true],
  ])('a submit failing with %s ends the attempt: %s', async (_name, respond, ends) => {
    const error = (await clientAnswering(respond)
      .submit(SUBMIT_REQUEST)
      .catch((caught: unknown) => caught)) as ApiError;
    expect(endsAttempt(error)).toBe(ends);
  });

  it('shows the address problem of a refused sign-in link', async () => {
    const api = clientAnswering(() =>
      Response.json(
        {
          error: {
            code: 'invalid_body',
            message: 'The request body is not valid: email: Enter a valid email address, like name@example.com.',
            details: ['email: Enter a valid email address, like name@example.com.'],
          },
        },
        { status: 400 },
      ),
    );
    const error = (await api
      .requestSignInLink({ email: 'nope', purpose: 'magic-link', brand: 'b', urlSlug: 'c', returnPath: '/b/c' })
      .catch((caught: unknown) => caught)) as ApiError;
    expect(error).toMatchObject({
      status: 400,
      kind: 'refused',
      code: 'invalid_body',
      message: 'Enter a valid email address, like name@example.com.',
    });
  });

  it('refuses a sandbox answer without a redirect', async () => {
    const error = await clientAnswering(() => Response.json({ status: 'succeeded' }))
      .authenticateSandboxPayment('p', 'approve')
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: 'invalid_response', message: API_MESSAGES.sandboxAuthentication.fallback });
  });
});

describe('createApiClient: an aborted quote', () => {
  it('rejects with the fetch AbortError, not an ApiError', async () => {
    const controller = new AbortController();
    controller.abort();
    const abort = new DOMException('This operation was aborted', 'AbortError');
    const error = await clientAnswering(() => Promise.reject(abort))
      .quote(QUOTE_REQUEST, controller.signal)
      .catch((caught: unknown) => caught);
    expect(error).toBe(abort);
    expect((error as Error).name).toBe('AbortError');
  });

  it('rejects with an AbortError when aborted while the answer was read', async () => {
    const controller = new AbortController();
    const api = clientAnswering(() => {
      controller.abort();
      return Response.json(QUOTE);
    });
    const error = await api.quote(QUOTE_REQUEST, controller.signal).catch((caught: unknown) => caught);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).name).toBe('AbortError');
  });
});

describe('createApiClient: verifySession answers the auth machine event (lib/identity/authMachine.ts)', () => {
  it.each<[string, () => Response | Promise<Response>, unknown]>([
    [
      '200',
      () => Response.json({ amgUUID: 'u-1', expires_on: 1_900_000_000 }),
      { type: 'verified', amgUUID: 'u-1', expiresOn: 1_900_000_000 },
    ],
    ['200 without expiry', () => Response.json({ amgUUID: 'u-1' }), { type: 'verified', amgUUID: 'u-1', expiresOn: null }],
    [
      '401 MISSING',
      () => Response.json({ error: { code: 401, status: 'MISSING' } }, { status: 401 }),
      { type: 'verify-failed', code: 401, status: 'MISSING' },
    ],
    [
      '401 NOT_AUTHORIZED',
      () => Response.json({ error: { code: 401, status: 'NOT_AUTHORIZED' } }, { status: 401 }),
      { type: 'verify-failed', code: 401, status: 'NOT_AUTHORIZED' },
    ],
    [
      '401 INVALID',
      () => Response.json({ error: { code: 401, status: 'INVALID' } }, { status: 401 }),
      { type: 'verify-failed', code: 401, status: 'INVALID' },
    ],
    [
      '502 UNAVAILABLE',
      () => Response.json({ error: { code: 502, status: 'UNAVAILABLE' } }, { status: 502 }),
      { type: 'verify-failed', code: 502, status: 'UNAVAILABLE' },
    ],
    ['500 not JSON', () => new Response('oops', { status: 500 }), { type: 'verify-failed', code: 500, status: 'INVALID' }],
    [
      '400 from the route wrapper',
      () => Response.json({ error: { code: 'invalid_livemode_header', message: 'm' } }, { status: 400 }),
      { type: 'verify-failed', code: 400, status: 'INVALID' },
    ],
    ['200 without a user', () => Response.json({}), { type: 'verify-failed', code: 200, status: 'INVALID' }],
    ['network', () => Promise.reject(new TypeError('Failed to fetch')), { type: 'verify-failed', code: 0, status: 'NETWORK' }],
  ])('%s', async (_name, respond, event) => {
    expect(await clientAnswering(respond).verifySession(true)).toEqual(event);
  });
});

describe('createApiClient: loadProfileEmail', () => {
  it.each<[string, () => Response | Promise<Response>, string | null]>([
    ['200', () => Response.json({ email: 'reader@example.com' }), 'reader@example.com'],
    ['401', () => Response.json({ error: { code: 401, status: 'NOT_AUTHORIZED' } }, { status: 401 }), null],
    ['200 without e-mail', () => Response.json({}), null],
    ['not JSON', () => new Response('<html>', { status: 200 }), null],
    ['network', () => Promise.reject(new TypeError('Failed to fetch')), null],
  ])('%s', async (_name, respond, email) => {
    expect(await clientAnswering(respond).loadProfileEmail(false)).toBe(email);
  });
});

describe('kindOfStatus', () => {
  it.each<[number, ApiErrorKind]>([
    [0, 'network'],
    [400, 'refused'],
    [404, 'refused'],
    [409, 'refused'],
    [422, 'refused'],
    [429, 'rate_limited'],
    [500, 'server'],
    [501, 'server'],
    [502, 'unavailable'],
    [503, 'unavailable'],
    [504, 'unavailable'],
    [200, 'invalid_response'],
  ])('%s → %s', (status, kind) => {
    expect(kindOfStatus(status)).toBe(kind);
  });
});
