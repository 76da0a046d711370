import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { GetServerSidePropsContext } from 'next';
import { encodeCartSelection, type CartSelection } from '@/lib/cart/cartSelection';
import { submitRequestSchema } from '@/lib/checkout/submitContract';
import type { JourneyPageProps } from '@/lib/journey/viewModels';
import { isoDate } from '@/lib/pricing/renewalDates';
import { serverContext } from '@/lib/server/context/serverContext';
import { importCatalogueJson } from '@/lib/server/catalogue/importCatalogue';
import { readDemoCatalogue } from '@/lib/server/catalogue/demoCatalogue';
import { RECEIPT_COOKIE } from '@/lib/server/checkout/receiptCookie';
import { submitCheckout } from '@/lib/server/checkout/submitService';
import { getServerSideProps } from './journeyPage';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import { newTransactionFixture } from '@/tests/fixtures/transactions';
import { countryList } from '@/lib/geo/countries';
import { countryLines } from '@/lib/geo/countryLines';

vi.hoisted(() => {
  process.env.DATABASE_URL = 'file::memory:';
});

const appDb = async () => (await serverContext()).db;

beforeAll(async () => {
  const { db, catalogue } = await serverContext();
  await importCatalogueJson(db, readDemoCatalogue());
  catalogue.invalidate();
});

interface Options {
  cookies?: Record<string, string>;
  host?: string;
  method?: string;
  headers?: Record<string, string>;
}

function context(resolvedUrl: string, options: Options = {}) {
  const pathname = resolvedUrl.split('?')[0]!;
  const [brand, url_slug, ...step] = pathname.split('/').slice(1);
  const headers: Record<string, string | string[]> = {};
  const res = {
    statusCode: 200,
    headers,
    setHeader: (name: string, value: string | string[]) => (headers[name] = value),
    appendHeader: (name: string, value: string) => (headers[name] = [...[headers[name] ?? []].flat(), value]),
  };
  const cookies = options.cookies ?? {};
  const cookieHeader = Object.entries(cookies)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('; ');
  const ctx = {
    params: { brand, url_slug, ...(step.length ? { step } : {}) },
    query: {},
    resolvedUrl,
    req: {
      method: options.method ?? 'GET',
      headers: { host: options.host ?? 'localhost:3000', ...(cookieHeader ? { cookie: cookieHeader } : {}), ...options.headers },
      cookies,
    },
    res,
  } as unknown as GetServerSidePropsContext;
  return { ctx, res };
}

async function load(url: string, options?: Options) {
  const { ctx, res } = context(url, options);
  return { result: await getServerSideProps(ctx), status: res.statusCode, headers: res.headers };
}

/** The props of a journey page; fails the test on anything else. */
async function journeyProps(url: string, options?: Options): Promise<JourneyPageProps> {
  const { result } = await load(url, options);
  if (!('props' in result)) throw new Error(`${url}: expected props, got ${JSON.stringify(result)}`);
  const props = await result.props;
  if (props.kind !== 'journey') throw new Error(`${url}: expected a journey page, got ${JSON.stringify(props)}`);
  return props;
}

/** The cart cookie of a selection, set for both demo campaigns used here (each campaign reads its own). */
const cart = (selection: Partial<CartSelection> & { offerId: string }) => {
  const value = encodeCartSelection({ addOnIds: [], promoCode: null, country: null, region: null, ...selection });
  return { 'pj_cart_vogue-demo-single': value, 'pj_cart_newyorker-demo-dual': value };
};

/** The Set-Cookie values a page answered with. */
const setCookies = (headers: Record<string, string | string[]>) => [headers['Set-Cookie'] ?? []].flat();

