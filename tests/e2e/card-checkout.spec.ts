import { expect, test } from '@playwright/test';
import { CheckoutPage, SandboxBankPage, SuccessPage } from './pages/CheckoutPage';
import { ADMIN_HEADERS } from './support';
import { toCheckout } from './pages/journey';
import { axeViolations, WCAG_21_AA } from './accessibility';

test('single offer with 4242: success page with the invoice', async ({ page }) => {
  const checkout = await toCheckout(page, '/vogue/demo-single', 'Vogue Digital');
  await expect(page.getByTestId('sandbox-note')).toBeVisible();
  await checkout.fillBilling();
  await checkout.fillCard('4242 4242 4242 4242');
  await expect(checkout.submitButton).toHaveText('Subscribe for $25.00');
  await checkout.submit();
  const success = await SuccessPage.expectOpen(page);
  expect(new URL(page.url()).search).toBe('?livemode=false&source=e2e');
  await expect(success.invoiceHeading).toBeVisible();
  await expect(success.total).toHaveText('Total paid$25.00');
  await expect(success.paymentMethod).toHaveText('Visa ending in 4242');
  // The plan by its name, never the subscription's id.
  await expect(success.plan).toHaveText('Vogue Digital');
  expect(await page.locator('main').innerText()).not.toMatch(/sub_/);
  expect(await axeViolations(page, WCAG_21_AA)).toEqual([]);
});

test('dual offer, print plan with an address, in New York: auto-renewal consent is required', async ({ page }) => {
  const checkout = await toCheckout(page, '/newyorker/demo-dual', 'Print + Digital');
  await checkout.fillBilling({ region: 'New York', address: { line1: '1 World Trade Center', city: 'New York', postalCode: '10007' } });
  await checkout.fillCard('4242424242424242');
  // Today's introductory price, then the renewals at the full price.
  const terms = page.getByTestId('auto-renewal-terms');
  await expect(terms).toContainText('Today you pay $149.00.');
  await expect(terms).toContainText(
    /renews automatically on [A-Z][a-z]+ \d{1,2}, \d{4} and every year after that at \$200\.00 plus any applicable tax/,
  );
  await expect(checkout.renewalConsent).not.toBeChecked();
  await checkout.submit();
  await expect(page.getByText('Please tick the box to agree to the automatic renewal terms.')).toBeVisible();
  await expect(checkout.renewalConsent).toBeFocused();
  await checkout.renewalConsent.check();
  await checkout.submit();
  const success = await SuccessPage.expectOpen(page);
  await expect(success.total).toHaveText('Total paid$149.00');
});

test('trial: start the free trial for $0.00', async ({ page }) => {
  const checkout = await toCheckout(page, '/wired/demo-trial', 'WIRED Free Trial');
  await checkout.fillBilling();
  await checkout.fillCard('4242424242424242');
  await expect(checkout.submitButton).toHaveText('Start free trial');
  await checkout.submit();
  const success = await SuccessPage.expectOpen(page);
  await expect(page.getByText('Your 30-day free trial of WIRED has started.')).toBeVisible();
  await expect(success.total).toHaveText('Total paid$0.00');
});

for (const [code, discount, total] of [
  ['SAVE20', 'Discount (SAVE20)−$19.80', 'Total paid$79.20'],
  ['TENOFF', 'Discount (TENOFF)−$10.00', 'Total paid$89.00'],
  ['FREE100', 'Discount (FREE100)−$99.00', 'Total paid$0.00'],
] as const) {
  test(`${code}: the success page shows the discount and the total`, async ({ page }) => {
    const checkout = await toCheckout(page, '/newyorker/demo-dual', 'Digital', code);
    await checkout.fillBilling();
    await checkout.fillCard('4242424242424242');
    await checkout.submit();
    const success = await SuccessPage.expectOpen(page);
    await expect(success.discount).toHaveText(discount);
    await expect(success.total).toHaveText(total);
  });
}

