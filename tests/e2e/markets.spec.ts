import { expect, test, type Page } from '@playwright/test';
import { say, type Language } from './pages/catalogue';
import { newEmail } from './pages/subscriberJourney';

/**
 * The market demos (issue 38), bought as their buyers would: with a card and with an express
 * wallet, in the campaign's language. The words are read from the catalogues, so that the
 * test follows a reworded message; the money, the tax wording and the e-mail are asserted as
 * the buyer reads them.
 */

test.describe.configure({ timeout: 90_000 });

interface Market {
  campaign: string;
  language: Language;
  locale: string;
  country: string;
  region?: string;
  offer: string;
  /** The offer's price today, as the offer card writes it. */
  price: string;
  /** What the renewal terms say of the tax. */
  tax: string;
  /** The order button, as the market's law words it. */
  submit: RegExp;
  /** The acknowledgment's subject and a sentence of its body, in the buyer's language. */
  mailSubject: RegExp;
  mailSentence: string;
}

const MARKETS: readonly Market[] = [
  {
    campaign: '/gq/demo-de',
    language: 'de',
    locale: 'de-DE',
    country: 'DE',
    offer: 'GQ Digital',
    price: '25,00\u00a0€',
    tax: 'inkl. MwSt.',
    submit: /^Zahlungspflichtig bestellen$/,
    mailSubject: /Ihr GQ-Abonnement: GQ Digital/,
    mailSentence: say('de', 'mail.purchase.heading'),
  },
  {
    campaign: '/vogue/demo-fr',
    language: 'fr',
    locale: 'fr-FR',
    country: 'FR',
    offer: 'Vogue Digital',
    price: '25,00\u00a0€',
    tax: 'TVA incluse',
    submit: /^S’abonner pour 25,00\s€$/,
    mailSubject: /Votre abonnement Vogue\s: Vogue Digital/,
    mailSentence: say('fr', 'mail.purchase.heading'),
  },
  {
    campaign: '/newyorker/demo-ca',
    language: 'en',
    locale: 'en-CA',
    country: 'CA',
    region: 'ON',
    offer: 'Digital',
    price: '$109.00',
    tax: 'plus any applicable tax',
    // Ontario's 13 % HST is added before paying: $109.00 + $14.17.
    submit: /^Subscribe for \$123\.17$/,
    mailSubject: /Your The New Yorker subscription: Digital/,
    mailSentence: say('en', 'mail.purchase.heading'),
  },
];

