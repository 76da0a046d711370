import { expect, test, type Page } from '@playwright/test';
import { accessibilityViolations, AccountPage, MailboxPage } from './pages/AccountPage';
import { SuccessPage } from './pages/CheckoutPage';
import { toCheckout } from './pages/journey';
import { newEmail, signInFromSuccess } from './pages/subscriberJourney';
import { AccountWithdrawalPage, PublicWithdrawalPage, WithdrawalAnswerPage } from './pages/WithdrawalPage';
import { linkFromOutbox, mailTextFromOutbox } from './support';

/**
 * Withdrawal within 14 days (issue 24): a buyer billed in the EU withdraws from the account in
 * two steps, gets a receipt with the date and time, sees the invoice refunded and the
 * confirmation in the mailbox. From the footer's link without signing in, the subscription's
 * own address is e-mailed first (issue 36): the withdrawal is carried out when its link
 * confirms it, and "This was not me" keeps the subscription.
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

/** A receipt's words with the address and the times taken out: what must read alike for anyone. */
const masked = (text: string | null, address: string) =>
  (text ?? '').replaceAll(address, '<address>').replace(new RegExp(RECEIVED_AT.source, 'g'), '<time>');

test('a buyer withdraws from the footer link, confirms by the e-mailed link, and the page answers a stranger alike', async ({ page }) => {
  const email = newEmail('withdrawal-footer');
  const invoice = await buyBilledIn(page, email, 'France');
  await page.getByRole('link', { name: 'Withdraw from contract here' }).click();

  const withdrawal = await PublicWithdrawalPage.expectOpen(page);
  expect(await accessibilityViolations(page)).toEqual([]);
  const summary = await withdrawal.fill(email, invoice, 'Ada Reader');
  await expect(summary).toContainText(`You are withdrawing from the contract with invoice ${invoice} for ${email}`);
  await expect(summary).toContainText('We then e-mail the address the subscription belongs to');
  const received = await withdrawal.confirm();
  await expect(received).toContainText(new RegExp(`Received on ${RECEIVED_AT.source} for ${email.replace(/\./g, '\\.')}`));
  await expect(received).toContainText('If this address and invoice number belong to a purchase made in the last 14 days');
  await expect(received).toContainText('we have e-mailed the address the subscription belongs to, to confirm it.');
  const answered = masked(await received.textContent(), email);

  // An address that bought nothing gets the very same answer.
  await page.goto('/withdraw?livemode=false');
  const nobody = newEmail('nobody');
  const stranger = await (await PublicWithdrawalPage.expectOpen(page)).fill(nobody, invoice);
  await expect(stranger).toContainText(`invoice ${invoice}`);
  expect(masked(await (await withdrawal.confirm()).textContent(), nobody)).toBe(answered);

  // Nothing has ended yet: the subscription's own address has the acknowledgment with its links
  // (written by the background pass that examines declarations, moments after the answer).
  await mailTextFromOutbox(email, 'withdrawal-acknowledgment');
  await MailboxPage.open(page, email);
  await expect(page.getByRole('link', { name: /Your withdrawal from your .+ contract/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /refund of/ })).toHaveCount(0);
  const acknowledgment = await (await MailboxPage.open(page, email)).read(/Please confirm your withdrawal from your .+ contract/);
  expect(acknowledgment).toContain(`(invoice ${invoice})`);
  expect(acknowledgment).toContain('This was not me');

  const confirmLink = await linkFromOutbox(email);
  await page.goto(confirmLink);
  const answer = await WithdrawalAnswerPage.expectOpen(page, 'confirm');
  expect(await accessibilityViolations(page)).toEqual([]);
  const receipt = await answer.confirm();
  await expect(receipt).toContainText(`(invoice ${invoice})`);
  await expect(receipt).toContainText(/We refunded \S+ to Visa ending in 4242\./);
  await expect(receipt).toContainText(`We have e-mailed a confirmation to ${email}.`);
  expect(await accessibilityViolations(page)).toEqual([]);

  // The link works once.
  await page.goto(confirmLink);
  await expect(page.getByRole('heading', { level: 1, name: 'We could not use this link' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'This link was already used' })).toBeVisible();

  const confirmation = await (await MailboxPage.open(page, email)).read(/Your withdrawal from your .+ contract/);
  expect(confirmation).toContain(`(invoice ${invoice})`);
  await MailboxPage.open(page, email);
  await expect(page.getByRole('link', { name: /refund of/ })).toHaveCount(1);
});

test('a subscriber keeps the subscription when a withdrawal from the footer was not them', async ({ page }) => {
  const email = newEmail('withdrawal-objection');
  const invoice = await buyBilledIn(page, email, 'Germany');
  await page.goto('/withdraw?livemode=false');
  const withdrawal = await PublicWithdrawalPage.expectOpen(page);
  await withdrawal.fill(email, invoice);
  await withdrawal.confirm();

  const objectLink = /This was not me:\s+(\S+)/.exec(await mailTextFromOutbox(email, 'withdrawal-acknowledgment'))?.[1];
  expect(objectLink, 'the "This was not me" link of the acknowledgment').toBeTruthy();
  await page.goto(objectLink!);
  const answer = await WithdrawalAnswerPage.expectOpen(page, 'object');
  expect(await accessibilityViolations(page)).toEqual([]);
  const kept = await answer.object();
  await expect(kept).toContainText('nothing has ended and nothing is refunded');
  expect(await accessibilityViolations(page)).toEqual([]);

  // Its confirm link is spent with it, and nothing was withdrawn or refunded.
  await page.goto(await linkFromOutbox(email));
  await expect(page.getByRole('alert').filter({ hasText: 'This link was already used' })).toBeVisible();
  await MailboxPage.open(page, email);
  await expect(page.getByRole('link', { name: /Your withdrawal from your .+ contract/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /refund of/ })).toHaveCount(0);
});
