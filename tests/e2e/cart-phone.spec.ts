import { expect, test, type Page } from '@playwright/test';
import { OfferPage } from './pages/OfferPage';
import { CartPage } from './pages/CartPage';

/**
 * The cart on a 390×844 phone (issue 25, item 3): one line per item, the plan with its price
 * over time, and the way to payment in view on arrival without scrolling, the consent
 * banner of a first visit showing or not.
 */
test.use({ viewport: { width: 390, height: 844 } });

const PHONE_HEIGHT = 844;

async function expectContinueInView(page: Page): Promise<void> {
  const button = page.getByRole('link', { name: 'Continue to payment' });
  await expect(button).toBeVisible();
  // Measured from the top of the document, so wherever the page happens to be scrolled.
  const bottom = await button.evaluate((element) => element.getBoundingClientRect().bottom + window.scrollY);
  expect(bottom, 'the continue button ends within the first 844 px of the page').toBeLessThanOrEqual(PHONE_HEIGHT);
}

for (const { path, offer, line, terms } of [
  {
    path: '/vogue/demo-single',
    offer: 'Vogue Digital',
    line: 'Vogue Digital: one year of unlimited access',
    terms: 'First year $25, then $50 a year',
  },
  { path: '/wired/demo-trial', offer: 'WIRED Free Trial', line: 'WIRED Digital', terms: 'Free for 30 days, then $29.99 a year' },
  {
    path: '/newyorker/demo-dual',
    offer: 'Print + Digital',
    line: 'The New Yorker Print + Digital: one year',
    terms: 'First year $149, then $200 a year',
  },
] as const) {
  test(`${path}: one line for ${offer}, the continue button in view`, async ({ page }) => {
    const offers = await OfferPage.open(page, path, { livemode: 'false' });
    // A returning visitor has answered the consent banner.
    const banner = page.getByTestId('consent-banner');
    if (await banner.isVisible()) await banner.getByRole('button', { name: 'Reject all' }).click();
    await offers.choose(offer);
    const cart = await CartPage.expectOpen(page);
    await expect(cart.items).toHaveCount(1);
    await expect(cart.items.first()).toContainText(line);
    await expect(cart.items.first()).toContainText(terms);
    // Listed once: the order summary adds it up without naming it again.
    await expect(page.getByRole('main').getByText(line)).toHaveCount(1);
    await expectContinueInView(page);

    if (path === '/newyorker/demo-dual') {
      // An add-on makes one more line, and only one.
      await cart.addOn(/The New Yorker Tote/).check();
      await expect(cart.total).toHaveText('Total today$174.00');
      await expect(cart.items).toHaveCount(2);
      await expect(cart.items.nth(1)).toContainText('The New Yorker canvas tote bag');
    }
  });
}

test('a first visit, the consent banner showing: the continue button is still in view', async ({ page, context }) => {
  await context.clearCookies();
  const offers = await OfferPage.open(page, '/vogue/demo-single', { livemode: 'false' });
  await offers.choose('Vogue Digital');
  await CartPage.expectOpen(page);
  await expect(page.getByTestId('consent-banner')).toBeVisible();
  await expectContinueInView(page);
});