describe('journey page loader', () => {
  it.each([
    ['/vogue/demo-single', 'campaign', 'single-offer-v1'],
    ['/newyorker/demo-dual', 'campaign', 'dual-offer-v2'],
    ['/wired/demo-trial/cart', 'cart', 'single-offer-v1'],
  ])('%s is the %s step with the %s template', async (url, step, template) => {
    const { result } = await load(url);
    expect(result).toMatchObject({ props: { kind: 'journey', step, flow: { templateIdentifier: template } } });
  });

  it('reads live mode, test mode and source, and keeps the query for the next step', async () => {
    expect((await load('/vogue/demo-single')).result).toMatchObject({ props: { mode: { livemode: true, source: null }, search: '' } });
    expect((await load('/vogue/demo-single?livemode=false&source=newsletter')).result).toMatchObject({
      props: { mode: { livemode: false, source: 'newsletter' }, search: '?livemode=false&source=newsletter' },
    });
    expect((await load('/vogue/demo-single', { cookies: { mt_livemode: 'false' } })).result).toMatchObject({
      props: { mode: { livemode: false } },
    });
  });

  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty'])(
    'reads a query key named like an object property (%s) as any other',
    async (key) => {
      expect((await load(`/vogue/demo-single?${key}=x&livemode=false`)).result).toMatchObject({ props: { mode: { livemode: false } } });
    },
  );

  it("serves the private steps in a language the campaign offers when the buyer chose it, the offer page in the campaign's", async () => {
    const offer = await journeyProps('/newyorker/demo-ca?livemode=false&lang=fr-CA');
    expect(offer.i18n.locale).toBe('en-CA');
    expect(offer.languages).toBeUndefined();
    const cartStep = await journeyProps('/newyorker/demo-ca/cart?livemode=false&lang=fr-CA');
    expect(cartStep.i18n.locale).toBe('fr-CA');
    expect(cartStep.languages).toEqual({
      campaign: { locale: 'en-CA', label: 'Continue in English' },
      offers: [{ locale: 'fr-CA', country: 'CA', region: 'QC', label: 'Continuer en français' }],
    });
    expect((await journeyProps('/newyorker/demo-ca/cart?livemode=false&lang=de-DE')).i18n.locale).toBe('en-CA');
    expect((await journeyProps('/gq/demo-de/cart?livemode=false&lang=fr-CA')).i18n.locale).toBe('de-DE');
    expect((await journeyProps('/gq/demo-de/cart?livemode=false')).languages).toBeUndefined();
  });

  it("prices a French private step in French: its quote request names the page's language, and says an unusable code and an unreadable cart in it", async () => {
    const value = encodeCartSelection({ offerId: '2201', addOnIds: [], promoCode: 'NOPE', country: null, region: null });
    const cartStep = await journeyProps('/newyorker/demo-ca/cart?livemode=false&lang=fr-CA', {
      cookies: { 'pj_cart_newyorker-demo-ca': value },
    });
    expect(cartStep.view).toMatchObject({
      order: {
        quoteRequest: { brand: 'newyorker', urlSlug: 'demo-ca', couponCode: 'NOPE', locale: 'fr-CA' },
        quote: { coupon: { applied: false, reason: 'unknown', message: expect.stringMatching(/n’est pas un code promo valide\.$/) } },
      },
    });
    // The catalogue's English sentences are not shown on it: the offer is named by its brand and name.
    expect(cartStep.flow.data.brandIdentity.tagline).toBe('');
    expect(cartStep.view).toMatchObject({
      order: { plan: { description: 'The New Yorker Digital', features: [] }, items: [{ name: 'The New Yorker Digital' }] },
    });
    const english = await journeyProps('/newyorker/demo-ca/cart?livemode=false', { cookies: { 'pj_cart_newyorker-demo-ca': value } });
    expect(english.flow.data.brandIdentity.tagline).toBe('Reporting, commentary, fiction, cartoons and puzzles');
    expect(english.view).toMatchObject({ order: { items: [{ name: 'The New Yorker Digital: one year, in Canada' }] } });
    expect(english.view).toMatchObject({ order: { quote: { coupon: { message: '"NOPE" is not a valid promo code.' } } } });
    expect(english.view).not.toHaveProperty('order.quoteRequest.locale');
    const unreadable = await journeyProps('/newyorker/demo-ca/cart?livemode=false&lang=fr-CA', {
      cookies: { 'pj_cart_newyorker-demo-ca': '{"x":1}' },
    });
    expect(unreadable.view).toMatchObject({ order: null, notice: expect.stringMatching(/^Nous n/) });
  });

  it('answers a malformed query with a 400 page that says what is wrong, in the brand, leading on to its offer', async () => {
    const { result, status } = await load('/vogue/demo-single?livemode=maybe');
    expect(status).toBe(400);
    expect(result).toEqual({
      props: {
        kind: 'refused',
        status: 400,
        reason: { id: 'errors.refusal.livemode' },
        brand: expect.objectContaining({ name: 'Vogue', home: '/vogue/demo-single' }),
        i18n: expect.objectContaining({ locale: 'en-US' }),
      },
    });
  });

  it.each([
    ['/gq/demo-de?livemode=maybe', 'de-DE'],
    ['/vogue/demo-fr?source=%3Cscript%3E', 'fr-FR'],
    ['/gq/demo-gbp?livemode=maybe', 'en-GB'],
  ])('a refusal of %s speaks its campaign’s locale, %s, with the words of the error pages', async (url, locale) => {
    const { result } = await load(url);
    expect(result).toMatchObject({ props: { kind: 'refused', status: 400, i18n: { locale } } });
    const { i18n } = (result as { props: { i18n: { messages: Record<string, unknown> } } }).props;
    expect(Object.keys(i18n.messages)).toEqual(expect.arrayContaining(['errors.refusal.livemode', 'common.error.eyebrow']));
  });

  it('keeps what was right of the query on the way on from a 400', async () => {
    const { result } = await load('/newyorker/demo-dual/cart?source=mail&livemode=maybe');
    expect(result).toMatchObject({
      props: { kind: 'refused', brand: { name: 'The New Yorker', home: '/newyorker/demo-dual?source=mail' } },
    });
  });

  it.each<[string, Record<string, string>]>([
    ['?livemode=false', {}],
    ['', { mt_livemode: 'false' }],
  ])('a refusal in test mode (%s, cookies %o) shows the banner and leads on in test mode', async (query, cookies) => {
    const badSource = await load(`/vogue/demo-single${query}${query ? '&' : '?'}source=%3Cscript%3E`, { cookies });
    expect(badSource.status).toBe(400);
    expect(badSource.result).toMatchObject({
      props: { kind: 'refused', livemode: false, brand: { home: '/vogue/demo-single?livemode=false' } },
    });
    const posted = await load(`/vogue/demo-single${query}`, { method: 'POST', cookies });
    expect(posted.result).toMatchObject({ props: { kind: 'refused', status: 405, livemode: false, brand: { name: 'Vogue' } } });
  });

  it('a refusal of a livemode that is neither true nor false stays live, whatever the cookie says', async () => {
    const { result } = await load('/vogue/demo-single?livemode=maybe', { cookies: { mt_livemode: 'false' } });
    expect(result).toMatchObject({ props: { kind: 'refused', status: 400 } });
    expect(result).not.toHaveProperty('props.livemode');
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH'])('refuses %s with 405 and an Allow header', async (method) => {
    const { result, status, headers } = await load('/vogue/demo-single', { method });
    expect(status).toBe(405);
    expect(headers.Allow).toBe('GET, HEAD');
    expect(result).toMatchObject({ props: { kind: 'refused', status: 405, brand: { name: 'Vogue', home: '/vogue/demo-single' } } });
  });

  it('serves HEAD like GET', async () => {
    expect((await load('/vogue/demo-single', { method: 'HEAD' })).result).toMatchObject({ props: { kind: 'journey' } });
  });

  it.each([
    '/vogue/unknown-campaign',
    '/unknown-brand/demo-single',
    '/vogue/demo-single/not-a-step',
    '/vogue/demo-single/cart/extra',
    '/Vogue/no-such-campaign',
    '/Elle/demo-single',
    '/Vogue/demo-single/Basket',
    '/vogue/demo..single',
  ])('%s is not found', async (url) => {
    expect((await load(url)).result).toEqual({ notFound: true });
  });

  it.each([
    ['/Vogue/demo-single', '/vogue/demo-single'],
    ['/Vogue/Demo-Single/cart?livemode=false&source=Newsletter', '/vogue/demo-single/cart?livemode=false&source=Newsletter'],
    ['/NEWYORKER/DEMO-DUAL/CREDIT-CARD?source=a%2Fb&x=1', '/newyorker/demo-dual/credit-card?source=a%2Fb&x=1'],
  ])('sends %s to %s for good (308), the query kept as sent', async (url, destination) => {
    const { result, headers } = await load(url);
    expect(result).toEqual({ redirect: { destination, permanent: true } });
    // Never kept by a shared cache: the catalogue may gain the lower-case campaign's twin.
    expect(headers['Cache-Control']).toBe('private, no-store');
  });

  it.each(['/vogue/demo-ended', '/vogue/demo-ended/cart', '/vogue/demo-ended/promo-code', '/vogue/demo-ended/credit-card'])(
    '%s, a campaign past its end date, is not found',
    async (url) => {
      expect((await load(url)).result).toEqual({ notFound: true });
    },
  );

  it("still shows an ended campaign's success page: a buyer may have paid as it ended", async () => {
    expect((await load('/vogue/demo-ended/success?livemode=false')).result).toMatchObject({ props: { kind: 'journey', step: 'success' } });
  });

  it('is not found for a route param holding an encoded slash', async () => {
    const { ctx } = context('/vogue/demo-single');
    (ctx.params as Record<string, unknown>).url_slug = 'demo-single/../x';
    expect(await getServerSideProps(ctx)).toEqual({ notFound: true });
  });

  it('sends Epicurious pages on other hosts to /404', async () => {
    expect((await load('/epicurious/demo-preauth', { host: 'www.vogue.com' })).result).toEqual({
      redirect: { destination: '/404', permanent: false },
    });
    expect((await load('/epicurious/demo-preauth', { host: 'www.epicurious.com' })).result).toMatchObject({ props: { kind: 'journey' } });
  });
});

