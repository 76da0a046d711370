import { expect, test, type Page } from '@playwright/test';
import { accessibilityViolations } from './pages/AccountPage';
import { SuccessPage } from './pages/CheckoutPage';
import { ExpressRow, type ExpressWalletName } from './pages/ExpressCheckout';
import { toCheckout } from './pages/journey';
import { newEmail, signInFromSuccess } from './pages/subscriberJourney';

/**
 * Express wallets in the sandbox (issue 25): Apple Pay, Google Pay and Link at the top of the
 * payment step, each a sandbox sheet; the purchase is a card payment named with its wallet
 * ("Visa via Apple Pay") in the account and on the invoice, and it renews like a card.
 */

// Each test buys, signs in and moves the clock: whole journeys, longer than the default 30 s.
test.describe.configure({ timeout: 120_000 });

/** Chooses where the buyer is (the step may have pre-filled it from the visitor's location). */
async function chooseLocation(page: Page, region = 'New Hampshire') {
  await page.getByLabel('Country').selectOption({ label: 'United States of America' });
  await page.getByLabel('State').selectOption({ label: region });
}

const WALLETS: readonly ExpressWalletName[] = ['Apple Pay', 'Google Pay', 'Link'];

for (const wallet of WALLETS) {
  test(`${wallet}: bought from the express row, named in the account and on the invoice, renewed by the test clock`, async ({ page }) => {
    const email = newEmail(`express ${wallet}`);
    const checkout = await toCheckout(page, '/vogue/demo-single', 'Vogue Digital');
    await chooseLocation(page);
    const row = await ExpressRow.expectShown(page);
    // Nothing typed: the wallet brings the name, e-mail and address.
    await expect(page.getByLabel('Email')).toHaveValue('');

    const sheet = await row.open(wallet);
    await expect(sheet.total).toHaveText((await checkout.total.textContent())!.replace('Total today', ''));
    await expect(sheet.root).toContainText('renews automatically');
    await expect(sheet.root.getByLabel('Card')).toHaveValue('0');
    expect(await accessibilityViolations(page)).toEqual([]);
    await sheet.useEmail(email);
    await sheet.pay();

    const success = await SuccessPage.expectOpen(page);
    await expect(success.invoiceHeading).toBeVisible();
    await expect(page.getByTestId('invoice-payment-method')).toHaveText(`Visa via ${wallet}`);

    const account = await signInFromSuccess(page, email);
    const subscription = account.subscription('Vogue: Vogue Digital');
    await expect(subscription.paymentMethod).toHaveText(`Visa via ${wallet}`);
    await expect(subscription.invoices).toHaveCount(1);

    // A renewal charges the wallet's card, as any saved card.
    await subscription.moveClock('the next renewal');
    await expect(subscription.status).toHaveText('Active');
    await expect(subscription.invoices).toHaveCount(2);
    await expect(subscription.paymentMethod).toHaveText(`Visa via ${wallet}`);
    await subscription.invoices.last().click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Invoice');
    await expect(page.getByText(`Visa via ${wallet}`).first()).toBeVisible();
  });
}

test('where a mandate applies (New York), no wallet opens until the renewal terms below its buttons are agreed to', async ({ page }) => {
  const email = newEmail('express consent');
  await toCheckout(page, '/vogue/demo-single', 'Vogue Digital');
  await chooseLocation(page, 'New York');
  const row = await ExpressRow.expectShown(page);
  await expect(row.root).toContainText('renews automatically');

  await row.wallet('Apple Pay').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(row.root.getByRole('alert')).toContainText('agree to the automatic renewal terms');
  await expect(row.consent).toBeFocused();

  await row.consent.check();
  // One consent on the page, below the wallets, for them and the card form alike.
  await expect(page.getByTestId('auto-renewal-terms')).toHaveCount(1);
  await expect(page.locator('#renewal-notice-consent')).toBeChecked();
  const sheet = await row.open('Apple Pay');
  await sheet.useEmail(email);
  await sheet.pay();
  await SuccessPage.expectOpen(page);
});

test('a wallet whose card is declined: the sheet closes and the step says so; cancelling charges nothing', async ({ page }) => {
  const checkout = await toCheckout(page, '/vogue/demo-single', 'Vogue Digital');
  await chooseLocation(page);
  const row = await ExpressRow.expectShown(page);

  const cancelled = await row.open('Google Pay');
  await cancelled.cancel();
  await expect(row.wallet('Google Pay')).toBeFocused();

  const sheet = await row.open('Google Pay');
  await sheet.chooseCard('Visa •••• 0002 (declined)');
  await sheet.pay();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(checkout.failure).toBeVisible();
  await expect(page).toHaveURL(/\/credit-card/);
});
