import { createHash } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { assignVariant } from '@/lib/experiments/assignment';
import { newPlan } from '@/tests/fixtures/draftForm';
import { operatorSession } from './pages/backOffice';
import { CheckoutPage, SuccessPage } from './pages/CheckoutPage';
import { OfferPage } from './pages/OfferPage';
import { CartPage } from './pages/CartPage';
import { newEmail } from './pages/subscriberJourney';

/**
 * Issue 41: a marketer runs an A/B test from the studio. Two visitors who consented to
 * analytics buy, one in each variant, in test mode; the report counts them per variant and
 * says there is not enough data yet; the marketer stops the test keeping B, and B is then
 * the campaign every visitor sees.
 */
test.setTimeout(180_000);

const suffix = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const CONSENTED = 'v1:C0001,C0002,C0003,C0004';

type Variant = 'A' | 'B';
type Shown = Record<Variant, { offer: string; price: string }>;
const SPLIT = [
  { id: 'A', weight: 50 },
  { id: 'B', weight: 50 },
];

/** A fixed visitor id that a 50/50 split of `experimentId` puts in `variant`. */
function visitorIn(experimentId: string, variant: Variant, from = 0): string {
  for (let n = from; ; n += 1) {
    const id = createHash('sha256').update(`e2e-visitor-${n}`).digest().subarray(0, 16).toString('base64url');
    if (assignVariant(id, experimentId, SPLIT) === variant) return id;
  }
}

/** A campaign of one plan, published, and a second version selling a plan of its own at another price: made through the studio's routes. */
async function campaignWithTwoVersions(page: Page, campaignId: string, urlSlug: string) {
  const origin = test.info().project.use.baseURL!;
  const post = async (path: string, data: unknown) => {
    const response = await page.request.post(path, { data, headers: { origin, 'sec-fetch-site': 'same-origin' } });
    expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
    return (await response.json()) as { version: number };
  };
  const draft = (plan: ReturnType<typeof newPlan>) => ({
    flow: { brand: 'vogue', urlSlug, campaignId, headline: 'Vogue, tried two ways', subheadline: '', plans: ['new-1'] },
    offers: [plan],
    coupons: [],
    isDefault: false,
  });
  const first = await post('/api/operator/campaigns', { draft: draft(newPlan(1, 'Vogue at forty', { totalAmount: 4000 })) });
  await post(`/api/operator/campaigns/${campaignId}/publish`, { version: first.version });
  const second = await post(`/api/operator/campaigns/${campaignId}/versions`, {
    baseVersion: first.version,
    draft: draft(newPlan(1, 'Vogue at twenty-nine', { totalAmount: 2900 })),
  });
  return { control: first.version, tried: second.version };
}

/**
 * A visitor who consented to analytics buys the offer their variant shows, in test mode, and
 * is charged the price they were shown. Without a visitor id given, they answer the banner
 * and the browser makes theirs. Answers the variant they were in.
 */
async function buyAs(browser: Browser, path: string, experimentId: string, visitorId: string | null, shown: Shown): Promise<Variant> {
  const origin = test.info().project.use.baseURL!;
  const context = await browser.newContext();
  const page = await context.newPage();
  if (visitorId === null) {
    await OfferPage.open(page, path, { livemode: 'false', source: '=1+1' });
    await page.getByRole('button', { name: 'Accept all' }).click();
    await expect.poll(async () => (await context.cookies()).some((cookie) => cookie.name === 'pj_vid')).toBe(true);
  } else {
    await context.addCookies([
      { name: 'pj_consent', value: CONSENTED, url: origin },
      { name: 'pj_vid', value: visitorId, url: origin },
    ]);
  }
  const visitor = (await context.cookies()).find((cookie) => cookie.name === 'pj_vid')!.value;
  const variant = assignVariant(visitor, experimentId, SPLIT) as Variant;
  const expected = shown[variant];
  // Enrolled on this visit to the offer page, in the variant the hash gives.
  const offers = await OfferPage.open(page, path, { livemode: 'false', source: '=1+1' });
  await expect(offers.offer(expected.offer)).toBeVisible();
  expect(await offers.priceOf(expected.offer)).toBe(expected.price);
  await offers.choose(expected.offer);
  const cart = await CartPage.expectOpen(page);
  await expect(page.getByText(expected.price).first()).toBeVisible();
  await page.reload();
  await expect(page.getByText(expected.price).first()).toBeVisible();
  await cart.page.getByRole('link', { name: 'Continue to payment' }).click();
  const checkout = await CheckoutPage.expectOpen(page);
  await checkout.fillBilling({ email: newEmail('ab') });
  await checkout.fillCard('4242 4242 4242 4242');
  await checkout.submitButton.click();
  await SuccessPage.expectOpen(page);
  await expect(page.getByText(expected.price).first()).toBeVisible();
  await context.close();
  return variant;
}

