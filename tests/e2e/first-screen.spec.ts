import { expect, test, type Locator, type Page } from '@playwright/test';
import { say, type Language } from './pages/catalogue';
import { newEmail } from './pages/subscriberJourney';

/**
 * Issue 38: on a 390×844 phone with the consent banner showing, the express wallets are in
 * the first screen: on arrival where the browser's language says the country that sets the
 * price, right after one state (or province) question where the tax depends on it. Choosing
 * the state moves nothing above it. From the offer to paid takes four taps, plus the consent
 * tick where a mandate wants it.
 */

test.describe.configure({ timeout: 90_000 });

interface Case {
  campaign: string;
  /** The browser's language: its region is the country the payment step starts with. */
  locale: string;
  language: Language;
  /** Where the tax depends on the state or province: the one question before the wallets. */
  region?: string;
}

const CASES: readonly Case[] = [
  { campaign: '/gq/demo-de', locale: 'de-DE', language: 'de' },
  { campaign: '/gq/demo-gbp', locale: 'en-GB', language: 'en' },
  { campaign: '/vogue/demo-fr', locale: 'fr-FR', language: 'fr' },
  { campaign: '/vogue/demo-single', locale: 'en-US', language: 'en', region: 'NY' },
  { campaign: '/newyorker/demo-ca', locale: 'en-CA', language: 'en', region: 'ON' },
];

const PHONE = { width: 390, height: 844 };

/** Where an element is on the screen as it first shows, the page not scrolled. */
async function onScreen(page: Page, element: Locator): Promise<{ top: number; bottom: number }> {
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const box = (await element.boundingBox())!;
  return { top: box.y, bottom: box.y + box.height };
}

for (const market of CASES) {
  test.describe(market.campaign, () => {
    test.use({ locale: market.locale, viewport: PHONE });

    test(`a ${market.locale} phone sees the wallets in its first screen and pays in four taps`, async ({ page }) => {
      const { language } = market;
      let taps = 0;
      const tap = async (target: Locator) => {
        taps += 1;
        await target.click();
      };
      await page.goto(`${market.campaign}?livemode=false&source=e2e`);
      await tap(page.getByRole('button', { name: say(language, 'offer.action.subscribe') }).first());
      await tap(page.getByRole('link', { name: say(language, 'order.continue') }));
      await expect(page.getByRole('heading', { level: 1, name: say(language, 'payment.title') })).toBeVisible();
      // The consent banner is showing, in the page's flow above everything.
      await expect(page.getByRole('button', { name: say(language, 'common.consent.acceptAll') })).toBeVisible();

      const row = page.getByRole('region', { name: say(language, 'methods.express.title') });
      const applePay = row.getByRole('button', { name: /^Apple Pay/ });
      if (market.region) {
        const state = page.locator('#billing-region');
        await expect(state).toBeVisible();
        // The wallets keep their place while they wait for the state.
        await expect(applePay).toBeDisabled();
        const before = { country: await onScreen(page, page.locator('#billing-country')), row: await onScreen(page, row) };
        // The one state question: an answer the tax needs, not counted as a tap towards paying.
        await state.selectOption(market.region);
        await expect(applePay).toBeEnabled();
        expect(await onScreen(page, page.locator('#billing-country'))).toEqual(before.country);
        expect((await onScreen(page, row)).top).toBe(before.row.top);
      } else {
        await expect(page.locator('#billing-country')).toHaveValue(market.locale.split('-')[1]!);
        await expect(applePay).toBeEnabled();
      }
      expect((await onScreen(page, applePay)).bottom).toBeLessThanOrEqual(PHONE.height);
      // The terms and their one consent box directly below the buttons.
      await expect(page.getByTestId('auto-renewal-terms')).toHaveCount(1);
      const consent = row.getByLabel(say(language, 'payment.consent.label'));
      if (await consent.isVisible()) await consent.check();

      await tap(applePay);
      const sheet = page.getByRole('dialog', { name: 'Apple Pay' });
      // The sandbox's sheet stands in for the phone's, which knows the buyer's address already.
      await sheet.getByLabel('E-mail').fill(newEmail(`first screen ${market.locale}`));
      await tap(sheet.getByRole('button', { name: /^Pay .+ with Apple Pay$/ }));
      await expect(page).toHaveURL(/\/success/);
      expect(taps).toBe(4);
    });
  });
}
