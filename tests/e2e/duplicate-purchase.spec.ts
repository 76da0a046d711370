import { expect, test } from '@playwright/test';
import { accessibilityViolations, MailboxPage } from './pages/AccountPage';
import { buy, newEmail } from './pages/subscriberJourney';

/**
 * Bought twice with one address (issue 24, finding 5): the checkout says nothing, the
 * second purchase's e-mail offers to undo it, and its one button refunds it in full.
 * Test mode: the sandbox's cards take no live payment, and the rule is the same per mode.
 */
test.describe.configure({ timeout: 120_000 });

test('a buyer who bought the same brand twice undoes the second purchase from the e-mail, refunded once', async ({ page }) => {
  const email = newEmail('bought-twice');
  await buy(page, 'card', email);
  await buy(page, 'card', email);
  // The checkout answered as for anyone: the ordinary success page.
  await expect(page.getByText(`We have sent a confirmation to ${email}.`)).toBeVisible();

  const mail = await (await MailboxPage.open(page, email)).read(/You now have two Vogue subscriptions/);
  expect(mail).toContain('You already had a Vogue subscription (Vogue Digital).');
  expect(mail).toMatch(/undo it with a full refund of \$\d+\.\d\d/);
  await page.getByTestId('mail-link').click();

  await expect(page.getByRole('heading', { level: 1, name: 'Undo this purchase' })).toBeVisible();
  expect(page.url()).toContain('livemode=false');
  // Opening the link changed nothing: a reload still offers the button.
  await page.reload();
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: /^Undo this purchase and refund \$\d+\.\d\d$/ }).click();
  await expect(page.getByTestId('purchase-undone')).toContainText(/We refunded \$\d+\.\d\d in full/);
  expect(await accessibilityViolations(page)).toEqual([]);

  // The link is spent: the page says when it was undone, and one refund e-mail was sent.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'This purchase was undone' })).toBeVisible();
  await expect(page.getByTestId('purchase-undone')).toContainText(/It was undone on .+ UTC/);
  await MailboxPage.open(page, email);
  await expect(page.getByRole('link', { name: /Your Vogue refund of/ })).toHaveCount(1);
});