test('sales tax is added for a Washington buyer', async ({ page }) => {
  const checkout = await toCheckout(page, '/newyorker/demo-dual', 'Digital');
  await checkout.fillBilling({ region: 'Washington' });
  await expect(checkout.total).toHaveText('Total today$105.44');
  await checkout.fillCard('4242424242424242');
  await checkout.submit();
  const success = await SuccessPage.expectOpen(page);
  await expect(success.tax).toHaveText('Sales tax$6.44');
  await expect(success.total).toHaveText('Total paid$105.44');
});

test('3-D Secure approved: the payment completes', async ({ page }) => {
  const checkout = await toCheckout(page, '/vogue/demo-single', 'Vogue Digital');
  await checkout.fillBilling();
  await checkout.fillCard('4000 0027 6000 3184');
  await checkout.submit();
  const bank = await SandboxBankPage.expectOpen(page);
  await expect(page.getByText('$25.00')).toBeVisible();
  await bank.approve();
  const success = await SuccessPage.expectOpen(page);
  await expect(success.total).toHaveText('Total paid$25.00');
});

for (const [number, answer, message] of [
  ['4000 0000 0000 3220', 'fail', 'Your bank could not confirm this payment. Please try again or use a different card.'],
  ['4000 0084 0000 1629', 'approve', 'Your card was declined. Please use a different card or contact your bank.'],
] as const) {
  test(`3-D Secure with ${number}, ${answer}: back to the card step with the reason, then a new card works`, async ({ page }) => {
    const checkout = await toCheckout(page, '/vogue/demo-single', 'Vogue Digital');
    await checkout.fillBilling();
    await checkout.fillCard(number);
    await checkout.submit();
    const bank = await SandboxBankPage.expectOpen(page);
    await (answer === 'fail' ? bank.fail() : bank.approve());
    await page.waitForURL(/\/credit-card\?.*payment_failed=/);
    const again = await CheckoutPage.expectOpen(page);
    await expect(again.failure).toHaveText(message);
    await again.fillBilling();
    await again.fillCard('4242 4242 4242 4242');
    await again.submit();
    await SuccessPage.expectOpen(page);
  });
}

for (const [number, message] of [
  ['4000 0000 0000 0002', 'Your card was declined. Please use a different card or contact your bank.'],
  ['4000 0000 0000 9995', 'Your card has insufficient funds. Please use a different card.'],
  ['4000 0000 0000 0069', 'Your card has expired. Please check the expiry date or use a different card.'],
  ['4000 0000 0000 0127', "Your card's security code (CVC) is incorrect. Please check it and try again."],
] as const) {
  test(`decline ${number}: a clear message, then a retry with 4242 succeeds`, async ({ page }) => {
    const checkout = await toCheckout(page, '/vogue/demo-single', 'Vogue Digital');
    await checkout.fillBilling();
    await checkout.fillCard(number);
    await checkout.submit();
    await expect(checkout.failure).toHaveText(message);
    await expect(checkout.submitButton).toBeEnabled();
    await checkout.fillCard('4242 4242 4242 4242');
    await checkout.submit();
    await SuccessPage.expectOpen(page);
  });
}

test('a Luhn-invalid number is caught in the form, before anything is sent', async ({ page }) => {
  const checkout = await toCheckout(page, '/vogue/demo-single', 'Vogue Digital');
  await checkout.fillBilling();
  await checkout.fillCard('4242 4242 4242 4241');
  const submits: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/checkout/submit')) submits.push(request.url());
  });
  await checkout.submit();
  await expect(page.getByText('This card number is not valid. Please check it.')).toBeVisible();
  await expect(page.getByLabel('Card number')).toBeFocused();
  expect(submits).toEqual([]);
});

// The payment step starts with the visitor's country when something tells it (lib/server/geo):
// here nothing does (a loopback address, a language without a region), so the form starts empty.
test.describe('a visitor whose location nothing tells', () => {
  test.use({ locale: 'en' });

  test('an empty form shows every problem next to its field and focuses the first', async ({ page }) => {
    const checkout = await toCheckout(page, '/vogue/demo-single', 'Vogue Digital');
    await checkout.submit();
    // The country comes first on the payment step (the wallets right below it depend on it).
    await expect(page.getByLabel('Country')).toBeFocused();
    for (const message of [
      'Enter your email address.',
      'Enter your first name.',
      'Enter your last name.',
      'Choose your country.',
      'Enter your card number.',
    ]) {
      await expect(page.getByText(message)).toBeVisible();
    }
    expect(await axeViolations(page, WCAG_21_AA)).toEqual([]);
  });
});

