import { expect, test, type APIRequestContext, type BrowserContext, type Page, type Request } from '@playwright/test';
import { OfferPage } from './pages/OfferPage';
import { CartPage } from './pages/CartPage';
import { CheckoutPage, SandboxBankPage, SuccessPage } from './pages/CheckoutPage';
import { ADMIN_HEADERS, e2eOperatorToken } from './support';
import { signedInOperator } from './pages/backOffice';
import { axeViolations, WCAG_21_AA } from './accessibility';

interface StoredEvent {
  channel: string;
  action: string;
  topic: string | null;
  campaignId: string | null;
  sessionId: string | null;
  source: string | null;
  livemode: boolean;
  payload: Record<string, unknown>;
}

/** Every storage write the page's scripts make, recorded before any of them runs. */
async function recordStorageWrites(context: BrowserContext): Promise<string[]> {
  const writes: string[] = [];
  await context.exposeBinding('__recordStorageWrite', (_source, entry: string) => void writes.push(entry));
  await context.addInitScript(() => {
    const record = (window as unknown as { __recordStorageWrite: (entry: string) => void }).__recordStorageWrite;
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key: string, value: string) {
      record(`${this === window.localStorage ? 'local' : 'session'}:${key}`);
      return setItem.call(this, key, value);
    };
    const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => cookie.get!.call(document),
      set: (value: string) => {
        record(`cookie:${value.split('=')[0]}`);
        cookie.set!.call(document, value);
      },
    });
  });
  return writes;
}

function recordRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  return requests;
}

const path = (request: Request) => new URL(request.url()).pathname;
const isTracking = (request: Request) =>
  /^\/(martech\/api\/funnel|user-context\/segmentation|com\.condenast\/yv8|martech\/api\/schema-inspector)/.test(path(request));
/** The cart: the campaign's cart cookie (`pj_cart_{campaignId}`). */
const CART_COOKIE = /^pj_cart(_[\w-]+)?$/;
/**
 * Storage the purchase cannot work without: the cart cookie, the checkout attempt and the
 * payment step's draft of what was typed (never card data).
 */
const STRICTLY_NECESSARY = /^(cookie:pj_cart(_[\w-]+)?$|session:pj:(attempt|draft):)/;
/** The cookies beyond the strictly necessary cart. */
const optionalCookies = async (context: BrowserContext) => (await context.cookies()).filter((cookie) => !CART_COOKIE.test(cookie.name));

async function storedEvents(request: APIRequestContext, query: Record<string, string>): Promise<StoredEvent[]> {
  const response = await request.get(`/api/admin/events?${new URLSearchParams(query)}`, { headers: ADMIN_HEADERS });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { events: StoredEvent[] }).events;
}