describe('journey page loader: who may keep the page', () => {
  const SHARED = 'public, s-maxage=40, stale-while-revalidate=15';
  const PERSONAL = 'private, no-store';

  it.each<[string, Options, string]>([
    ['/vogue/demo-single', {}, SHARED],
    ['/vogue/demo-single?source=newsletter', {}, SHARED],
    ['/vogue/demo-single', { method: 'HEAD' }, SHARED],
    ['/vogue/demo-single', { cookies: { _ga: 'GA1.2.3' } }, SHARED],
    ['/vogue/demo-single?livemode=false', {}, PERSONAL],
    ['/vogue/demo-single', { cookies: { mt_livemode: 'false' } }, PERSONAL],
    ['/vogue/demo-single', { cookies: { CN_token_access: 'token' } }, PERSONAL],
    ['/vogue/demo-single', { cookies: { pj_consent: 'C0001' } }, PERSONAL],
    ['/vogue/demo-single', { method: 'POST' }, PERSONAL],
    ['/vogue/demo-single?livemode=maybe', {}, PERSONAL],
    ['/vogue/demo-single/cart', {}, PERSONAL],
    ['/vogue/demo-single/credit-card', {}, PERSONAL],
    ['/vogue/demo-single/success', {}, PERSONAL],
    ['/vogue/demo-single/auth/initiate', {}, PERSONAL],
    ['/vogue/unknown-campaign', {}, PERSONAL],
  ])('%s %j: Cache-Control %s', async (url, options, cacheControl) => {
    const { headers } = await load(url, options);
    expect(headers['Cache-Control']).toBe(cacheControl);
    expect(headers.Vary).toBe(cacheControl === SHARED ? 'Cookie' : undefined);
  });

  it('renders a shared page from its URL alone: the same props whatever else the request carries', async () => {
    const plain = await load('/vogue/demo-single?source=newsletter');
    const busy = await load('/vogue/demo-single?source=newsletter', {
      cookies: { _ga: 'GA1.2.3', OptanonAlertBoxClosed: 'yes' },
      // The visitor's location included: the offer page never reads it (only the personal payment step does).
      headers: {
        'user-agent': 'another browser',
        'x-forwarded-for': '194.25.2.129',
        'accept-language': 'de-DE',
        'cloudfront-viewer-country': 'DE',
      },
    });
    expect(busy.headers['Cache-Control']).toBe(SHARED);
    expect(JSON.stringify(await (busy.result as { props: unknown }).props)).toBe(
      JSON.stringify(await (plain.result as { props: unknown }).props),
    );
  });
});

