import { expect, test, type Browser, type Page } from '@playwright/test';
import { operatorSession } from './pages/backOffice';
import { axeViolations, WCAG_21_AA } from './accessibility';
import { toCheckout } from './pages/journey';
import { CheckoutPage, SuccessPage } from './pages/CheckoutPage';
import { OfferPage } from './pages/OfferPage';
import { CartPage } from './pages/CartPage';
import { PromoCodePage } from './pages/PromoCodePage';
import { newEmail, signInFromSuccess } from './pages/subscriberJourney';
import { MailboxPage } from './pages/AccountPage';
import { GIF_1X1, PNG_1X1 } from '@/tests/fixtures/images';

/**
 * Issue 40: a marketer runs a campaign from the studio, from nothing to a purchase, without a
 * developer: drafts, a schedule, versions restored, and a bought offer's price kept.
 */
test.setTimeout(180_000);

const suffix = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** "2026-12-03T18:40:10": `seconds` from now, as a datetime-local input in UTC takes it. */
const utcInput = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString().slice(0, 19);

const offerGroup = (page: Page, n: number) => page.getByRole('group', { name: new RegExp(`^Offer ${n}\\b`) });

async function fillOffer(page: Page, n: number, offer: { name: string; description: string; price: string; print?: boolean }) {
  await page.getByRole('button', { name: 'Add an offer' }).click();
  const group = offerGroup(page, n);
  await group.getByLabel('Name', { exact: true }).fill(offer.name);
  await group.getByLabel('Description', { exact: true }).fill(offer.description);
  await group.getByLabel('Price', { exact: true }).fill(offer.price);
  await group.getByLabel('Billed every').selectOption('year');
  if (offer.print) await group.getByLabel('Print edition').check();
}

/** The visitor's page in test mode: its status, and its headline when it is on sale. */
async function visitorPage(page: Page, path: string): Promise<number> {
  const response = await page.request.get(`${path}?livemode=false`);
  return response.status();
}

const PREVIEW_SOURCE = 'colleague-preview';

/**
 * From the editor: version 1 previewed at phone and desktop width, then its shared link opened
 * by a colleague with no account, who goes through every step to a test-mode purchase that
 * sends no tracking event and is marked as the preview's.
 */
async function previewAndBuy(page: Page, browser: Browser, { coupon }: { coupon: string }) {
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Preview of version 1' })).toBeVisible();
  for (const title of ['Phone preview', 'Desktop preview']) {
    const frame = page.frameLocator(`iframe[title="${title}"]`);
    // Two pages rendered at once, each with its scripts: given longer than one.
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText('Vogue for the winter', { timeout: 30_000 });
    await expect(frame.getByTestId('test-mode-banner')).toContainText('Preview of version 1');
  }
  await expect(page.getByRole('figure', { name: 'Phone, 390 × 844' })).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Desktop, 1280 × 800' })).toBeVisible();
  const shared = new URL(await page.getByLabel('Shared preview link').inputValue());
  expect(shared.searchParams.get('preview')).toMatch(/^[A-Za-z0-9_-]{43}$/);

  const colleague = await browser.newContext();
  const guest = await colleague.newPage();
  const tracked: string[] = [];
  guest.on('request', (request) => {
    if (/\/(martech\/api\/funnel|com\.condenast\/yv8|user-context\/segmentation)/.test(request.url())) tracked.push(request.url());
  });
  shared.searchParams.set('source', PREVIEW_SOURCE);
  const first = await guest.goto(shared.href);
  expect(first?.status()).toBe(200);
  expect(first?.headers()['cache-control']).toBe('private, no-store');
  expect(first?.headers()['x-robots-tag']).toBe('noindex, nofollow');
  await expect(guest.getByTestId('test-mode-banner')).toContainText('Preview of version 1');
  await new OfferPage(guest).choose('Vogue Winter Digital');
  const cart = await CartPage.expectOpen(guest);
  await cart.openPromoCode();
  const promo = await PromoCodePage.expectOpen(guest);
  await promo.apply(coupon);
  await expect(guest.getByText(`Promo code ${coupon} applied.`)).toBeVisible();
  await promo.backToCart();
  await guest.getByRole('link', { name: 'Continue to payment' }).click();
  const checkout = await CheckoutPage.expectOpen(guest);
  await expect(guest.getByTestId('test-mode-banner')).toContainText('Preview of version 1');
  await checkout.fillBilling({ email: newEmail('preview') });
  await checkout.fillCard('4242 4242 4242 4242');
  await checkout.submitButton.click();
  await SuccessPage.expectOpen(guest);
  await expect(guest.getByTestId('test-mode-banner')).toContainText('Preview of version 1');
  expect(new URL(guest.url()).searchParams.get('preview')).toBe(shared.searchParams.get('preview'));
  // An address that is not a preview link is refused, and says why.
  const bad = await guest.goto(`${shared.pathname}?preview=${'x'.repeat(43)}`);
  expect(bad?.status()).toBe(410);
  await expect(guest.getByRole('heading', { level: 1 })).toHaveText('This preview link has expired');
  expect(tracked).toEqual([]);
  await colleague.close();
}