test.describe('consent gating', () => {
  test('before an answer: anonymous tracking only, nothing stored for it; accepting switches to full', async ({ page, context }) => {
    const writes = await recordStorageWrites(context);
    const requests = recordRequests(page);
    const offers = await OfferPage.open(page, '/vogue/demo-single', { livemode: 'false', source: 'consent-e2e' });
    const banner = page.getByRole('region', { name: 'Your privacy choices' });
    await expect(banner).toBeVisible();
    await offers.choose('Vogue Digital');
    await CartPage.expectOpen(page);
    await expect.poll(() => requests.filter((r) => path(r) === '/martech/api/funnel').length).toBeGreaterThan(0);

    // Anonymous: the funnel hears the visit, but nothing identifying is kept or sent.
    expect(writes.filter((write) => !STRICTLY_NECESSARY.test(write))).toEqual([]);
    expect((await optionalCookies(context)).map((cookie) => cookie.name)).toEqual([]);
    expect(requests.filter((r) => path(r).startsWith('/user-context/segmentation'))).toEqual([]);
    expect(requests.filter((r) => new URL(r.url()).origin !== new URL(page.url()).origin)).toEqual([]);
    for (const collected of requests.filter((r) => path(r) === '/com.condenast/yv8')) {
      expect(collected.headers()['sp-anonymous']).toBe('*');
    }
    expect(await page.evaluate(() => Object.keys(window.localStorage))).toEqual([]);

    const trackingBefore = requests.filter(isTracking).length;
    await banner.getByRole('button', { name: 'Accept all' }).click();
    await expect(banner).toBeHidden();

    // Full: the segment the offer page asked for is now added, and the tracing id is kept.
    await expect
      .poll(() => requests.filter((r) => path(r) === '/user-context/segmentation/add').map((r) => new URL(r.url()).search))
      .toEqual(['?segment=mtu.v&livemode=false']);
    expect(writes).toContain('session:pj_tracing_session_id');
    expect(writes).toContain('cookie:pj_consent');
    await page.getByRole('link', { name: 'Continue to payment' }).click();
    await CheckoutPage.expectOpen(page);
    await expect
      .poll(async () => (await context.cookies()).map((cookie) => cookie.name).some((name) => name.startsWith('_sp_id')))
      .toBe(true);
    expect(requests.filter(isTracking).length).toBeGreaterThan(trackingBefore);
    // An event queued before the answer may still leave after it: waited for, a full one follows.
    await expect
      .poll(() => requests.filter((r) => path(r) === '/com.condenast/yv8' && r.headers()['sp-anonymous'] === undefined).length)
      .toBeGreaterThan(0);
  });

  test('consent can be withdrawn from the footer: the tracing id goes and later events carry a new one', async ({ page, request }) => {
    const requests = recordRequests(page);
    const offers = await OfferPage.open(page, '/vogue/demo-single', { livemode: 'false' });
    await page.getByRole('region', { name: 'Your privacy choices' }).getByRole('button', { name: 'Accept all' }).click();
    // Kept from the first event delivered with consent (tracking's code may still be loading).
    const storedId = () => page.evaluate(() => window.sessionStorage.getItem('pj_tracing_session_id'));
    await expect.poll(storedId).toBeTruthy();
    const tracingId = await storedId();

    await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click();
    await page.getByRole('region', { name: 'Your privacy choices' }).getByRole('button', { name: 'Reject all' }).click();
    expect(await page.evaluate(() => window.sessionStorage.getItem('pj_tracing_session_id'))).toBeNull();
    expect(await page.evaluate(() => Object.keys(window.localStorage).filter((key) => key.startsWith('snowplow')))).toEqual([]);
    const segmentsBefore = requests.filter((r) => path(r).startsWith('/user-context/segmentation')).length;

    await offers.choose('Vogue Digital');
    await CartPage.expectOpen(page);
    const cartLoads = async () =>
      (
        await storedEvents(request, {
          campaignId: 'vogue-demo-single',
          channel: 'funnel',
          since: new Date(Date.now() - 60_000).toISOString(),
        })
      ).filter((event) => event.action === 'add-to-cart' && event.sessionId !== tracingId);
    await expect.poll(async () => (await cartLoads()).length).toBeGreaterThan(0);
    expect(requests.filter((r) => path(r).startsWith('/user-context/segmentation')).length).toBe(segmentsBefore);
  });

  test('reject all: tracking stays anonymous on every page, and the answer is remembered', async ({ page, context }) => {
    const writes = await recordStorageWrites(context);
    const requests = recordRequests(page);
    const offers = await OfferPage.open(page, '/vogue/demo-single', { livemode: 'false' });
    await page.getByRole('region', { name: 'Your privacy choices' }).getByRole('button', { name: 'Reject all' }).click();
    await offers.choose('Vogue Digital');
    await CartPage.expectOpen(page);
    await page.reload();
    await CartPage.expectOpen(page);
    await expect(page.getByRole('region', { name: 'Your privacy choices' })).toHaveCount(0);
    await expect.poll(() => requests.filter((r) => path(r) === '/martech/api/funnel').length).toBeGreaterThan(1);

    expect(writes.filter((write) => !STRICTLY_NECESSARY.test(write))).toEqual(['cookie:pj_consent']);
    expect((await optionalCookies(context)).map((cookie) => `${cookie.name}=${cookie.value}`)).toEqual(['pj_consent=v1:C0001']);
    expect(requests.filter((r) => path(r).startsWith('/user-context/segmentation'))).toEqual([]);
  });
});

