import { expect, test, type Page, type Request } from '@playwright/test';
import { CartPage } from './pages/CartPage';
import { OfferPage } from './pages/OfferPage';
import { startOwnServer, type OwnServer } from './ownServer';

/**
 * The two consent policies (CONSENT_POLICY): the default, SPEC §4's anonymous measurement
 * before an answer, on the suite's server; and `strict`, which sends nothing before one, on
 * a second server of its own. Either way the Performance group (C0002) governs the
 * analytics collector and the schema inspector.
 */
const DB = 'data/e2e-strict.db';
test.describe.configure({ mode: 'serial' });
let server: OwnServer;
let strictBase: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startOwnServer(DB, {
    CONSENT_POLICY: 'strict',
    INGEST_EVENTS_PER_CLIENT: '1000000',
    INGEST_BYTES_PER_CLIENT: '1000000000',
    INGEST_BYTES_TOTAL: '1000000000',
  });
  strictBase = server.base;
});

test.afterAll(() => server?.stop());

const path = (request: Request) => new URL(request.url()).pathname;
const FUNNEL = '/martech/api/funnel';
const COLLECTOR = '/com.condenast/yv8';
const INSPECTOR = '/martech/api/schema-inspector';
const SEGMENTATION = /^\/user-context\/segmentation/;

function recordRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  return requests;
}
const to = (requests: Request[], target: string | RegExp) =>
  requests.filter((request) => (typeof target === 'string' ? path(request) === target : target.test(path(request))));
const banner = (page: Page) => page.getByRole('region', { name: 'Your privacy choices' });

/** Chooses the offer and moves on to the cart. */
async function toCart(page: Page): Promise<void> {
  await new OfferPage(page).choose('Vogue Digital');
  await CartPage.expectOpen(page);
  await page.waitForLoadState('networkidle');
}

/** Leaves the journey: the schema inspector sends what it batched when the page goes away. */
async function leave(page: Page, base = ''): Promise<void> {
  await page.goto(`${base}/status`);
  await page.waitForLoadState('networkidle');
}

test('strict: nothing is sent before an answer; "Reject all" lets the funnel alone have what happened', async ({ page }) => {
  const requests = recordRequests(page);
  await page.goto(`${strictBase}/vogue/demo-single?livemode=false`);
  await expect(banner(page)).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Subscribe' }).hover();
  await page.waitForTimeout(1_500);
  expect(
    to(requests, FUNNEL).length + to(requests, COLLECTOR).length + to(requests, INSPECTOR).length + to(requests, SEGMENTATION).length,
  ).toBe(0);

  await banner(page).getByRole('button', { name: 'Reject all' }).click();
  // What waited (the page's load, the hover) goes to the funnel now; the answer allows nothing else.
  await expect.poll(() => to(requests, FUNNEL).length).toBeGreaterThan(0);
  const waited = to(requests, FUNNEL)
    .map((request) => request.postData() ?? '')
    .join('\n');
  expect(waited).toContain('hover');
  await toCart(page);
  await leave(page, strictBase);
  expect(to(requests, COLLECTOR)).toEqual([]);
  expect(to(requests, INSPECTOR)).toEqual([]);
  expect(to(requests, SEGMENTATION)).toEqual([]);
});

test('strict: "Accept all" sends to the collector and the inspector too, and the answer holds on the next page', async ({ page }) => {
  const requests = recordRequests(page);
  await page.goto(`${strictBase}/vogue/demo-single?livemode=false`);
  await page.waitForLoadState('networkidle');
  expect(to(requests, COLLECTOR)).toEqual([]);
  await banner(page).getByRole('button', { name: 'Accept all' }).click();
  await expect.poll(() => to(requests, COLLECTOR).length).toBeGreaterThan(0);
  await toCart(page);
  await expect(banner(page)).toHaveCount(0);
  await leave(page, strictBase);
  await expect.poll(() => to(requests, INSPECTOR).length).toBeGreaterThan(0);
  expect(to(requests, FUNNEL).length).toBeGreaterThan(0);
});

test('anonymous-first: measured anonymously before an answer; without Performance (C0002) the collector and the inspector stop', async ({
  page,
}) => {
  const requests = recordRequests(page);
  await page.goto('/vogue/demo-single?livemode=false');
  await expect.poll(() => to(requests, COLLECTOR).length).toBeGreaterThan(0);
  expect(to(requests, FUNNEL).length).toBeGreaterThan(0);

  await banner(page).getByRole('button', { name: 'Manage choices' }).click();
  await expect(banner(page).getByRole('checkbox', { name: /Performance/ })).not.toBeChecked();
  await banner(page)
    .getByRole('checkbox', { name: /Functional/ })
    .check();
  await banner(page).getByRole('button', { name: 'Save my choices' }).click();
  const collectorBefore = to(requests, COLLECTOR).length;
  const inspectorBefore = to(requests, INSPECTOR).length;
  const funnelBefore = to(requests, FUNNEL).length;
  await toCart(page);
  expect(to(requests, FUNNEL).length).toBeGreaterThan(funnelBefore);
  // What the inspector had batched before the answer is dropped, not sent on leaving.
  await leave(page);
  expect(to(requests, COLLECTOR).length).toBe(collectorBefore);
  expect(to(requests, INSPECTOR).length).toBe(inspectorBefore);
});
