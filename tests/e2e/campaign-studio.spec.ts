import { expect, test } from '@playwright/test';
import { operatorSession } from './pages/backOffice';
import { axeViolations, WCAG_21_AA } from './accessibility';

/** Issue 40: the marketer's campaigns area lists every campaign with its state, searched and filtered by its address. */
test('a marketer finds the campaigns by state and brand, the filter kept through a reload and back', async ({ page }) => {
  await operatorSession(page, 'marketer');
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Campaigns' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
  const items = page.getByTestId('studio-campaign');
  await expect(items.filter({ hasText: '/vogue/demo-single' })).toContainText('On sale');
  expect(await axeViolations(page, WCAG_21_AA)).toEqual([]);

  await page.getByLabel('Brand').selectOption({ label: 'Vogue' });
  await page.getByLabel('State').selectOption({ label: 'Ended' });
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/\/admin\/campaigns\?q=&brand=vogue&state=ended$/);
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('/vogue/demo-ended');
  await expect(items.first()).toContainText('Ended');
  await page.reload();
  await expect(items).toHaveCount(1);
  await expect(page.getByLabel('State')).toHaveValue('ended');

  await page.getByLabel(/^Search/).fill('no such campaign anywhere');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByText('No campaign matches.', { exact: false })).toBeVisible();
  await page.goBack();
  await expect(items).toHaveCount(1);
  await page.getByRole('link', { name: 'Show every campaign' }).click();
  await expect(page).toHaveURL(/\/admin\/campaigns$/);
  expect(await items.count()).toBeGreaterThan(3);

  // A campaign's page: its versions, the demo's import the first.
  await items.filter({ hasText: '/vogue/demo-single' }).getByRole('link', { name: 'Subscribe to Vogue', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Subscribe to Vogue/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Versions' }).getByRole('listitem').last()).toContainText('Version 1');
  expect(await axeViolations(page, WCAG_21_AA)).toEqual([]);
  await page.getByRole('link', { name: 'All campaigns' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();

  // A phone reads every campaign without scrolling sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('care is told the campaigns are not for its role', async ({ page }) => {
  await operatorSession(page, 'care');
  const response = await page.goto('/admin/campaigns');
  expect(response?.status()).toBe(403);
  await expect(page.getByRole('heading', { level: 1, name: 'Not for your role' })).toBeVisible();
});