test('without consent, a purchase through the bank’s page still reads as one visitor: the page coming back continues the visit', async ({
  page,
  request,
}) => {
  const source = `anonymous-3ds-${Date.now()}`;
  const offers = await OfferPage.open(page, '/vogue/demo-single', { livemode: 'false', source });
  await offers.choose('Vogue Digital');
  await CartPage.expectOpen(page);
  await page.getByRole('link', { name: 'Continue to payment' }).click();
  const checkout = await CheckoutPage.expectOpen(page);
  await checkout.fillBilling();
  await checkout.fillCard('4000 0027 6000 3184');
  await checkout.submit();
  // The bank's page and the way back are full page loads: a new page view, no stored id.
  await (await SandboxBankPage.expectOpen(page)).approve();
  await SuccessPage.expectOpen(page);
  expect(await page.evaluate(() => window.sessionStorage.getItem('pj_tracing_session_id'))).toBeNull();

  const waypoints = async () =>
    (
      await storedEvents(request, {
        campaignId: 'vogue-demo-single',
        channel: 'funnel',
        since: new Date(Date.now() - 120_000).toISOString(),
      })
    ).filter((event) => event.source === source && event.action === 'waypoint');
  await expect.poll(async () => (await waypoints()).some((event) => event.payload.waypointId === 'success')).toBe(true);
  const bySession = new Map<string, string[]>();
  for (const event of await waypoints())
    bySession.set(event.sessionId!, [...(bySession.get(event.sessionId!) ?? []), String(event.payload.waypointId)]);
  const success = [...bySession.values()].find((ids) => ids.includes('success'))!;
  expect(success).toEqual(expect.arrayContaining(['campaign', 'cart', 'credit-card']));
});

test('a purchase emits the funnel events in order, each stored and queryable by QA', async ({ page, context, request }) => {
  await context.addCookies([{ name: 'pj_consent', value: 'v1:C0001,C0002,C0003,C0004', url: 'http://127.0.0.1' }]);
  const source = `funnel-e2e-${Date.now()}`;
  const offers = await OfferPage.open(page, '/vogue/demo-single', { livemode: 'false', source });
  await expect(page.getByRole('region', { name: 'Your privacy choices' })).toHaveCount(0);
  await offers.choose('Vogue Digital');
  const cart = await CartPage.expectOpen(page);
  void cart;
  await page.getByRole('link', { name: 'Continue to payment' }).click();
  const checkout = await CheckoutPage.expectOpen(page);
  await checkout.fillBilling();
  await page.getByLabel('Send me the Vogue newsletter.').check();
  await checkout.fillCard('4242 4242 4242 4242');
  await checkout.submit();
  await SuccessPage.expectOpen(page);
  const sessionId = await page.evaluate(() => window.sessionStorage.getItem('pj_tracing_session_id'));
  expect(sessionId).toMatch(/^[\w-]{8,64}$/);

  const expected = [
    'waypoint:page-navigation',
    'waypoint:campaign',
    'waypoint.journey:hover:subscribe',
    'waypoint.journey:click:subscribe',
    'add-to-cart',
    'waypoint:page-navigation',
    'waypoint:cart',
    'waypoint:page-navigation',
    'waypoint:credit-card',
    'waypoint.journey:focus:first-name',
    'waypoint:page-navigation',
    'waypoint:success',
    'purchase',
    'marketing-permissions',
  ];
  const label = (event: StoredEvent) =>
    event.topic
      ? `${event.topic}:${event.action}:${String(event.payload.el)}`
      : event.action === 'waypoint'
        ? `waypoint:${String(event.payload.waypointId)}`
        : event.action;
  await expect.poll(async () => (await storedEvents(request, { sessionId: sessionId!, channel: 'funnel' })).length).toBe(expected.length);
  const events = await storedEvents(request, { sessionId: sessionId!, channel: 'funnel' });
  expect(events.map(label)).toEqual(expected);
  for (const event of events) expect(event).toMatchObject({ campaignId: 'vogue-demo-single', source, livemode: false, sessionId });

  const byAction = (action: string) => events.find((event) => event.action === action)!.payload;
  expect(byAction('add-to-cart')).toMatchObject({ item: { id: expect.any(String), price: 2500, currency: '$' }, source });
  expect(byAction('purchase')).toMatchObject({ shipping: 0, targeter: source, revenue: 2500, currencyCode: 'USD' });
  expect(byAction('marketing-permissions')).toMatchObject({
    email: 'ada.reader@example.com',
    newsletter_perm: true,
    newsletter_perm_id: 'vogue-newsletter',
    first_pp: false,
    source: 'martech-order-form',
    action: 'order-purchased',
    source_metadata: { campaign_id: 'vogue-demo-single' },
  });

  // A reload of the success page is a page load, not a second purchase.
  await page.reload();
  await SuccessPage.expectOpen(page);
  await expect
    .poll(async () => (await storedEvents(request, { sessionId: sessionId!, channel: 'funnel' })).length)
    .toBe(expected.length + 1);
  expect((await storedEvents(request, { sessionId: sessionId!, channel: 'funnel' })).map(label).slice(expected.length)).toEqual([
    'waypoint:page-navigation',
  ]);

  // Consent to targeting: the segment was added on the offer page and removed on purchase.
  const segments = await storedEvents(request, { channel: 'segmentation', since: new Date(Date.now() - 120_000).toISOString() });
  expect(segments.some((event) => event.action === 'add' && event.payload.segment === 'mtu.v')).toBe(true);
  expect(segments.some((event) => event.action === 'remove' && event.payload.segment === 'mtu.v')).toBe(true);

  // The analytics collector heard the pages and the purchase under the registered schemas.
  await expect
    .poll(async () => (await storedEvents(request, { channel: 'analytics', campaignId: 'vogue-demo-single' })).map((event) => event.action))
    .toContain('checkout_purchase');
});

