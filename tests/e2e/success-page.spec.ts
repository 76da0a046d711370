import { expect, test, type Page } from '@playwright/test';
import { AccountPage, MailboxPage, accessibilityViolations } from './pages/AccountPage';
import { SuccessPage } from './pages/CheckoutPage';
import { buy, newEmail, signInFromSuccess } from './pages/subscriberJourney';

/**
 * The success page leads on (issue 25): "Start reading" to the brand's reading URL (the demo
 * catalogue's), the account (through its sign-in, prefilled, when signed out), a printable
 * invoice, and no internal id in sight. Test mode only: the sandbox takes no live payments
 * (the live-mode links are in components/steps/SuccessStep.test.tsx).
 */

/** The page's visible text has no subscription id (nor any other internal id). */
async function expectNoRawIds(page: Page): Promise<void> {
  const text = await page.locator('body').innerText();
  expect(text).not.toMatch(/sub_/);
  expect(text).not.toMatch(/txn_/);
}

test('after a card purchase: Start reading, a printable invoice, no raw ids', async ({ page }) => {
  const success = await buy(page, 'card', newEmail('success-reading'));
  await expect(success.startReading).toHaveAttribute('href', 'https://www.vogue.com/');
  await expect(success.plan).toHaveText('Vogue Digital');
  await expect(page.getByTestId('invoice-renewal')).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}, \$50\.00$/);
  await expectNoRawIds(page);
  expect(await accessibilityViolations(page)).toEqual([]);

  // The button prints (the browser's print dialog, stubbed here so that the test can count it).
  await page.evaluate(() => {
    const counted = window as unknown as { printed: number };
    counted.printed = 0;
    window.print = () => {
      counted.printed += 1;
    };
  });
  await expect(success.printButton).toBeVisible();
  await success.printButton.click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

  // Printed, the invoice alone: its brand, number, date, billing name and amounts; nothing else.
  await page.emulateMedia({ media: 'print' });
  await expect(success.printableInvoice).toBeVisible();
  await expect(success.invoiceHeading).toBeVisible();
  for (const part of ['invoice-brand', 'invoice-date', 'invoice-billed-to', 'invoice-tax', 'invoice-total', 'invoice-payment-method']) {
    await expect(page.getByTestId(part)).toBeVisible();
  }
  // fillBilling's buyer: Ada Reader, New Hampshire.
  await expect(page.getByTestId('invoice-billed-to')).toContainText('Ada Reader');
  await expect(page.getByTestId('invoice-billed-to')).toContainText('New Hampshire');
  await expect(success.printButton).toBeHidden();
  await expect(success.startReading).toBeHidden();
  await expect(success.accountLink).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toBeHidden();
  await expect(page.getByRole('contentinfo')).toBeHidden();
  await page.emulateMedia({ media: null });
  await expect(success.startReading).toBeVisible();
});

test('signed out: the sign-in link holds the address shown, and signed in the account link leads to the account', async ({ page }) => {
  const email = newEmail('success-magic-link');
  await buy(page, 'card', email);
  const successUrl = page.url();
  await expect(page.getByRole('main')).toContainText(`Sign in to Vogue with ${email}`);

  // The campaign's sign-in, prefilled from the order (the link carries no address).
  const magicLink = page.getByRole('link', { name: 'Email me a sign-in link' });
  expect(await magicLink.getAttribute('href')).not.toContain('email');
  await magicLink.click();
  await page.waitForURL(/\/auth\/initiate\/success\?/);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByText(`We sent a sign-in link to ${email}.`)).toBeVisible();
  await (await MailboxPage.open(page, email)).followNewest(/Continue with Vogue/);

  // Back on the success page, signed in: no sign-in link; the account opens straight away.
  const success = await SuccessPage.expectOpen(page);
  expect(new URL(page.url()).pathname).toBe(new URL(successUrl).pathname);
  await expect(page.getByText(/You are signed in/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Email me a sign-in link' })).toHaveCount(0);
  await expect(success.startReading).toHaveAttribute('href', 'https://www.vogue.com/');
  await expect(success.accountLink).toHaveAttribute('href', '/account?livemode=false');
  const invoiceHref = await success.accountInvoiceLink.getAttribute('href');
  expect(invoiceHref).toMatch(/^\/account\/invoices\/txn_[A-Za-z0-9_-]+\?livemode=false$/);
  await success.accountLink.click();
  const account = await AccountPage.expectOpen(page);
  await expect(account.subscription('Vogue: Vogue Digital').status).toHaveText('Active');

  // The invoice's page in the account is the same order's.
  await page.goto(invoiceHref!);
  await expect(page.getByTestId('invoice-page')).toBeVisible();
  await expect(page.getByTestId('invoice-page-total')).toHaveText('$25.00');
});

test("signed out: the account link leads through the account's sign-in, prefilled, to the account", async ({ page }) => {
  const email = newEmail('success-account');
  const success = await buy(page, 'card', email);
  const signInHref = await success.accountLink.getAttribute('href');
  const target = new URL(signInHref!, page.url());
  expect(target.pathname).toBe('/account/sign-in');
  expect(target.searchParams.get('email')).toBe(email);
  expect(target.searchParams.get('return')).toBe('/account?livemode=false');
  const invoiceTarget = new URL((await success.accountInvoiceLink.getAttribute('href'))!, page.url());
  expect(invoiceTarget.pathname).toBe('/account/sign-in');
  expect(invoiceTarget.searchParams.get('return')).toMatch(/^\/account\/invoices\/txn_[A-Za-z0-9_-]+\?livemode=false$/);
  // Asserts the field holds the address before asking for the link.
  const account = await signInFromSuccess(page, email);
  await expect(account.subscription('Vogue: Vogue Digital').status).toHaveText('Active');
});