/** From the offer page to the payment step, checking the page's language and money on the way. */
async function toPayment(page: Page, market: Market): Promise<void> {
  await page.goto(`${market.campaign}?livemode=false&source=e2e`);
  await expect(page.locator('html')).toHaveAttribute('lang', market.locale);
  await expect(page.getByTestId('price').first()).toHaveText(market.price);
  await page
    .getByRole('button', { name: say(market.language, 'offer.action.subscribe') })
    .first()
    .click();
  await page.getByRole('link', { name: say(market.language, 'order.continue') }).click();
  await expect(page.getByRole('heading', { level: 1, name: say(market.language, 'payment.title') })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', market.locale);
  await page.locator('#billing-country').selectOption(market.country);
  if (market.region) await page.locator('#billing-region').selectOption(market.region);
}

/** The acknowledgment in the development mailbox: in the buyer's language, with its terms. */
async function expectAcknowledgment(page: Page, email: string, market: Market): Promise<void> {
  await page.goto(`/mailbox?to=${encodeURIComponent(email)}`);
  await page.getByRole('link', { name: market.mailSubject }).first().click();
  const text = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
  expect(text).toContain(market.mailSentence);
  expect(text).toContain(market.tax);
  const html = page.frameLocator('iframe').locator('html');
  await expect(html).toHaveAttribute('lang', market.language);
}

for (const market of MARKETS) {
  test(`${market.campaign}: bought with a card, in ${market.locale}`, async ({ page }) => {
    const email = newEmail(`card ${market.locale}`);
    await toPayment(page, market);
    const { language } = market;
    await page.getByLabel(say(language, 'payment.billing.email'), { exact: true }).fill(email);
    await page.getByLabel(say(language, 'payment.billing.firstName'), { exact: true }).fill('Ada');
    await page.getByLabel(say(language, 'payment.billing.lastName'), { exact: true }).fill('Reader');
    await page.getByLabel(say(language, 'methods.card.number')).fill('4242 4242 4242 4242');
    await page.getByLabel(say(language, 'methods.card.expiry')).fill('12/34');
    await page.getByLabel(say(language, 'methods.card.cvc')).fill('123');
    await expect(page.getByTestId('auto-renewal-terms')).toContainText(market.tax);
    const consent = page.locator('#renewal-notice-consent');
    if (await consent.isVisible()) await consent.check();
    await page.getByRole('button', { name: market.submit }).click();
    await expect(page.getByRole('heading', { level: 1, name: say(language, 'success.heading', { firstName: 'Ada' }) })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', market.locale);
    await expectAcknowledgment(page, email, market);
  });

  test(`${market.campaign}: bought with an express wallet, in ${market.locale}`, async ({ page }) => {
    const email = newEmail(`wallet ${market.locale}`);
    await toPayment(page, market);
    const row = page.getByRole('region', { name: say(market.language, 'methods.express.title') });
    // The row keeps its place while the order is priced for the country just chosen: wait for its terms.
    await expect(row.getByTestId('auto-renewal-terms')).toContainText(market.tax);
    await expect(row.getByRole('button', { name: /^Apple Pay/ })).toBeEnabled();
    const consent = row.getByLabel(say(market.language, 'payment.consent.label'));
    if (await consent.isVisible()) await consent.check();
    await row.getByRole('button', { name: /^Apple Pay/ }).click();
    // The sandbox's sheet stands in for the wallet's own, which the buyer's phone words.
    const sheet = page.getByRole('dialog', { name: 'Apple Pay' });
    await expect(sheet).toBeVisible();
    await sheet.getByLabel('E-mail').fill(email);
    await sheet.getByRole('button', { name: /^Pay .+ with Apple Pay$/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: /\S/ })).toContainText(say(market.language, 'success.heading').split(',')[0]!);
    await expect(page.locator('html')).toHaveAttribute('lang', market.locale);
    await expectAcknowledgment(page, email, market);
  });
}

test('a Quebec buyer of the Canadian campaign is offered French, pays in it, and gets the e-mail in French', async ({ page }) => {
  const email = newEmail('quebec fr-CA');
  await page.goto('/newyorker/demo-ca?livemode=false&source=e2e');
  await page
    .getByRole('button', { name: say('en', 'offer.action.subscribe') })
    .first()
    .click();
  await page.getByRole('link', { name: say('en', 'order.continue') }).click();
  await page.locator('#billing-country').selectOption('CA');
  await expect(page.getByTestId('language-switch')).toHaveCount(0);
  await page.getByLabel(say('en', 'payment.billing.email'), { exact: true }).fill(email);
  await page.locator('#billing-region').selectOption('QC');
  // Offered in French, in French; what was typed comes along.
  await page.getByRole('link', { name: 'Continuer en français' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
  await expect(page.getByRole('heading', { level: 1, name: say('fr', 'payment.title') })).toBeVisible();
  await expect(page.getByLabel(say('fr', 'payment.billing.email'), { exact: true })).toHaveValue(email);
  await expect(page.locator('#billing-region')).toHaveValue('QC');
  await page.getByLabel(say('fr', 'payment.billing.firstName'), { exact: true }).fill('Ada');
  await page.getByLabel(say('fr', 'payment.billing.lastName'), { exact: true }).fill('Reader');
  await page.getByLabel(say('fr', 'methods.card.number')).fill('4242 4242 4242 4242');
  await page.getByLabel(say('fr', 'methods.card.expiry')).fill('12/34');
  await page.getByLabel(say('fr', 'methods.card.cvc')).fill('123');
  // Quebec's GST and QST on $109.00, in the French of Canada: 109,00 $ + 5,45 $ + 10,87 $.
  await page.getByRole('button', { name: /^S’abonner pour 125,32\s\$$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Ada/ })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
  await page.goto(`/mailbox?to=${encodeURIComponent(email)}`);
  await page
    .getByRole('link', { name: /Votre abonnement The New Yorker/ })
    .first()
    .click();
  await expect(page.frameLocator('iframe').locator('html')).toHaveAttribute('lang', 'fr');
  // The offer page itself stays the campaign's: one page per URL for a shared cache.
  await page.goto('/newyorker/demo-ca?livemode=false&lang=fr-CA');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-CA');
});