test.describe('ingestion refuses what it cannot trust', () => {
  const admin = ADMIN_HEADERS;
  const badRowCount = async (request: APIRequestContext, since: string) =>
    (
      (await (await request.get(`/api/admin/bad-rows?channel=funnel&since=${since}&limit=5000`, { headers: admin })).json()) as {
        badRows: unknown[];
      }
    ).badRows.length;

  test('unauthorised, malformed, invalid and oversized funnel requests: a 4xx with a message, a bad row each, no event', async ({
    request,
  }) => {
    const since = new Date(Date.now() - 1000).toISOString();
    // A campaign of the catalogue (the funnel takes no other), this test's own session.
    const campaignId = 'wired-demo-trial';
    const sessionId = `refused-${Date.now()}`;
    const item = {
      action: 'waypoint',
      payload: { waypointId: 'campaign', depth: 100, timestamp: Date.now(), currentPage: '/wired/demo-trial', campaignId },
      _context: { sessionId, source: 'e2e', livemode: false },
    };
    const post = (query: string, body: string, type = 'text/plain;charset=UTF-8') =>
      request.post(`/martech/api/funnel?${query}`, { data: body, headers: { 'content-type': type } });

    const answers = [
      await post('api_key=wrong-key-123', JSON.stringify([item])),
      await post('api_key=pj-demo-funnel-key', '[{"action":'),
      await post('api_key=pj-demo-funnel-key', JSON.stringify([{ ...item, payload: { ...item.payload, depth: 'deep' } }])),
      await post(
        'api_key=pj-demo-funnel-key',
        JSON.stringify([item, { ...item, payload: { ...item.payload, campaignId: 'x'.repeat(70_000) } }]),
      ),
    ];
    expect(answers.map((answer) => answer.status())).toEqual([401, 400, 400, 413]);
    for (const answer of answers) expect(((await answer.json()) as { error: { message: string } }).error.message).toMatch(/\w+/);
    await expect.poll(() => badRowCount(request, since)).toBeGreaterThanOrEqual(4);
    const stored = await storedEvents(request, { sessionId });
    expect(stored).toEqual([]);

    // The same item, sent properly as a pixel, is stored.
    const pixel = await request.get(
      `/martech/api/funnel?api_key=pj-demo-funnel-key&livemode=false&data=${encodeURIComponent(JSON.stringify([item]))}`,
    );
    expect(pixel.status()).toBe(200);
    expect(pixel.headers()['content-type']).toBe('image/gif');
    expect(await storedEvents(request, { sessionId })).toMatchObject([{ action: 'waypoint', livemode: false, campaignId }]);

    // An unknown campaign, or a source no URL of ours would carry, is a bad row too, never a row of the report.
    const unknown = await post(
      'api_key=pj-demo-funnel-key&livemode=false',
      JSON.stringify([{ ...item, payload: { ...item.payload, campaignId: '__proto__' } }]),
    );
    expect(unknown.status()).toBe(400);
    const unsafe = await post(
      'api_key=pj-demo-funnel-key&livemode=false',
      JSON.stringify([{ ...item, _context: { ...item._context, source: '<b>%00' } }]),
    );
    expect(unsafe.status()).toBe(400);
    expect(await storedEvents(request, { sessionId })).toHaveLength(1);
  });
});

