import { expect, test } from '@playwright/test';
import { axeViolations, WCAG_21_AA } from './accessibility';

test('every script and stylesheet loads from the purchase-journey asset prefix', async ({ page }) => {
  const assets: { url: string; status: number }[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type === 'script' || type === 'stylesheet') assets.push({ url: new URL(response.url()).pathname, status: response.status() });
  });
  await page.goto('/newyorker/demo-dual');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(assets.length).toBeGreaterThan(0);
  for (const asset of assets) {
    expect(asset.url).toMatch(/^\/purchase-journey\/_next\/static\//);
    expect(asset.status, asset.url).toBe(200);
  }
});

test('the offer page has landmarks, one h1 and a keyboard path through the offers', async ({ page }) => {
  await page.goto('/newyorker/demo-dual');
  await expect(page.getByRole('banner')).toHaveCount(1);
  await expect(page.getByRole('main')).toHaveCount(1);
  await expect(page.getByRole('contentinfo')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(['Digital', 'Print + Digital']);

  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  // The consent banner sits at the top of the page, in its flow (it never covers a button):
  // its three choices come next, then the offers, then the footer's cookie settings.
  const banner = page.getByRole('region', { name: 'Your privacy choices' });
  for (const choice of ['Accept all', 'Reject all', 'Manage choices']) {
    await page.keyboard.press('Tab');
    await expect(banner.getByRole('button', { name: choice })).toBeFocused();
  }
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Subscribe: Digital' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Subscribe: Print + Digital' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('button', { name: 'Subscribe: Print + Digital' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/newyorker\/demo-dual\/cart$/);
});

test('the status page answers', async ({ request }) => {
  const response = await request.get('/status');
  expect(response.status()).toBe(200);
  expect(await response.text()).toContain('OK');
});

test('the cart page passes an accessibility audit', async ({ page }) => {
  await page.goto('/vogue/demo-single');
  await page.getByRole('button', { name: 'Subscribe: Vogue Digital' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
  expect(await axeViolations(page, WCAG_21_AA)).toEqual([]);
});

test('the 404 page passes an accessibility audit', async ({ page }) => {
  await page.goto('/vogue/no-such-campaign');
  expect(await axeViolations(page, WCAG_21_AA)).toEqual([]);
});