test('a marketer runs an experiment from the studio, a visitor buys in each variant, the verdict is read and the winner kept', async ({
  page,
  browser,
}) => {
  const id = suffix();
  const campaignId = `vogue-ab-${id}`;
  const path = `/vogue/ab-${id}`;
  await operatorSession(page, 'marketer');
  const versions = await campaignWithTwoVersions(page, campaignId, `ab-${id}`);

  // Started from the studio: the published version is the control, version 2 is B, 50/50.
  await page.goto(`/admin/campaigns/${campaignId}`);
  await page.getByLabel('Name', { exact: true }).fill('Twenty-nine dollars');
  await page.getByLabel('Variant B version').selectOption(String(versions.tried));
  await expect(page.getByLabel('Variant B weight, %')).toHaveValue('50');
  await page.getByRole('button', { name: 'Start experiment' }).click();
  await expect(page.getByText(/Running since/)).toBeVisible();
  const listed = await page.request.get(`/api/operator/campaigns/${campaignId}/experiments`);
  const experimentId = ((await listed.json()) as { experiments: { id: string }[] }).experiments[0]!.id;

  // One visitor per variant, each shown its own price through to the charge: the first
  // answers the banner, the second holds an id the split puts in the other variant.
  const shown: Shown = { A: { offer: 'Vogue at forty', price: '$40.00' }, B: { offer: 'Vogue at twenty-nine', price: '$29.00' } };
  const first = await buyAs(browser, path, experimentId, null, shown);
  const other: Variant = first === 'A' ? 'B' : 'A';
  expect(await buyAs(browser, path, experimentId, visitorIn(experimentId, other), shown)).toBe(other);

  // A visitor in B who withdraws consent on the payment step is not charged A's price: the
  // server no longer finds them in B, refuses the order, and asks them to reload.
  const withdrawing = await browser.newContext();
  const withdrawer = await withdrawing.newPage();
  await withdrawing.addCookies([
    { name: 'pj_consent', value: CONSENTED, url: test.info().project.use.baseURL! },
    { name: 'pj_vid', value: visitorIn(experimentId, 'B', 1000), url: test.info().project.use.baseURL! },
  ]);
  const inB = await OfferPage.open(withdrawer, path, { livemode: 'false' });
  await inB.choose(shown.B.offer);
  await (await CartPage.expectOpen(withdrawer)).page.getByRole('link', { name: 'Continue to payment' }).click();
  const payment = await CheckoutPage.expectOpen(withdrawer);
  await payment.fillBilling({ email: newEmail('ab-withdrawn') });
  await payment.fillCard('4242 4242 4242 4242');
  await withdrawer.getByRole('button', { name: 'Cookie settings' }).click();
  await withdrawer.getByRole('button', { name: 'Reject all' }).click();
  await expect.poll(async () => (await withdrawing.cookies()).some((cookie) => cookie.name === 'pj_vid')).toBe(false);
  await payment.submitButton.click();
  await expect(withdrawer.getByText(/The offers on this page have changed since it was shown to you/)).toBeVisible();
  await withdrawing.close();

  // A visitor who has not consented sees the control and is not counted.
  const anonymous = await browser.newContext();
  const anonymousPage = await anonymous.newPage();
  const control = await OfferPage.open(anonymousPage, path, { livemode: 'false' });
  await expect(control.offer('Vogue at forty')).toBeVisible();
  await anonymous.close();

  // The verdict: not enough data for a leader.
  await page.goto(`/admin/funnel?campaign=${campaignId}&mode=test`);
  const table = page.getByRole('table', { name: 'Experiment: Twenty-nine dollars' });
  await expect(table).toBeVisible();
  // A: one visitor, one order; B: two visitors (the one who withdrew was enrolled first), one order.
  for (const [variant, visitors] of [
    [/^A \(control\)/, '1'],
    [/^B\b/, '2'],
  ] as const) {
    const row = table.getByRole('row', { name: variant });
    // Visitors first; orders after the four steps (their cells say visitors and conversion).
    await expect(row.getByRole('cell').nth(0)).toHaveText(visitors);
    await expect(row.getByRole('cell').nth(5)).toHaveText('1');
  }
  await expect(page.getByText('Not enough data yet: every variant needs 200 visitors and 20 orders.')).toBeVisible();

  // The CSV of the same filters: parsed, the experiment's figures are the page's, and the
  // visit from ?source=%3D1%2B1 is text, not a formula.
  const download = await page.request.get(
    await page
      .getByRole('link', { name: 'Download CSV' })
      .getAttribute('href')
      .then((href) => href!),
  );
  expect(download.headers()['content-type']).toBe('text/csv; charset=utf-8');
  const records: string[][] = parse(await download.text(), { bom: true, relax_column_count: true });
  const variants = records.filter((cells) => cells[0] === 'A (control)' || cells[0] === 'B');
  // Variant, version, weight, visitors, four steps (reached and conversion), orders.
  expect(variants.map((cells) => [cells[0], cells[3], cells[11]])).toEqual([
    ['A (control)', '1', '1'],
    ['B', '2', '1'],
  ]);
  expect(records.flat()).toContain("'=1+1");
  expect(records.flat().filter((cell) => /^[=+\-@]/.test(cell))).toEqual([]);

  // The report at a phone's width: nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(table).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Stopped keeping B: B's version is published as the campaign.
  await page.goto(`/admin/campaigns/${campaignId}`);
  await page.getByRole('radio', { name: `Keep variant B (version ${versions.tried})` }).check();
  await page.getByRole('button', { name: 'Stop experiment and publish the chosen variant' }).click();
  await expect(page.getByText(`Variant B is now the campaign (version ${versions.tried + 1}).`)).toBeVisible();
  const after = await browser.newContext();
  const afterPage = await after.newPage();
  const winner = await OfferPage.open(afterPage, path, { livemode: 'false' });
  await expect(winner.offer('Vogue at twenty-nine')).toBeVisible();
  await expect(winner.offer('Vogue at forty')).toHaveCount(0);
  await after.close();
});