test('the funnel report shows marketers each campaign step by step, to signed-in marketers only', async ({ browser, request }) => {
  const anonymous = await request.get('/admin/funnel?mode=test', { maxRedirects: 0 });
  expect(anonymous.status()).toBe(307);
  expect(anonymous.headers().location).toBe('/admin/sign-in?return=%2Fadmin%2Ffunnel%3Fmode%3Dtest');
  // A personal API token opens the operators' API, not the report's page: people sign in to read it.
  expect(
    (await request.get('/admin/funnel', { headers: { authorization: `Bearer ${e2eOperatorToken()}` }, maxRedirects: 0 })).status(),
  ).toBe(307);

  // Three test-mode visitors of the dual campaign: all see the offer, two the cart, one pays.
  const source = `report-e2e-${Date.now()}`;
  const waypoint = (waypointId: string, sessionId: string) => ({
    action: 'waypoint',
    payload: { waypointId, depth: 100, timestamp: Date.now(), currentPage: '/newyorker/demo-dual', campaignId: 'newyorker-demo-dual' },
    _context: { sessionId, source, livemode: false },
  });
  const items = [
    ...['v1', 'v2', 'v3'].map((visitor) => waypoint('campaign', `${source}-${visitor}`)),
    ...['v1', 'v2'].map((visitor) => waypoint('cart', `${source}-${visitor}`)),
    waypoint('credit-card', `${source}-v1`),
    waypoint('success', `${source}-v1`),
  ];
  const sent = await request.post('/martech/api/funnel?api_key=pj-demo-funnel-key&livemode=false', { data: items });
  expect(sent.status()).toBe(200);

  const context = await browser.newContext();
  const page = await context.newPage();
  await signedInOperator(page, request, 'marketer');
  await page.goto('/admin/funnel?mode=test&campaign=newyorker-demo-dual');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: source });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('3');
  await expect(page.getByRole('img').first()).toBeVisible();
  expect(await axeViolations(page, WCAG_21_AA)).toEqual([]);
  await context.close();
});

test('a page reached by client-side navigation has its subscription intent bound at once', async ({ page, context, request }) => {
  await context.addCookies([{ name: 'pj_consent', value: 'v1:C0001,C0002,C0003,C0004', url: 'http://127.0.0.1' }]);
  const offers = await OfferPage.open(page, '/vogue/demo-single', { livemode: 'false' });
  await offers.choose('Vogue Digital');
  await CartPage.expectOpen(page);
  await page.getByRole('link', { name: 'Change your subscription' }).click();
  // No wait for the binder's rescan: the click comes as soon as the button is there.
  await offers.choose('Vogue Digital');
  await CartPage.expectOpen(page);
  const sessionId = (await page.evaluate(() => window.sessionStorage.getItem('pj_tracing_session_id')))!;
  const clicks = async () =>
    (await storedEvents(request, { sessionId, channel: 'funnel', topic: 'waypoint.journey' })).filter(
      (event) => event.action === 'click' && event.payload.el === 'subscribe',
    );
  await expect.poll(async () => (await clicks()).length).toBe(2);
});

test("a click on a page's first load counts even before tracking's delivery code has arrived", async ({ page, context, request }) => {
  await context.addCookies([{ name: 'pj_consent', value: 'v1:C0001,C0002,C0003,C0004', url: 'http://127.0.0.1' }]);
  // Every script the page asks for after its HTML (tracking's delivery code among them) comes late.
  let htmlScripts: Set<string> | null = null;
  await page.route('**/purchase-journey/_next/static/chunks/*.js', async (route) => {
    if (htmlScripts && !htmlScripts.has(new URL(route.request().url()).pathname)) await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  const response = await page.goto('/vogue/demo-single?livemode=false', { waitUntil: 'commit' });
  htmlScripts = new Set([...(await response!.text()).matchAll(/<script[^>]+src="([^"]+)"/g)].map((match) => match[1]!));
  // Hydrated (React has put its props on the button), while the late scripts are still on their way.
  await page.waitForFunction(() => {
    const button = document.querySelector('[data-martech-actions]');
    return button !== null && Object.keys(button).some((key) => key.startsWith('__reactProps'));
  });
  await page.getByRole('button', { name: 'Subscribe: Vogue Digital' }).click();
  await CartPage.expectOpen(page);
  const sessionId = (await page.evaluate(() => window.sessionStorage.getItem('pj_tracing_session_id')))!;
  await expect
    .poll(
      async () =>
        (await storedEvents(request, { sessionId, channel: 'funnel', topic: 'waypoint.journey' })).filter(
          (event) => event.action === 'click' && event.payload.el === 'subscribe',
        ).length,
      { timeout: 10_000 },
    )
    .toBe(1);
});