test('a marketer creates a campaign from nothing, previews it, schedules it, sees it on sale at its time, restores a version and buys from it', async ({
  page,
  browser,
}) => {
  const id = suffix();
  const campaignId = `vogue-e2e-${id}`;
  const path = `/vogue/e2e-${id}`;
  const coupon = `E2E${id.toUpperCase().replace(/[^A-Z0-9]/g, '')}`.slice(0, 32);
  await operatorSession(page, 'marketer');
  await page.goto('/admin/campaigns');
  await page.getByRole('link', { name: 'New campaign' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New campaign' })).toBeVisible();

  await page.getByLabel('Brand', { exact: true }).selectOption('vogue');
  await page.getByLabel('Campaign id').fill(campaignId);
  await page.getByLabel('Address', { exact: true }).fill(`e2e-${id}`);
  await page.getByLabel('Headline', { exact: true }).fill('Vogue for the winter');
  await fillOffer(page, 1, { name: 'Vogue Winter Digital', description: 'A winter of Vogue on every screen', price: '40.00' });
  // Its picture, uploaded: a GIF is refused, a PNG kept and named by its address and size.
  const upload = offerGroup(page, 1).getByLabel('Upload a picture');
  await upload.setInputFiles({ name: 'winter.gif', mimeType: 'image/gif', buffer: GIF_1X1 });
  await expect(offerGroup(page, 1).getByRole('alert')).toHaveText('GIF pictures are not taken: upload a PNG, JPEG or WebP.');
  await upload.setInputFiles({ name: 'winter.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await expect(offerGroup(page, 1).getByLabel('Image address')).toHaveValue(/^\/api\/images\/[0-9a-f]{32}\.png$/);
  await expect(offerGroup(page, 1).getByLabel('Image width')).toHaveValue('1');
  await offerGroup(page, 1).getByLabel('Image text').fill('Vogue in the snow');
  await fillOffer(page, 2, { name: 'Vogue Winter Print', description: 'A winter of Vogue in print', price: '60.00', print: true });
  await page.getByRole('button', { name: 'Add a coupon' }).click();
  const couponGroup = page.getByRole('group', { name: /^Coupon 1/ });
  await couponGroup.getByLabel('Code').fill(coupon);
  await couponGroup.getByLabel('Percent off').fill('10');

  // Three single-use codes for a partner, shown as one batch.
  const batchForm = page.getByRole('group', { name: 'Single-use codes', exact: true });
  await batchForm.getByLabel('How many').fill('3');
  await batchForm.getByLabel('Code prefix').fill('PARTNER');
  await batchForm.getByLabel('Percent off').fill('20');
  await batchForm.getByRole('button', { name: 'Add single-use codes' }).click();
  await expect(page.getByRole('group', { name: /^3 single-use codes 20% off/ })).toBeVisible();

  // A mistake first: told beside its field, nothing saved, nothing typed lost.
  await offerGroup(page, 2).getByLabel('Price', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'not saved' })).toBeVisible();
  await expect(offerGroup(page, 2).getByLabel('Price', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Headline', { exact: true })).toHaveValue('Vogue for the winter');
  await offerGroup(page, 2).getByLabel('Price', { exact: true }).fill('60.00');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/campaigns/${campaignId}/edit$`));
  await expect(page.getByText('Version 1, draft (not published)')).toBeVisible();
  expect(await axeViolations(page, WCAG_21_AA)).toEqual([]);
  const csv = await page.request.get((await page.getByRole('link', { name: 'Download the codes (CSV)' }).getAttribute('href'))!);
  const rows = (await csv.text())
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(rows).toHaveLength(4);
  expect(rows.slice(1).every((row) => /^PARTNER[A-Z2-9]{10},20,/.test(row))).toBe(true);

  // A draft: visitors do not see it. Scheduled a few seconds ahead, it goes on sale at its time.
  expect(await visitorPage(page, path)).toBe(404);
  await previewAndBuy(page, browser, { coupon });
  await page.goto(`/admin/campaigns/${campaignId}/edit`);
  await page.getByLabel('Publish at (UTC)').fill(utcInput(8));
  await page.getByRole('button', { name: 'Schedule' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Version 1 is scheduled for' })).toBeVisible();
  await page.goto('/admin/campaigns');
  await expect(page.getByTestId('studio-campaign').filter({ hasText: path })).toContainText('Draft');
  await expect.poll(() => visitorPage(page, path), { timeout: 60_000, intervals: [1000] }).toBe(200);
  await page.reload();
  await expect(page.getByTestId('studio-campaign').filter({ hasText: path })).toContainText('On sale');

  // An edit published now, then the first version restored and published again.
  await page.goto(`/admin/campaigns/${campaignId}/edit`);
  await expect(page.getByText(/Version 1, published/)).toBeVisible();
  await page.getByLabel('Headline', { exact: true }).fill('Vogue, warmer');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Version 2, draft (not published)')).toBeVisible();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /Published version 2/ })).toBeVisible();
  await page.goto(`${path}?livemode=false`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Vogue, warmer');
  // The uploaded picture, loaded from the app under the page's content security policy.
  const picture = page.getByRole('img', { name: 'Vogue in the snow' });
  await expect(picture).toBeVisible();
  expect(await picture.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(1);

  await page.goto(`/admin/campaigns/${campaignId}`);
  await page.getByRole('link', { name: 'Restore version 1 as a draft' }).click();
  await expect(page.getByText('This form holds version 1.', { exact: false })).toBeVisible();
  await expect(page.getByLabel('Headline', { exact: true })).toHaveValue('Vogue for the winter');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Version 3, draft (not published)')).toBeVisible();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /Published version 3/ })).toBeVisible();
  await page.goto(`/admin/campaigns/${campaignId}?from=2&to=3`);
  await expect(page.getByRole('region', { name: 'Versions' })).toContainText('Version 3');
  await expect(page.getByText('Vogue for the winter').first()).toBeVisible();

  // A visitor buys from it in test mode, with its coupon.
  const checkout = await toCheckout(page, path, 'Vogue Winter Digital', coupon);
  await checkout.fillBilling({ email: newEmail('studio') });
  await checkout.fillCard('4242 4242 4242 4242');
  await checkout.submitButton.click();
  await SuccessPage.expectOpen(page);

  // The report counts that order, and not the preview's.
  await page.goto(`/admin/funnel?mode=test&campaign=${campaignId}`);
  await expect(page.getByRole('row').filter({ hasText: 'e2e' }).first()).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: PREVIEW_SOURCE })).toHaveCount(0);
});

test('a bought offer keeps its price: new buyers get a new offer, its subscribers a notice only after the explicit change', async ({
  page,
}) => {
  const id = suffix();
  const campaignId = `vogue-price-${id}`;
  const path = `/vogue/price-${id}`;
  await operatorSession(page, 'marketer');
  await page.goto('/admin/campaigns/new');
  await page.getByLabel('Brand', { exact: true }).selectOption('vogue');
  await page.getByLabel('Campaign id').fill(campaignId);
  await page.getByLabel('Address', { exact: true }).fill(`price-${id}`);
  await page.getByLabel('Headline', { exact: true }).fill('Vogue at one price');
  await fillOffer(page, 1, { name: 'Vogue Steady Digital', description: 'A year of Vogue', price: '40.00' });
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Version 1, draft (not published)')).toBeVisible();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /Published version 1/ })).toBeVisible();

  const email = newEmail('price');
  const checkout = await toCheckout(page, path, 'Vogue Steady Digital');
  await checkout.fillBilling({ email });
  await checkout.fillCard('4242 4242 4242 4242');
  await checkout.submitButton.click();
  await SuccessPage.expectOpen(page);
  const account = await signInFromSuccess(page, email);
  const subscription = account.subscription('Vogue: Vogue Steady Digital');
  await expect(subscription.nextCharge).toContainText('$40.00');

  // Bought: its price fields are read-only; a new price is a new offer in its place.
  await page.goto(`/admin/campaigns/${campaignId}/edit`);
  const bought = offerGroup(page, 1);
  await expect(bought.getByLabel('Price', { exact: true })).toHaveAttribute('readonly', '');
  await bought.getByRole('button', { name: 'New price for new buyers' }).click();
  await offerGroup(page, 1).getByLabel('Price', { exact: true }).fill('45.00');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Version 2, draft (not published)')).toBeVisible();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /Published version 2/ })).toBeVisible();
  await page.goto(`${path}?livemode=false`);
  await expect(page.getByText('$45', { exact: false }).first()).toBeVisible();

  // The subscriber still renews at $40.00, and is told nothing.
  await page.goto('/account?livemode=false');
  await expect(subscription.nextCharge).toContainText('$40.00');

  // The explicit change, on the campaign's page: its retired offer, what its subscriber renews at.
  await page.goto(`/admin/campaigns/${campaignId}`);
  const held = page
    .getByRole('region', { name: 'Offers subscribers hold' })
    .getByRole('listitem')
    .filter({ hasText: 'Vogue Steady Digital' });
  await expect(held).toContainText('Retired');
  await expect(held).toContainText('One subscriber renews at $40.00.');
  expect(await axeViolations(page, WCAG_21_AA)).toEqual([]);
  await held.getByLabel('New renewal price (USD)').fill('50.00');
  await held.getByRole('button', { name: 'Change their renewal price' }).click();
  await expect(held.getByRole('status')).toContainText('now renews at $50.00 instead of $40.00');

  // The notice comes before the first renewal charged at it.
  await page.goto('/account?livemode=false');
  await subscription.moveClock('the next notice');
  const notice = await (await MailboxPage.open(page, email)).read(/price/i);
  expect(notice).toContain('$40.00');
  expect(notice).toContain('$50.00');
});

test('no studio code reaches a visitor: the offer page, cart and payment step load none of it', async ({ page }) => {
  const scripts = new Set<string>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.add(response.url());
  });
  await toCheckout(page, '/vogue/demo-single', 'Vogue Digital');
  expect(scripts.size).toBeGreaterThan(0);
  // Next's route manifest names every page and route, the studio's among them: a list, not their code.
  for (const url of [...scripts].filter((script) => !/_(build|ssg)Manifest\.js$/.test(script))) {
    const body = await (await page.request.get(url)).text();
    // The studio's own words and its API's address: in its editor's code, nowhere a visitor loads.
    for (const marker of ['/api/operator/campaigns', 'New price for new buyers', 'Save draft']) {
      expect(body.includes(marker), `${url} holds "${marker}"`).toBe(false);
    }
  }
});

test("a marketer sets where a brand's new subscribers start reading, and its success page leads there", async ({ page }) => {
  await operatorSession(page, 'marketer');
  await page.goto('/admin/campaigns');
  const section = page.getByRole('region', { name: 'Where new subscribers start reading' });
  const field = section.getByRole('textbox', { name: 'Reading URL of WIRED' });
  const before = await field.inputValue();
  // Refused beside its field, typing kept; then saved.
  await field.fill('http://www.wired.com/start');
  await section.getByRole('button', { name: 'Save the reading URL of WIRED' }).click();
  await expect(section.getByRole('alert')).toHaveText('Must be an absolute https URL such as https://www.vogue.com/');
  await expect(field).toHaveValue('http://www.wired.com/start');
  await field.fill('https://www.wired.com/start-here');
  await section.getByRole('button', { name: 'Save the reading URL of WIRED' }).click();
  await expect(section.getByText('Saved: new subscribers of WIRED start reading at https://www.wired.com/start-here.')).toBeVisible();
  await page.reload();
  await expect(field).toHaveValue('https://www.wired.com/start-here');

  try {
    const checkout = await toCheckout(page, '/wired/demo-trial', 'WIRED Free Trial');
    await checkout.fillBilling({ email: newEmail('reading') });
    await checkout.fillCard('4242 4242 4242 4242');
    await checkout.submitButton.click();
    const success = await SuccessPage.expectOpen(page);
    await expect(success.startReading).toHaveAttribute('href', 'https://www.wired.com/start-here');
  } finally {
    // Put back as it was, for the other tests' success pages.
    await page.request.post('/api/operator/brands/wired/reading-url', { data: { readingUrl: before || null } });
  }
});

test("a marketer writes an offer's French words for Quebec's buyers, who read them in the cart", async ({ page }) => {
  const id = suffix();
  const campaignId = `newyorker-fr-${id}`;
  const path = `/newyorker/fr-${id}`;
  await operatorSession(page, 'marketer');
  await page.goto('/admin/campaigns/new');
  await page.getByLabel('Brand', { exact: true }).selectOption('newyorker');
  await page.getByLabel('Campaign id').fill(campaignId);
  await page.getByLabel('Address', { exact: true }).fill(`fr-${id}`);
  await page.getByLabel('Headline', { exact: true }).fill('The New Yorker in Canada');
  // An English campaign offers no other language: no French words to write.
  await fillOffer(page, 1, { name: 'Digital Canada', description: 'The New Yorker, digital, in Canada', price: '40.00' });
  await expect(offerGroup(page, 1).getByRole('group', { name: 'In French (fr-CA)' })).toHaveCount(0);
  await page.getByLabel('Language', { exact: true }).selectOption('en-CA');
  await fillOffer(page, 2, { name: 'Tote', description: 'A New Yorker tote bag', price: '20.00' });
  await offerGroup(page, 2).getByLabel('Sold on the page').uncheck();
  await offerGroup(page, 2).getByLabel('Offered beside').selectOption({ label: 'Digital Canada' });
  const french = offerGroup(page, 2).getByRole('group', { name: 'In French (fr-CA)' });
  await french.getByLabel('Description in fr-CA').fill('Un sac The New Yorker');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Version 1, draft (not published)')).toBeVisible();
  // Reopened, the brand's own add-ons come first: the tote is found by its name.
  const tote = page.getByRole('group', { name: /^Offer \d+: Tote$/ });
  await expect(tote.getByLabel('Description in fr-CA')).toHaveValue('Un sac The New Yorker');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /Published version 1/ })).toBeVisible();

  // The cart in English, then in the French the campaign offers Quebec's buyers.
  await OfferPage.open(page, path, { livemode: 'false' });
  await new OfferPage(page).choose('Digital Canada');
  await CartPage.expectOpen(page);
  await expect(page.getByText('A New Yorker tote bag')).toBeVisible();
  await page.goto(`${page.url()}&lang=fr-CA`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
  await expect(page.getByText('Un sac The New Yorker')).toBeVisible();
  await expect(page.getByText('A New Yorker tote bag')).toHaveCount(0);
});