test('a field is checked when the visitor leaves it', async ({ page }) => {
  await toCheckout(page, '/vogue/demo-single', 'Vogue Digital');
  await page.getByLabel('Email').fill('ada@');
  await page.getByLabel('First name').focus();
  await expect(page.getByText('Enter a valid email address, like name@example.com.')).toBeVisible();
  await expect(page.getByText('Enter your first name.')).toHaveCount(0);
});

test('a double click on submit creates one transaction', async ({ page, request }) => {
  const checkout = await toCheckout(page, '/gq/demo-gbp', 'GQ Digital');
  await checkout.fillBilling({ email: 'double.click@example.com' });
  await checkout.fillCard('4242 4242 4242 4242');
  await checkout.submitButton.dblclick();
  await SuccessPage.expectOpen(page);
  const response = await request.get('/api/admin/transactions?campaignId=gq-demo-gbp&limit=500', {
    headers: ADMIN_HEADERS,
  });
  expect(response.status()).toBe(200);
  const { transactions } = (await response.json()) as { transactions: { customer: { email: string } }[] };
  expect(transactions.filter((t) => t.customer.email === 'double.click@example.com')).toHaveLength(1);
});

test('the success page shows nothing to a browser that did not pay', async ({ page, browser }) => {
  const checkout = await toCheckout(page, '/vogue/demo-single', 'Vogue Digital');
  await checkout.fillBilling();
  await checkout.fillCard('4242 4242 4242 4242');
  await checkout.submit();
  const success = await SuccessPage.expectOpen(page);
  await expect(success.invoiceHeading).toBeVisible();

  const stranger = await browser.newPage();
  const response = await stranger.goto(page.url());
  expect(response?.status()).toBe(403);
  await expect(stranger.getByRole('heading', { level: 1 })).toHaveText('We can’t show this order');
  await expect(stranger.getByText(/\b[A-Z]{2,6}-(TEST-)?\d{4}-\d{6}\b/)).toHaveCount(0);
  await stranger.close();
});

test('operators need the token to list transactions', async ({ request }) => {
  expect((await request.get('/api/admin/transactions')).status()).toBe(401);
  expect((await request.get('/api/admin/transactions', { headers: { authorization: 'Bearer wrong-token-wrong-token' } })).status()).toBe(
    401,
  );
  const bad = await request.get('/api/admin/transactions?limit=0', { headers: ADMIN_HEADERS });
  expect(bad.status()).toBe(400);
});

test('a submit whose answer is lost, then resubmitted after a reload, charges once', async ({ page, request }) => {
  const checkout = await toCheckout(page, '/gq/demo-gbp', 'GQ Digital');
  await checkout.fillBilling({ email: 'lost.answer@example.com' });
  await checkout.fillCard('4242 4242 4242 4242');
  // The server takes the payment, but its answer never reaches the browser.
  await page.route('**/api/checkout/submit', async (route) => {
    await route.fetch();
    await route.abort('connectionfailed');
  });
  await checkout.submit();
  await expect(checkout.failure).toContainText('your payment will not be taken twice');
  await page.unroute('**/api/checkout/submit');

  await page.reload();
  const again = await CheckoutPage.expectOpen(page);
  await again.fillBilling({ email: 'lost.answer@example.com' });
  await again.fillCard('4242 4242 4242 4242');
  await again.submit();
  await SuccessPage.expectOpen(page);

  const response = await request.get('/api/admin/transactions?campaignId=gq-demo-gbp&limit=500', {
    headers: ADMIN_HEADERS,
  });
  const { transactions } = (await response.json()) as { transactions: { customer: { email: string } }[] };
  expect(transactions.filter((t) => t.customer.email === 'lost.answer@example.com')).toHaveLength(1);
});
