import { expect, test, type Page } from '@playwright/test';
import { accessibilityViolations, AccountPage, MailboxPage } from './pages/AccountPage';
import { SuccessPage } from './pages/CheckoutPage';
import { toCheckout } from './pages/journey';
import { newEmail, signInFromSuccess } from './pages/subscriberJourney';
import { AccountWithdrawalPage, PublicWithdrawalPage } from './pages/WithdrawalPage';

/**
 * Withdrawal within 14 days (issue 24): a buyer billed in the EU withdraws from the account in
 * two steps, gets a receipt with the date and time, sees the invoice refunded and the
 * confirmation in the mailbox; and the same from the footer's link without signing in.
 */

// Each test buys, reads the mailbox and withdraws: whole journeys, longer than the default 30 s.
test.describe.configure({ timeout: 120_000 });

const RECEIVED_AT = /[A-Z][a-z]+ \d{1,2}, \d{4} at \d{2}:\d{2} UTC/;

/** Buys Vogue Digital signed out, in test mode, with the sandbox's 4242 card, billed in `country`; the invoice number. */
async function buyBilledIn(page: Page, email: string, country: string): Promise<string> {
  const checkout = await toCheckout(page, '/vogue/demo-single', 'Vogue Digital');
  await checkout.fillBilling({ email, country });
  await checkout.fillCard('4242 4242 4242 4242');
  // Germany and France are among the renewal mandates (data/mandates.json): the terms are agreed to.
  await checkout.renewalConsent.check();
  await checkout.submitButton.click();
  const success = await SuccessPage.expectOpen(page);
  const heading = await success.invoiceHeading.textContent();
  return heading!.replace(/^Invoice /, '');
}

test('a buyer withdraws within 14 days and is refunded', async ({ page }) => {
  const email = newEmail('withdrawal');
  const invoice = await buyBilledIn(page, email, 'Germany');
  const account = await signInFromSuccess(page, email);
  await account.subscription('Vogue: Vogue Digital').root.getByRole('link', { name: 'Withdraw from contract' }).click();

  const withdrawal = await AccountWithdrawalPage.expectOpen(page);
  expect(await accessibilityViolations(page)).toEqual([]);
  const amount = await withdrawal.refundAmount();
  const receipt = await withdrawal.confirm();
  await expect(receipt).toContainText(new RegExp(`Withdrawal received on ${RECEIVED_AT.source}\\.`));
  await expect(receipt).toContainText(`(invoice ${invoice})`);
  await expect(receipt).toContainText(`We refunded ${amount} to Visa ending in 4242.`);
  await expect(receipt).toContainText(`We have e-mailed a confirmation to ${email}.`);
  expect(await accessibilityViolations(page)).toEqual([]);

  // A reload sends nothing again and still shows the receipt.
  const shown = await receipt.textContent();
  await page.reload();
  await expect(page.getByTestId('withdrawal-receipt')).toHaveText(shown!);
  await expect(page.getByRole('button', { name: 'Confirm withdrawal' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Back to your subscriptions' }).click();
  const after = (await AccountPage.expectOpen(page)).subscription('Vogue: Vogue Digital');
  await expect(after.status).toHaveText('Ended');
  await expect(after.root.getByText(`Refunded ${amount}`)).toBeVisible();
  await expect(after.root.getByRole('link', { name: 'Withdraw from contract' })).toHaveCount(0);
  await after.invoices.first().click();
  await expect(page.getByTestId('invoice-page-refunded')).toHaveText(amount);

  const confirmation = await (await MailboxPage.open(page, email)).read(/Your withdrawal from your .+ contract/);
  expect(confirmation).toMatch(RECEIVED_AT);
  expect(confirmation).toContain(`(invoice ${invoice})`);
  expect(confirmation).toContain(`${amount}, to Visa ending in 4242`);
  await MailboxPage.open(page, email);
  await expect(page.getByRole('link', { name: /refund of/ })).toHaveCount(1);
});

test('a buyer withdraws from the footer link without signing in, and the page answers a stranger alike', async ({ page }) => {
  const email = newEmail('withdrawal-footer');
  const invoice = await buyBilledIn(page, email, 'France');
  await page.getByRole('link', { name: 'Withdraw from contract here' }).click();

  const withdrawal = await PublicWithdrawalPage.expectOpen(page);
  expect(await accessibilityViolations(page)).toEqual([]);
  const summary = await withdrawal.fill(email, invoice, 'Ada Reader');
  await expect(summary).toContainText(`You are withdrawing from the contract with invoice ${invoice} for ${email}`);
  const received = await withdrawal.confirm();
  await expect(received).toContainText(new RegExp(`Received on ${RECEIVED_AT.source} for ${email.replace(/\./g, '\\.')}`));
  await expect(received).toContainText('If this address and invoice number belong to a purchase made in the last 14 days');

  // An address that bought nothing gets the very same answer.
  await page.goto('/withdraw?livemode=false');
  const stranger = await (await PublicWithdrawalPage.expectOpen(page)).fill(newEmail('nobody'), invoice);
  await expect(stranger).toContainText(`invoice ${invoice}`);
  await expect(await withdrawal.confirm()).toContainText(
    'If this address and invoice number belong to a purchase made in the last 14 days',
  );

  const confirmation = await (await MailboxPage.open(page, email)).read(/Your withdrawal from your .+ contract/);
  expect(confirmation).toContain(`(invoice ${invoice})`);
  await MailboxPage.open(page, email);
  await expect(page.getByRole('link', { name: /refund of/ })).toHaveCount(1);
});
