import { expect, test } from '@playwright/test';

/** Each path that answers 404, with what its page says: an offer it knows is over, one it does not know, or neither. */
const NOT_FOUND: [path: string, heading: string][] = [
  ['/', 'Page not found'],
  ['/vogue', 'Page not found'],
  ['/vogue/no-such-campaign', "We couldn't find this offer"],
  ['/vogue/demo-ended', 'This offer has ended'],
  ['/no-such-brand/demo-single', 'Page not found'],
  ['/vogue/demo-single/no-such-step', 'Page not found'],
  ['/vogue/demo-single/cart/extra', 'Page not found'],
  ['/vogue/demo-single/promo-code/extra', 'Page not found'],
  ['/Vogue/no-such-campaign', "We couldn't find this offer"],
  ['/vogue%2Fdemo-single', 'Page not found'],
  ['/vogue/demo-single%2Fcart', 'Page not found'],
  ['/vogue/demo-single/%2e%2e%2fcart', 'Page not found'],
  ['/vogue/%2e%2e/demo-single', 'Page not found'],
  [`/vogue/${'a'.repeat(300)}`, 'Page not found'],
  [`/vogue/demo-single/${'cart-'.repeat(400)}`, 'Page not found'],
  ['/vog%C3%BCe/demo-single', 'Page not found'],
  ['/vogue/demo-single/%F0%9F%9B%92', 'Page not found'],
  ['/vogue/demo%E2%80%8Bsingle', 'Page not found'],
  ['/vogue/demo-single/%EF%BC%8Fcart', 'Page not found'],
];

for (const [path, heading] of NOT_FOUND) {
  test(`404 for ${path.length > 60 ? `${path.slice(0, 60)}…` : path}`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  });
}

test('an upper-case path reaches the campaign: one permanent redirect to its lower-case path, query kept', async ({ page, request }) => {
  const redirect = await request.get('/Vogue/Demo-Single/cart?livemode=false&source=Mail', { maxRedirects: 0 });
  expect(redirect.status()).toBe(308);
  expect(redirect.headers().location).toBe('/vogue/demo-single/cart?livemode=false&source=Mail');

  const response = await page.goto('/Vogue/demo-single?livemode=false');
  expect(response?.status()).toBe(200);
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/vogue/demo-single?livemode=false');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscribe to Vogue');
  await expect(page.getByRole('article', { name: 'Vogue Digital', exact: true })).toBeVisible();
});

test("an ended campaign links to the brand's current offer", async ({ page }) => {
  for (const step of ['', '/cart', '/credit-card']) {
    const response = await page.goto(`/vogue/demo-ended${step}?livemode=false`);
    expect(response?.status(), `status of /vogue/demo-ended${step}`).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This offer has ended');
  }
  await expect(page.getByRole('button', { name: 'Go back' })).toHaveCount(0);
  const current = page.getByRole('link', { name: "See Vogue's current offer" });
  await expect(current).toHaveAttribute('href', '/vogue/demo-single?livemode=false');
  await current.click();
  await page.waitForURL('**/vogue/demo-single?livemode=false');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscribe to Vogue');
});

test("an ended campaign's quote and order are refused: 410, nothing charged", async ({ request }) => {
  const quote = await request.post('/api/checkout/quote', { data: { brand: 'vogue', urlSlug: 'demo-ended', offerId: '1001' } });
  expect(quote.status()).toBe(410);
  expect((await quote.json()).error).toEqual({ code: 'campaign_ended', message: 'This offer has ended.' });
});

test('an unknown brand lists the brands, each linked to its current offer', async ({ page }) => {
  const response = await page.goto('/no-such-brand/demo-single?livemode=false');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  const brands = page.getByRole('navigation', { name: 'Our brands' });
  await expect(brands.getByRole('link')).toHaveText(['Epicurious', 'GQ', 'The New Yorker', 'Vogue', 'WIRED']);
  await expect(brands.getByRole('link', { name: 'Vogue' })).toHaveAttribute('href', '/vogue/demo-single?livemode=false');
  // Opened as from an e-mail: nothing of ours to go back to, so no "Go back".
  await expect(page.getByRole('button', { name: 'Go back' })).toHaveCount(0);
  await brands.getByRole('link', { name: 'The New Yorker' }).click();
  await page.waitForURL('**/newyorker/demo-dual?livemode=false');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose your New Yorker subscription');
});

test('the not-found pages fit a phone (390 px): no sideways scroll, the way on in view', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ['/vogue/demo-ended', '/no-such-brand']) {
    await page.goto(path);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }
  await page.goto('/vogue/demo-ended');
  await expect(page.getByRole('link', { name: "See Vogue's current offer" })).toBeInViewport();
});

test('a path that cannot be decoded answers 400 with a readable page, not a 500', async ({ request }) => {
  const response = await request.get('/vogue/demo-single/%E0%A4%A');
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain('This link is not quite right');
});

test('the Epicurious campaign on a foreign host is sent to /404', async ({ request }) => {
  const response = await request.get('/epicurious/demo-preauth', { headers: { host: 'www.vogue.com' }, maxRedirects: 0 });
  expect(response.status()).toBe(307);
  expect(response.headers().location).toBe('/404');
});

test('a journey page refuses POST with 405 and says so', async ({ request }) => {
  const response = await request.post('/vogue/demo-single', { data: { offer: '1001' } });
  expect(response.status()).toBe(405);
  expect(response.headers().allow).toBe('GET, HEAD');
  expect(await response.text()).toContain('This page can only be opened, not sent data.');
});
