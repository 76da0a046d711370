import { expect, test, type Page } from '@playwright/test';
import { SuccessPage } from './pages/CheckoutPage';
import { ErrorPage } from './pages/ErrorPage';
import { toCheckout } from './pages/journey';
import { axeViolations, WCAG_21_AA } from './accessibility';

async function accessibilityViolations(page: Page): Promise<string[]> {
  return axeViolations(page, WCAG_21_AA);
}

/** What an error page must never show: internals of the server, the framework or the failure. */
const LEAKS = [
  /\bstack\b/i,
  /\/work\//,
  /node_modules/,
  /webpack|turbopack/i,
  /Next\.js|React/,
  /Internal Server Error/i,
  /This page could not be found/i,
  /\bat [\w.]+ \(/,
];

test('a 404 under a brand: status 404, the brand, one h1, and a way on to its current offer', async ({ page }) => {
  const errorPage = await ErrorPage.open(page, '/vogue/no-such-campaign?livemode=false', 404);
  await expect(errorPage.brandHeader).toHaveText('Vogue');
  await expect(errorPage.heading).toHaveText("We couldn't find this offer");
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page).toHaveTitle("We couldn't find this offer | Vogue");
  expect(await accessibilityViolations(page)).toEqual([]);

  await errorPage.currentOffer('Vogue').click();
  await page.waitForURL('**/vogue/demo-single?livemode=false');
  await expect(page.getByRole('article').first()).toBeVisible();
});

test('a 404 of an unknown step keeps the campaign: back to that campaign', async ({ page }) => {
  const errorPage = await ErrorPage.open(page, '/newyorker/demo-dual/no-such-step', 404);
  await expect(errorPage.brandHeader).toHaveText('The New Yorker');
  await expect(errorPage.backTo('The New Yorker')).toHaveAttribute('href', '/newyorker/demo-dual');
});

test('a 404 outside any brand is neutral, lists the brands, and is still accessible', async ({ page }) => {
  const errorPage = await ErrorPage.open(page, '/nothing', 404);
  await expect(errorPage.heading).toHaveText('Page not found');
  await expect(errorPage.brandHeader).toHaveCount(0);
  await expect(page.getByText('Error 404')).toBeVisible();
  await expect(errorPage.brandList.getByRole('link', { name: 'Vogue' })).toHaveAttribute('href', '/vogue/demo-single');
  expect(await accessibilityViolations(page)).toEqual([]);
});

test('a malformed query under a brand: status 400, the brand, what is wrong, and the way on to its offer', async ({ page }) => {
  // Its view loads with it (next/dynamic): the server's page hydrates as it is, without a React error.
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 400/.test(message.text())) problems.push(message.text());
  });
  const errorPage = await ErrorPage.open(page, '/vogue/demo-single?livemode=maybe', 400);
  await expect(errorPage.brandHeader).toHaveText('Vogue');
  await expect(errorPage.heading).toHaveText('This link is not quite right');
  await expect(errorPage.backTo('Vogue')).toHaveAttribute('href', '/vogue/demo-single');
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
});

test('a page of the account that does not exist leads back to the account, in test mode', async ({ page }) => {
  const errorPage = await ErrorPage.open(page, '/account/nothing?livemode=false', 404);
  await expect(errorPage.heading).toHaveText('Page not found');
  await expect(page.getByRole('link', { name: 'Back to your account' })).toHaveAttribute('href', '/account?livemode=false');
  await expect(page.getByTestId('test-mode-banner')).toBeVisible();
});

test('an ended campaign under its brand: says so, accessibly, and links the current offer', async ({ page }) => {
  const errorPage = await ErrorPage.open(page, '/vogue/demo-ended', 404);
  await expect(errorPage.brandHeader).toHaveText('Vogue');
  await expect(errorPage.heading).toHaveText('This offer has ended');
  await expect(errorPage.currentOffer('Vogue')).toHaveAttribute('href', '/vogue/demo-single');
  expect(await accessibilityViolations(page)).toEqual([]);
});

for (const path of ['/vogue/no-such-campaign', '/nothing', '/vogue/demo-single/no-such-step']) {
  test(`the error page of ${path} leaks nothing, in its HTML or __NEXT_DATA__`, async ({ request }) => {
    const response = await request.get(path);
    expect(response.status()).toBeGreaterThanOrEqual(400);
    const html = await response.text();
    const visible = html.replace(/<script[\s\S]*?<\/script>/g, '');
    for (const leak of LEAKS) expect(visible, `${leak}`).not.toMatch(leak);
    const data = JSON.parse(/<script id="__NEXT_DATA__" type="application\/json"[^>]*>(.*?)<\/script>/s.exec(html)![1]!) as {
      props: { pageProps: Record<string, unknown> };
      err?: unknown;
    };
    // The status, the brand, and on a 404 what was missing and the brands' offers: nothing else,
    // but the page's words, which are the catalogue's, the same for every page in its locale.
    const { i18n, ...rest } = data.props.pageProps;
    expect(['brand', 'brands', 'missing', 'statusCode']).toEqual(expect.arrayContaining(Object.keys(rest)));
    expect(Object.keys(i18n as object).sort()).toEqual(['locale', 'messages', 'money']);
    expect(data.err).toBeUndefined();
    for (const leak of LEAKS) expect(JSON.stringify({ ...data.props, pageProps: rest }), `${leak}`).not.toMatch(leak);
  });
}

test('the payment provider is down (sandbox card 4000 0000 0000 5035): an outage panel within the step, then Try again pays', async ({
  page,
}) => {
  const checkout = await toCheckout(page, '/vogue/demo-single', 'Vogue Digital');
  await checkout.fillBilling();
  await checkout.fillCard('4000 0000 0000 5035');
  const stepUrl = page.url();
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/checkout/submit'));
  await checkout.submit();
  const response = await answer;
  expect(response.status()).toBe(503);
  expect(response.headers()['retry-after']).toBe('120');
  expect(((await response.json()) as { error: { code: string } }).error.code).toBe('payment_provider_unavailable');

  const panel = page.getByTestId('provider-outage');
  await expect(panel).toBeVisible();
  await expect(checkout.failure).toHaveText(/^Card payments are unavailable right now\. Nothing was charged\. Try again in a few minutes/);
  await expect(checkout.failure).toBeFocused();
  // Still the payment step, with everything typed.
  expect(page.url()).toBe(stepUrl);
  await expect(page.getByLabel('Email')).toHaveValue('ada.reader@example.com');
  await expect(page.getByLabel('Card number')).toHaveValue(/4000 ?0000 ?0000 ?5035/);
  expect(await accessibilityViolations(page)).toEqual([]);

  // The visitor uses another card: the kept attempt no longer fits it, so Try again pays once as a new attempt.
  await checkout.fillCard('4242 4242 4242 4242');
  await panel.getByRole('button', { name: 'Try again' }).click();
  const success = await SuccessPage.expectOpen(page);
  await expect(success.total).toHaveText('Total paid$25.00');
});
