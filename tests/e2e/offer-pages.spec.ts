import { expect, test } from '@playwright/test';
import { OfferPage } from './pages/OfferPage';
import { CartPage } from './pages/CartPage';
import { signInThroughOutbox } from './support';
import { axeViolations, WCAG_21_AA } from './accessibility';

/** What each demo campaign must show, written out by hand from the demo catalogue. */
const CAMPAIGNS = [
  {
    path: '/vogue/demo-single',
    template: 'single-offer-v1',
    headline: 'Subscribe to Vogue',
    offers: [
      {
        name: 'Vogue Digital',
        price: '$25.00',
        full: null,
        button: 'Subscribe',
        terms: 'First year $25, then $50 a year.',
        badge: 'Half price for your first year',
      },
    ],
  },
  {
    path: '/newyorker/demo-dual',
    template: 'dual-offer-v2',
    headline: 'Choose your New Yorker subscription',
    offers: [
      { name: 'Digital', price: '$99.00', full: null, button: 'Subscribe', terms: 'First year $99, then $150 a year.' },
      {
        name: 'Print + Digital',
        price: '$149.00',
        full: null,
        button: 'Subscribe',
        terms: 'First year $149, then $200 a year.',
        badge: 'Save $51 in your first year',
        print: true,
      },
    ],
  },
  {
    path: '/wired/demo-trial',
    template: 'single-offer-v1',
    headline: 'Try WIRED free for 30 days',
    offers: [
      { name: 'WIRED Free Trial', price: '$0.00', full: null, button: 'Start free trial', terms: 'Free for 30 days, then $29.99 a year.' },
    ],
  },
  {
    path: '/gq/demo-gbp',
    template: 'single-offer-v1',
    headline: 'Subscribe to GQ',
    offers: [
      {
        name: 'GQ Digital',
        price: '£19.99',
        full: null,
        button: 'Subscribe',
        terms: 'First year £19.99, then £39.99 a year, including VAT.',
      },
    ],
  },
  {
    path: '/epicurious/demo-preauth',
    template: 'single-offer-v1',
    headline: 'Become an Epicurious Insider',
    offers: [{ name: 'Epicurious Insider', price: '$40.00', full: null, button: 'Subscribe' }],
    preauth: true,
  },
] as const;

for (const campaign of CAMPAIGNS) {
  test.describe(campaign.path, () => {
    test('shows its offers with their prices', async ({ page, request }, testInfo) => {
      if ('preauth' in campaign) await signInThroughOutbox(page, request, ...(campaign.path.slice(1).split('/') as [string, string]));
      const consoleErrors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });
      const offers = await OfferPage.open(page, campaign.path);
      await expect(offers.headline).toHaveText(campaign.headline);
      await expect(offers.template).toHaveAttribute('data-template', campaign.template);
      await expect(offers.offers).toHaveCount(campaign.offers.length);
      await expect(offers.testModeBanner).toHaveCount(0);
      for (const offer of campaign.offers) {
        expect(await offers.priceOf(offer.name)).toBe(offer.price);
        expect(await offers.fullPriceOf(offer.name)).toBe(offer.full);
        await expect(offers.offer(offer.name).getByRole('button')).toHaveText(offer.button);
        const printNote = offers.offer(offer.name).getByText('Includes home delivery of the print edition.');
        await expect(printNote).toHaveCount('print' in offer && offer.print ? 1 : 0);
        if ('terms' in offer) await expect(offers.offer(offer.name).getByText(offer.terms)).toBeVisible();
        if ('badge' in offer) await expect(offers.offer(offer.name).getByTestId('saving-badge')).toHaveText(offer.badge);
        // Every demo offer has its picture, sized so that nothing shifts while it loads.
        const picture = offers.offer(offer.name).getByRole('img');
        await expect(picture).toHaveAttribute('width', '320');
        await expect(picture).toHaveAttribute('height', '180');
        // The title is never repeated above itself ("PRINT + DIGITAL" over "Print + Digital").
        await expect(offers.offer(offer.name).getByText(offer.name, { exact: true })).toHaveCount(1);
      }

      expect(await axeViolations(page, WCAG_21_AA)).toEqual([]);

      for (const [label, size] of [
        ['desktop', { width: 1280, height: 900 }],
        ['mobile', { width: 390, height: 844 }],
      ] as const) {
        await page.setViewportSize(size);
        const file = testInfo.outputPath(`${campaign.path.slice(1).replace('/', '-')}-${label}.png`);
        await page.screenshot({ path: file, fullPage: true });
        await testInfo.attach(`${label} screenshot`, { path: file, contentType: 'image/png' });
        // Nothing may overflow sideways at either width.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `horizontal overflow at ${label} width`).toBeLessThanOrEqual(0);
      }
      // Hydration mismatches and failed loads show up as console errors.
      expect(consoleErrors).toEqual([]);
    });

    test('each offer button goes to the cart with the query kept', async ({ page, request }) => {
      if ('preauth' in campaign) await signInThroughOutbox(page, request, ...(campaign.path.slice(1).split('/') as [string, string]));
      const last = campaign.offers[campaign.offers.length - 1]!;
      const offers = await OfferPage.open(page, campaign.path, { source: 'e2e-newsletter', livemode: 'false' });
      await expect(offers.testModeBanner).toContainText('Test mode');
      await offers.choose(last.name);
      const url = new URL(page.url());
      expect(url.pathname).toBe(`${campaign.path}/cart`);
      expect(url.search).toBe('?source=e2e-newsletter&livemode=false');
      const cart = await CartPage.expectOpen(page);
      await expect(cart.items).toHaveCount(1);
      await expect(cart.items.first()).toContainText(last.price);
      await expect(page.getByTestId('test-mode-banner')).toBeVisible();
    });
  });
}

test('choosing again replaces the cart instead of adding to it', async ({ page }) => {
  const offers = await OfferPage.open(page, '/newyorker/demo-dual');
  await offers.choose('Digital');
  await page.getByRole('link', { name: 'Change your subscription' }).click();
  await page.waitForURL(/\/newyorker\/demo-dual$/);
  await new OfferPage(page).choose('Print + Digital');
  const cart = await CartPage.expectOpen(page);
  await expect(cart.items).toHaveCount(1);
  await expect(cart.items.first()).toContainText('The New Yorker Print + Digital: one year');
  await expect(cart.total).toContainText('$149.00');
});

test('the mt_livemode cookie switches to test mode', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'mt_livemode', value: 'false', url: baseURL! }]);
  const offers = await OfferPage.open(page, '/vogue/demo-single');
  await expect(offers.testModeBanner).toBeVisible();
});

test('a malformed livemode answers 400 with a readable message', async ({ page }) => {
  const response = await page.goto('/vogue/demo-single?livemode=perhaps');
  expect(response?.status()).toBe(400);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link is not quite right');
  await expect(page.getByText('The "livemode" parameter must be "true" or "false".')).toBeVisible();
});