describe('journey page loader: an offer page whose campaign is about to end', () => {
  /** The demo catalogue, with a copy of demo-single that ends `msFromNow` from now. */
  async function endingCampaign(urlSlug: string, msFromNow: number): Promise<string> {
    const file = JSON.parse(readDemoCatalogue()) as { checkoutFlows: { urlSlug: string; campaignId: string; endsAt: string | null }[] };
    const single = file.checkoutFlows.find((flow) => flow.urlSlug === 'demo-single')!;
    const endsAt = new Date(Date.now() + msFromNow).toISOString();
    file.checkoutFlows.push({ ...single, urlSlug, campaignId: `vogue-${urlSlug}`, endsAt });
    const { db, catalogue } = await serverContext();
    await importCatalogueJson(db, JSON.stringify(file));
    catalogue.invalidate();
    return endsAt;
  }

  it('is kept by a shared cache only until the campaign ends, stale time included', async () => {
    const endsAt = await endingCampaign('ends-in-30s', 30_900);
    // Taken before the request: the server's own count, a moment later, is no longer.
    const secondsLeft = (Date.parse(endsAt) - Date.now()) / 1000;
    const { headers } = await load('/vogue/ends-in-30s');
    const header = /^public, s-maxage=(\d+), stale-while-revalidate=15$/.exec(String(headers['Cache-Control']));
    expect(header).not.toBeNull();
    expect(Number(header![1]) + 15).toBeLessThanOrEqual(secondsLeft);
    expect(Number(header![1])).toBeGreaterThanOrEqual(1);
  });

  it('is kept by nobody in its last seconds', async () => {
    await endingCampaign('ends-in-10s', 10_000);
    const { headers } = await load('/vogue/ends-in-10s');
    expect(headers['Cache-Control']).toBe('private, no-store');
    expect(headers.Vary).toBeUndefined();
  });
});

/** Props a step no longer has: each step's own view model holds what it needs. */
const GONE_PROPS = ['location', 'crossSells', 'transaction', 'payments', 'authError', 'returnSegments'];

/** The success page without a receipt: no order, but the brand's reading URL all the same (the catalogue's). */
const NO_ORDER_SUCCESS = {
  transaction: null,
  signedIn: false,
  trackingSessionId: null,
  billedTo: null,
  readingUrl: 'https://www.vogue.com/',
};

describe('journey page loader: each step renders its own view model', () => {
  it.each<[string, string, unknown, number]>([
    ['/vogue/demo-single', 'campaign', {}, 200],
    ['/vogue/demo-single/cart', 'cart', { order: null, notice: null, paidOrder: false, alreadySubscribed: false }, 200],
    ['/vogue/demo-single/promo-code', 'promo-code', { order: null, notice: null, paidOrder: false }, 200],
    [
      '/vogue/demo-single/credit-card',
      'credit-card',
      // Live mode on a sandbox server: no method takes real money here.
      {
        order: null,
        notice: null,
        paidOrder: false,
        paymentMethods: [],
        signedInEmail: null,
        today: isoDate(new Date()),
        returnedFailure: null,
        trackingSessionId: null,
        arrivalLocation: null,
        countries: countryLines(countryList('en')),
      },
      200,
    ],
    ['/vogue/demo-single/success', 'success', NO_ORDER_SUCCESS, 403],
    ['/vogue/demo-single/order-success', 'success', NO_ORDER_SUCCESS, 403],
    [
      '/vogue/demo-single/auth/initiate',
      'auth-initiate',
      { returnSegments: [], offerName: 'Vogue Digital', signedIn: false, prefillEmail: null },
      200,
    ],
    [
      '/vogue/demo-single/auth/initiate/promo-code',
      'auth-initiate',
      { returnSegments: ['promo-code'], offerName: 'Vogue Digital', signedIn: false, prefillEmail: null },
      200,
    ],
    ['/vogue/demo-single/auth/complete', 'auth-complete', { authError: 'invalid' }, 400],
    [
      '/vogue/demo-single/credit-card/amazon-pay',
      'amazon-pay-return',
      { message: 'This link back from Amazon Pay is incomplete. Nothing more was charged.' },
      400,
    ],
  ])('%s is the %s step', async (url, step, view, status) => {
    const { result, status: answered } = await load(url);
    expect(result).toMatchObject({
      props: { kind: 'journey', step, base: '/vogue/demo-single', search: '', flow: { campaignId: 'vogue-demo-single' } },
    });
    const props = await (result as { props: JourneyPageProps }).props;
    expect(props.view).toEqual(view);
    for (const gone of GONE_PROPS) expect(props).not.toHaveProperty(gone);
    expect(answered).toBe(status);
  });

  it.each<[string, string | null]>([
    ['?payment_failed=insufficient_funds', 'insufficient_funds'],
    ['?livemode=false&payment_failed=authentication_failed', 'authentication_failed'],
    ['?payment_failed=toString', null],
    ['?payment_failed=', null],
  ])('the payment step names why the bank sent the visitor back (%s), for the page to word', async (query, failure) => {
    const props = await journeyProps(`/vogue/demo-single/credit-card${query}`);
    expect(props).toMatchObject({ step: 'credit-card', view: { returnedFailure: failure } });
  });

  it("sent back with a failure, the payment step continues the visit that sent the order (the receipt's)", async () => {
    const receipt = await pay('4000 0000 0000 0002', 'buyer@example.com', 'pv-sent-with-order-02');
    const back = await journeyProps('/vogue/demo-single/credit-card?livemode=false&payment_failed=authentication_failed', {
      cookies: { [RECEIPT_COOKIE]: receipt },
    });
    expect(back).toMatchObject({ view: { trackingSessionId: 'pv-sent-with-order-02' } });
    const plain = await journeyProps('/vogue/demo-single/credit-card?livemode=false', { cookies: { [RECEIPT_COOKIE]: receipt } });
    expect(plain).toMatchObject({ view: { trackingSessionId: null } });
  });
});

describe('journey page loader: the cart cookie', () => {
  const chosen = { offerId: '2002', addOnIds: ['2101'], promoCode: 'SAVE20', country: 'US', region: 'NY' };

  it.each(['cart', 'promo-code'])('renders the %s step with the order of the pj_cart cookie, priced without location', async (step) => {
    const { result, status, headers } = await load(`/newyorker/demo-dual/${step}`, { cookies: cart(chosen) });
    expect(status).toBe(200);
    expect(setCookies(headers)).toEqual([]);
    const { view } = (await (result as { props: JourneyPageProps }).props) as Extract<JourneyPageProps, { step: 'cart' }>;
    expect(view.notice).toBeNull();
    const order = view.order!;
    expect(order.selection).toEqual(chosen);
    expect(order.plan).toMatchObject({ id: '2002', name: 'Print + Digital' });
    expect(order.items.map((item) => [item.id, item.price])).toEqual([
      ['2002', 14900],
      ['2101', 2500],
    ]);
    expect(order.availableAddOns.map((offer) => offer.id)).toEqual(['2101', '2102']);
    expect(order.quoteRequest).toEqual({
      brand: 'newyorker',
      urlSlug: 'demo-dual',
      offerId: '2002',
      addOnIds: ['2101'],
      couponCode: 'SAVE20',
    });
    expect(order.quote).toMatchObject({
      campaignId: 'newyorker-demo-dual',
      offerId: '2002',
      coupon: { code: 'SAVE20', applied: true },
      autoRenewalConsentRequired: false,
      quote: { currencyCode: 'USD', subtotal: 17400, discount: 3480, tax: 0, total: 13920 },
    });
    expect(order.quoteError).toBeNull();
  });

  it("prices the payment step for the buyer's location, with the renewal mandate that applies there", async () => {
    const props = await journeyProps('/newyorker/demo-dual/credit-card', { cookies: cart(chosen) });
    const { view } = props as Extract<JourneyPageProps, { step: 'credit-card' }>;
    expect(view.order!.quoteRequest).toEqual({
      brand: 'newyorker',
      urlSlug: 'demo-dual',
      offerId: '2002',
      addOnIds: ['2101'],
      couponCode: 'SAVE20',
      country: 'US',
      region: 'NY',
    });
    expect(view.order!.quote).toMatchObject({ autoRenewalConsentRequired: true, quote: { subtotal: 17400, discount: 3480 } });
  });

  it('prices a payment step whose cart has no location where the visitor arrived from, and says where that is', async () => {
    const props = await journeyProps('/vogue/demo-single/credit-card?livemode=false', {
      cookies: cart({ offerId: '1001' }),
      headers: { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' },
    });
    const { view } = props as Extract<JourneyPageProps, { step: 'credit-card' }>;
    expect(view.arrivalLocation).toEqual({ country: 'DE', region: null, source: 'language' });
    expect(view.order!.selection).toMatchObject({ country: 'DE', region: null });
    expect(view.order!.quoteRequest).toMatchObject({ offerId: '1001', country: 'DE' });
    // Germany's renewal mandate applies from the first render.
    expect(view.order!.quote).toMatchObject({ autoRenewalConsentRequired: true });
  });

  it("prices the payment step for the buyer's own country, whatever the visitor's location says", async () => {
    const props = await journeyProps('/vogue/demo-single/credit-card?livemode=false', {
      cookies: cart({ offerId: '1001', country: 'GB' }),
      headers: { 'accept-language': 'de-DE' },
    });
    const { view } = props as Extract<JourneyPageProps, { step: 'credit-card' }>;
    expect(view.arrivalLocation).toEqual({ country: 'DE', region: null, source: 'language' });
    expect(view.order!.quoteRequest).toMatchObject({ country: 'GB' });
  });

  it('leaves unpriced an arrival country whose state is unknown, and believes no geolocation header from an untrusted peer', async () => {
    const props = await journeyProps('/vogue/demo-single/credit-card?livemode=false', {
      cookies: cart({ offerId: '1001' }),
      headers: { 'accept-language': 'en-US', 'cloudfront-viewer-country': 'CA', 'cloudfront-viewer-country-region': 'QC' },
    });
    const { view } = props as Extract<JourneyPageProps, { step: 'credit-card' }>;
    expect(view.arrivalLocation).toEqual({ country: 'US', region: null, source: 'language' });
    expect(view.order!.selection).toMatchObject({ country: null, region: null });
    expect(view.order!.quoteRequest).not.toHaveProperty('country');
  });

  it('explains a promo code that no longer applies, with the total unchanged', async () => {
    const props = await journeyProps('/newyorker/demo-dual/cart', { cookies: cart({ offerId: '2001', promoCode: 'OLD10' }) });
    const { order } = (props as Extract<JourneyPageProps, { step: 'cart' }>).view;
    expect(order!.quote).toMatchObject({
      coupon: { code: 'OLD10', applied: false, message: 'The promo code OLD10 has expired.' },
      quote: { total: 9900 },
    });
  });

  it("drops what the campaign no longer offers: another plan's add-on, then a plan that is gone", async () => {
    const dropped = await journeyProps('/newyorker/demo-dual/cart', { cookies: cart({ offerId: '2001', addOnIds: ['2101', '2102'] }) });
    expect((dropped as Extract<JourneyPageProps, { step: 'cart' }>).view.order!.selection.addOnIds).toEqual(['2102']);
    const { result, status } = await load('/newyorker/demo-dual/cart', { cookies: cart({ offerId: '1001' }) });
    expect(status).toBe(200);
    expect(result).toMatchObject({ props: { step: 'cart', view: { order: null, notice: null } } });
  });

  it('names the offer of the cart on the sign-in page', async () => {
    const props = await journeyProps('/newyorker/demo-dual/auth/initiate/cart', { cookies: cart({ offerId: '2002' }) });
    expect(props).toMatchObject({ step: 'auth-initiate', view: { returnSegments: ['cart'], offerName: 'Print + Digital' } });
    // Without a cart, a campaign of two offers names neither.
    expect(await journeyProps('/newyorker/demo-dual/auth/initiate')).toMatchObject({ view: { offerName: null } });
  });

  it("says so in the step's data too, without the 400 that would make Next reload the page (and lose the notice)", async () => {
    const { result, status, headers } = await load('/vogue/demo-single/cart', {
      cookies: { 'pj_cart_vogue-demo-single': '{"o":"1001","x":1}' },
      headers: { 'x-nextjs-data': '1' },
    });
    expect(status).toBe(200);
    expect(result).toMatchObject({
      props: { step: 'cart', view: { order: null, notice: expect.stringMatching(/^We could not read the order/) } },
    });
    expect(setCookies(headers)).toEqual([expect.stringMatching(/^pj_cart_vogue-demo-single=; Path=\/; Max-Age=0/)]);
  });

  it.each(['cart', 'promo-code', 'credit-card'])(
    'answers a malformed pj_cart cookie on the %s step with a 400 that says so and clears it',
    async (step) => {
      const { result, status, headers } = await load(`/vogue/demo-single/${step}`, {
        cookies: { 'pj_cart_vogue-demo-single': '{"o":"1001","a":[],"p":"FREE100","x":1}' },
      });
      expect(status).toBe(400);
      expect(result).toMatchObject({
        props: {
          kind: 'journey',
          step,
          view: { order: null, notice: expect.stringContaining('We could not read the order saved in this browser') },
        },
      });
      expect(setCookies(headers)).toEqual([expect.stringMatching(/^pj_cart_vogue-demo-single=; Path=\/; Max-Age=0(;|$)/)]);
    },
  );

  it.each([
    ['bad JSON', '{"o":'],
    ['oversized', `{"o":"1001","a":[]}`.padEnd(600, ' ')],
    ['with a duplicate add-on', '{"o":"2001","a":["2102","2102"]}'],
  ])('refuses a cookie that is %s', async (_label, raw) => {
    const { status, headers } = await load('/vogue/demo-single/cart', { cookies: { 'pj_cart_vogue-demo-single': raw } });
    expect(status).toBe(400);
    expect(setCookies(headers).join('\n')).toMatch(/pj_cart_vogue-demo-single=; Path=\/; Max-Age=0/);
  });

  it('leaves the offer page alone whatever the cookie holds', async () => {
    const { status, headers, result } = await load('/vogue/demo-single', { cookies: { 'pj_cart_vogue-demo-single': 'not ours' } });
    expect(status).toBe(200);
    expect(setCookies(headers)).toEqual([]);
    expect(result).toMatchObject({ props: { step: 'campaign', view: {} } });
  });
});

/** Pays for Vogue Digital through the sandbox, as the submit endpoint does; answers the receipt cookie's value. */
async function pay(cardNumber: string, email = 'buyer@example.com', trackingSessionId?: string): Promise<string> {
  const { checkout: services, catalogue } = await serverContext();
  const request = submitRequestSchema.parse({
    idempotencyKey: randomUUID(),
    brand: 'vogue',
    urlSlug: 'demo-single',
    offerId: '1001',
    addOnIds: [],
    billing: { email, firstName: 'Ada', lastName: 'Reader', country: 'GB' },
    autoRenewalConsent: false,
    payment: { kind: 'sandbox-card', number: cardNumber, expiry: '12/30', cvc: '123' },
    livemode: false,
    source: null,
    trackingSessionId,
    returnPath: '/vogue/demo-single/credit-card?livemode=false',
  });
  const { receipt } = await submitCheckout(services, await catalogue.get(), request);
  return `${receipt!.transactionId}.${receipt!.token}`;
}

/** A live order of Vogue Digital, paid through a real gateway (recorded directly: the sandbox takes no live payments). */
async function paidLiveOrder(id: string, { email, buyerIdentity }: { email: string; buyerIdentity: string | null }): Promise<void> {
  const { db } = await serverContext();
  const transactions = new TransactionRepository(db);
  await transactions.create(
    newTransactionFixture({ id, livemode: true, customer: { email, firstName: 'Ada', lastName: 'Reader', country: 'GB' }, buyerIdentity }),
  );
  await transactions.markSucceeded(id, `pi_${id}`);
}

describe('journey page loader: the success page', () => {
  const CLEARED = /^pj_cart_vogue-demo-single=; Path=\/; Max-Age=0/;

  it('shows the paid order of the receipt and empties the cart', async () => {
    const { result, status, headers } = await load('/vogue/demo-single/success?livemode=false', {
      cookies: { [RECEIPT_COOKIE]: await pay('4242 4242 4242 4242'), ...cart({ offerId: '1001' }) },
    });
    expect(status).toBe(200);
    expect(result).toMatchObject({
      props: {
        step: 'success',
        view: { signedIn: false, transaction: { status: 'succeeded', offer: { id: '1001' }, customer: { email: 'buyer@example.com' } } },
      },
    });
    expect(setCookies(headers)).toEqual([expect.stringMatching(CLEARED)]);
  });

  it('hands the success page the session id the order was sent with, so that its events continue that visit', async () => {
    const withId = await load('/vogue/demo-single/success?livemode=false', {
      cookies: { [RECEIPT_COOKIE]: await pay('4242 4242 4242 4242', 'buyer@example.com', 'pv-sent-with-order-01') },
    });
    expect(withId.result).toMatchObject({ props: { view: { trackingSessionId: 'pv-sent-with-order-01' } } });
    const without = await load('/vogue/demo-single/success?livemode=false', {
      cookies: { [RECEIPT_COOKIE]: await pay('4242 4242 4242 4242') },
    });
    expect(without.result).toMatchObject({ props: { view: { trackingSessionId: null } } });
    expect((await load('/vogue/demo-single/success?livemode=false')).result).toMatchObject({
      props: { view: { trackingSessionId: null } },
    });
  });

  it('says the order is done on an order step reached back from the success page (no cart, a paid receipt)', async () => {
    const receipt = await pay('4242 4242 4242 4242');
    for (const step of ['cart', 'promo-code', 'credit-card']) {
      const props = await journeyProps(`/vogue/demo-single/${step}?livemode=false`, { cookies: { [RECEIPT_COOKIE]: receipt } });
      expect(props.view).toMatchObject({ order: null, notice: null, paidOrder: true });
    }
    // Another campaign's order is not this one's, and a declined one is not done.
    expect((await journeyProps('/newyorker/demo-dual/cart', { cookies: { [RECEIPT_COOKIE]: receipt } })).view).toMatchObject({
      paidOrder: false,
    });
    const declined = await pay('4000 0000 0000 0002');
    expect((await journeyProps('/vogue/demo-single/cart?livemode=false', { cookies: { [RECEIPT_COOKIE]: declined } })).view).toMatchObject({
      paidOrder: false,
    });
  });

  it("gives the success page the brand's reading URL and the invoice's billing name and address", async () => {
    const props = await journeyProps('/vogue/demo-single/success?livemode=false', {
      cookies: { [RECEIPT_COOKIE]: await pay('4242 4242 4242 4242') },
    });
    expect(props.view).toMatchObject({
      readingUrl: 'https://www.vogue.com/',
      billedTo: { name: 'Ada Reader', address: [expect.stringMatching(/^United Kingdom/)] },
    });
  });

  it("prefills the sign-in page reached from the success page with the buyer's address, from the order alone", async () => {
    const receipt = await pay('4242 4242 4242 4242', 'reader@example.com');
    const fromSuccess = (url: string, cookies: Record<string, string> = { [RECEIPT_COOKIE]: receipt }) => journeyProps(url, { cookies });
    expect((await fromSuccess('/vogue/demo-single/auth/initiate/success?livemode=false&method=magic-link')).view).toMatchObject({
      returnSegments: ['success'],
      prefillEmail: 'reader@example.com',
    });
    // An address in the URL is not the order's: anyone can write one.
    expect((await fromSuccess('/vogue/demo-single/auth/initiate/success?email=eve%40example.com', {})).view).toMatchObject({
      prefillEmail: null,
    });
    // Only on the way back to the success page, for this campaign's paid order.
    expect((await fromSuccess('/vogue/demo-single/auth/initiate/cart?livemode=false')).view).toMatchObject({ prefillEmail: null });
    expect((await fromSuccess('/newyorker/demo-dual/auth/initiate/success')).view).toMatchObject({ prefillEmail: null });
    const declined = await pay('4000 0000 0000 0002', 'reader@example.com');
    expect(
      (await fromSuccess('/vogue/demo-single/auth/initiate/success?livemode=false', { [RECEIPT_COOKIE]: declined })).view,
    ).toMatchObject({ prefillEmail: null });
  });

  it('keeps the cart of a declined payment', async () => {
    const { result, headers } = await load('/vogue/demo-single/success?livemode=false', {
      cookies: { [RECEIPT_COOKIE]: await pay('4000 0000 0000 0002'), ...cart({ offerId: '1001' }) },
    });
    expect(result).toMatchObject({ props: { step: 'success', view: { transaction: { status: 'failed' } } } });
    expect(setCookies(headers)).toEqual([]);
  });

  it("shows nothing, and keeps the cart, for another campaign's receipt", async () => {
    const { result, status, headers } = await load('/newyorker/demo-dual/success', {
      cookies: { [RECEIPT_COOKIE]: await pay('4242 4242 4242 4242'), ...cart({ offerId: '2001' }) },
    });
    expect(status).toBe(403);
    expect(result).toMatchObject({ props: { step: 'success', view: { transaction: null } } });
    expect(setCookies(headers)).toEqual([]);
  });
});

describe('journey page loader: signing in', () => {
  /** The nonce cookie of the browser that asked for the links below (plain http here: no __Host- prefix). */
  const NONCE = 'n'.repeat(43);
  const asker = { cookies: { CN_sign_in_nonce: NONCE } };

  /** Asks the built-in identity for a link back to the cart (from the `asker` browser), and answers its token from the outbox. */
  async function signInLink(email: string): Promise<string> {
    const { identity } = await serverContext();
    const sent = await identity.requestLink({
      browserNonce: NONCE,
      email,
      purpose: 'magic-link',
      returnPath: '/vogue/demo-single/cart?livemode=false',
      ip: `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      origin: 'http://localhost:3000',
      completePath: '/vogue/demo-single/auth/complete',
      brandName: 'Vogue',
    });
    expect(sent).toBe('sent');
    const db = await appDb();
    const mail = await db
      .selectFrom('outbox')
      .selectAll()
      .where('to_email', '=', email)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    return new URL(mail.link!).searchParams.get('token')!;
  }

  /** Signs the `asker` browser in with a link to `email`, opened there; answers the session's cookies. */
  async function signedInCookies(email: string): Promise<Record<string, string>> {
    const signedIn = await load(`/vogue/demo-single/auth/complete?token=${await signInLink(email)}`, asker);
    const session = setCookies(signedIn.headers).map((cookie) => cookie.split(';')[0]!.split('=') as [string, string]);
    return Object.fromEntries(session.map(([name, value]) => [name, decodeURIComponent(value)]));
  }

  it('does not spend a link on HEAD (a link scanner), even with the nonce, so the visitor can still use it', async () => {
    const token = await signInLink('scanned@example.com');
    const head = await load(`/vogue/demo-single/auth/complete?token=${token}`, { method: 'HEAD', ...asker });
    expect(head.result).toMatchObject({
      props: { kind: 'journey', step: 'auth-complete', view: { authError: null, confirmEmail: 'scanned@example.com' } },
    });
    expect(setCookies(head.headers)).toEqual([]);
    expect(head.headers['Referrer-Policy']).toBe('no-referrer');

    const get = await load(`/vogue/demo-single/auth/complete?token=${token}`, asker);
    expect(get.result).toEqual({ redirect: { destination: '/vogue/demo-single/cart?livemode=false', permanent: false } });
    expect(setCookies(get.headers).join('\n')).toMatch(/CN_token_access_expires=/);

    const again = await load(`/vogue/demo-single/auth/complete?token=${token}`, asker);
    expect(again.status).toBe(410);
    expect(again.result).toMatchObject({ props: { step: 'auth-complete', view: { authError: 'used' } } });
  });

  it('opened in another browser, asks to confirm the address and changes nothing; the link still works where it was asked for', async () => {
    const token = await signInLink('elsewhere@example.com');
    for (const other of [{}, { cookies: { CN_sign_in_nonce: 'o'.repeat(43) } }]) {
      const opened = await load(`/vogue/demo-single/auth/complete?livemode=false&token=${token}`, other);
      expect(opened.status).toBe(200);
      expect(opened.result).toMatchObject({
        props: { step: 'auth-complete', view: { authError: null, confirmEmail: 'elsewhere@example.com' } },
      });
      expect(setCookies(opened.headers)).toEqual([]);
      expect(opened.headers['Cache-Control']).toBe('private, no-store');
    }
    expect((await load(`/vogue/demo-single/auth/complete?token=${token}`, asker)).result).toMatchObject({ redirect: {} });
  });

  it('says an expired or unknown link is so, with or without the nonce', async () => {
    const unknown = await load(`/vogue/demo-single/auth/complete?token=${'A'.repeat(43)}`, asker);
    expect(unknown.status).toBe(400);
    expect(unknown.result).toMatchObject({ props: { view: { authError: 'invalid' } } });
    const token = await signInLink('late@example.com');
    const db = await appDb();
    await db.updateTable('sign_in_links').set({ expires_at: '2000-01-01T00:00:00.000Z' }).where('email', '=', 'late@example.com').execute();
    const expired = await load(`/vogue/demo-single/auth/complete?token=${token}`, asker);
    expect(expired.status).toBe(410);
    expect(expired.result).toMatchObject({ props: { view: { authError: 'expired' } } });
    expect(setCookies(expired.headers)).toEqual([]);
  });

  it('prefills the signed-in e-mail on the payment step, and tells a subscriber at the cart', async () => {
    const email = 'subscriber@example.com';
    const cookies = await signedInCookies(email);

    const payment = await journeyProps('/vogue/demo-single/credit-card', { cookies });
    expect(payment).toMatchObject({ step: 'credit-card', view: { signedInEmail: email } });
    expect(await journeyProps('/vogue/demo-single/cart', { cookies })).toMatchObject({ view: { alreadySubscribed: false } });

    // A test-mode order is never a subscription.
    await pay('4242 4242 4242 4242', email);
    expect(await journeyProps('/vogue/demo-single/cart', { cookies })).toMatchObject({ view: { alreadySubscribed: false } });
    // A live, paid order bought while signed in as them makes them a subscriber.
    await paidLiveOrder('txn_signed_in', { email: 'other@example.com', buyerIdentity: email });
    expect(await journeyProps('/vogue/demo-single/cart', { cookies })).toMatchObject({ view: { alreadySubscribed: true } });
    expect(await journeyProps('/newyorker/demo-dual/cart', { cookies })).toMatchObject({ view: { alreadySubscribed: false } });
  });

  it('claims a subscription bought signed out once its billing address signs in with a link (the link proves the address)', async () => {
    const email = 'claimer@example.com';
    await paidLiveOrder('txn_bought_signed_out', { email, buyerIdentity: null });
    await paidLiveOrder('txn_someone_else', { email: 'someone@example.com', buyerIdentity: null });
    const cookies = await signedInCookies(email);
    expect(await journeyProps('/vogue/demo-single/cart', { cookies })).toMatchObject({ view: { alreadySubscribed: true } });
    expect(await journeyProps('/newyorker/demo-dual/cart', { cookies })).toMatchObject({ view: { alreadySubscribed: false } });
    // Another address's subscription stays unowned.
    const { db } = await serverContext();
    const other = await db
      .selectFrom('subscriptions')
      .select('owner_email')
      .where('transaction_id', '=', 'txn_someone_else')
      .executeTakeFirst();
    expect(other).toEqual({ owner_email: null });
  });

  it('makes a subscription bought signed out by an address that has signed in before theirs at once', async () => {
    const email = 'returning@example.com';
    const cookies = await signedInCookies(email);
    await paidLiveOrder('txn_bought_after_sign_in', { email, buyerIdentity: null });
    expect(await journeyProps('/vogue/demo-single/cart', { cookies })).toMatchObject({ view: { alreadySubscribed: true } });
  });
});
