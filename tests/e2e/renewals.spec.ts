import { expect, test } from '@playwright/test';
import { accessibilityViolations, AccountPage, ChangeCardPage, MailboxPage } from './pages/AccountPage';
import { SandboxBankPage } from './pages/CheckoutPage';
import { buy, newEmail, signInFromSuccess } from './pages/subscriberJourney';

/**
 * Renewals (issue 23), driven by the test clock of a test-mode sandbox subscription: each
 * renewal with its invoice and receipt; a card that declines on renewal, the past-due e-mail
 * and the recovery with another card; the end after the last try.
 */

// Each test buys, signs in and moves the clock: whole journeys, longer than the default 30 s.
test.describe.configure({ timeout: 120_000 });

/** "November 26, 2028": `years` from now, as the account writes dates (UTC). */
function yearsFromNow(years: number): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

test('a card subscription: the notice before its promotional price ends, then the renewal with its invoice and receipt', async ({
  page,
}) => {
  const email = newEmail('renewal');
  await buy(page, 'card', email);
  const account = await signInFromSuccess(page, email);
  const subscription = account.subscription('Vogue: Vogue Digital');
  await expect(subscription.invoices).toHaveCount(1);

  await subscription.moveClock('one day ahead');
  await expect(subscription.status).toHaveText('Active');

  // Vogue Digital's first year costs $25.00, then $50.00: a notice 15 to 21 days before the year ends.
  await subscription.moveClock('the next notice');
  const noticeDay = new Date();
  noticeDay.setUTCFullYear(noticeDay.getUTCFullYear() + 1);
  noticeDay.setUTCDate(noticeDay.getUTCDate() - 15);
  await expect(subscription.clockToday).toHaveText(
    new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(noticeDay),
  );
  await expect(subscription.invoices).toHaveCount(1);

  await subscription.moveClock('the next renewal');
  await expect(subscription.clockToday).toHaveText(yearsFromNow(1));
  await expect(subscription.status).toHaveText('Active');
  await expect(subscription.nextCharge).toHaveText(`${yearsFromNow(2)}, $50.00 plus any applicable tax`);
  await expect(subscription.invoices).toHaveCount(2);
  expect(await accessibilityViolations(page)).toEqual([]);

  // What the page shows is what is stored: a reload shows the same.
  await page.reload();
  await expect(subscription.invoices).toHaveCount(2);
  await expect(subscription.invoices.last()).toContainText(yearsFromNow(1));
  await subscription.invoices.last().click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Invoice');
  await expect(page.getByText('Vogue Digital').first()).toBeVisible();

  const mailbox = await MailboxPage.open(page, email);
  const notice = await mailbox.read(new RegExp(`Your Vogue subscription renews on ${yearsFromNow(1)}`));
  expect(notice).toContain('Your introductory price for Vogue Digital ends on');
  expect(notice).toContain('$50.00');
  expect(notice).toContain('Cancel before');
  expect(notice).toContain('/cancel');
  const receipt = await (await MailboxPage.open(page, email)).read(/Your Vogue receipt: Vogue Digital renewed/);
  expect(receipt).toContain('This was a test renewal: no real payment was taken.');
  expect(receipt).toContain(`${yearsFromNow(1)} – ${yearsFromNow(2)}`);
});

test('a card that declines on renewal: past due, the e-mail, and another card charged at once', async ({ page }) => {
  const email = newEmail('declined renewal');
  await buy(page, 'card', email, '4000 0000 0000 0341');
  const account = await signInFromSuccess(page, email);
  const subscription = account.subscription('Vogue: Vogue Digital');

  await subscription.moveClock('the next renewal');
  await expect(subscription.status).toHaveText('Payment due');
  await expect(subscription.pastDue).toContainText('Your last payment did not go through.');
  await expect(subscription.pastDue).toContainText('We will try again on');
  await expect(subscription.invoices).toHaveCount(1);
  expect(await accessibilityViolations(page)).toEqual([]);

  // The e-mail's one link is the card page, which says the card is charged at once.
  const mailbox = await MailboxPage.open(page, email);
  await mailbox.followNewest(/Action needed: your Vogue payment did not go through/);
  const change = await ChangeCardPage.expectOpen(page);
  await expect(page.getByTestId('card-past-due')).toContainText('charged at once');
  await change.save('4242 4242 4242 4242');
  await expect(change.saved).toContainText('We charged the renewal with it: your subscription is active again');

  const back = await change.backToAccount();
  const recovered = back.subscription('Vogue: Vogue Digital');
  await expect(recovered.status).toHaveText('Active');
  await expect(recovered.pastDue).toHaveCount(0);
  await expect(recovered.invoices).toHaveCount(2);
  const receipt = await (await MailboxPage.open(page, email)).read(/Your Vogue receipt: Vogue Digital renewed/);
  expect(receipt).toContain('your subscription is active again');
});

test("a card whose bank asks the subscriber to confirm each renewal: the e-mail's link, the bank's page, active again", async ({
  page,
}) => {
  const email = newEmail('held renewal');
  await buy(page, '3-D Secure card', email);
  const account = await signInFromSuccess(page, email);
  const subscription = account.subscription('Vogue: Vogue Digital');

  await subscription.moveClock('the next renewal');
  await expect(subscription.status).toHaveText('Payment due');
  await expect(subscription.pastDue).toContainText('Your bank asks you to confirm the payment yourself.');
  await expect(subscription.pastDue.getByRole('link', { name: 'Confirm the payment' })).toBeVisible();

  // The e-mail's one link: the card page, which offers the bank's check before another card.
  const mailbox = await MailboxPage.open(page, email);
  await mailbox.followNewest(/Action needed: your Vogue payment did not go through/);
  await ChangeCardPage.expectOpen(page);
  const held = page.getByTestId('renewal-held');
  await expect(held).toContainText('Nothing has been charged yet.');
  expect(await accessibilityViolations(page)).toEqual([]);
  await held.getByRole('button', { name: 'Confirm the payment' }).click();
  const bank = await SandboxBankPage.expectOpen(page);
  // A payment, with its amount: not a card being saved.
  await expect(page.getByRole('heading', { name: 'Confirm your payment' })).toBeVisible();
  await expect(page.getByText('$50.00')).toBeVisible();
  await bank.approve();

  // Back on the card page: the payment recorded once, and the address no longer names the return.
  await expect(page.getByTestId('renewal-confirmed')).toContainText('Your bank confirmed the payment.');
  await expect(page).not.toHaveURL(/renewal_payment/);
  await expect(held).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('renewal-confirmed')).toHaveCount(0);
  await expect(page.getByTestId('card-past-due')).toHaveCount(0);

  const back = await new ChangeCardPage(page).backToAccount();
  const recovered = back.subscription('Vogue: Vogue Digital');
  await expect(recovered.status).toHaveText('Active');
  await expect(recovered.invoices).toHaveCount(2);
  const receipt = await (await MailboxPage.open(page, email)).read(/Your Vogue receipt: Vogue Digital renewed/);
  expect(receipt).toContain('your subscription is active again');
});

test('a renewal that stays declined ends the subscription after the last try, with an e-mail', async ({ page }) => {
  const email = newEmail('ended renewal');
  await buy(page, 'card', email, '4000 0000 0000 0341');
  const account = await signInFromSuccess(page, email);
  const subscription = account.subscription('Vogue: Vogue Digital');

  // The renewal's try, then its four retries over two weeks.
  for (let step = 0; step < 5; step += 1) await subscription.moveClock('the next renewal');
  await expect(subscription.status).toHaveText('Ended');
  // Nothing is left for its clock to move to: the account no longer offers one.
  await expect(subscription.clock).toHaveCount(0);
  await page.reload();
  await (await AccountPage.expectOpen(page)).showEnded();
  await expect(subscription.status).toHaveText('Ended');
  await expect(subscription.clock).toHaveCount(0);

  const mailbox = await MailboxPage.open(page, email);
  await expect(page.getByRole('link', { name: /payment did not go through/ })).toHaveCount(1);
  await expect(page.getByRole('link', { name: /Your Vogue subscription has ended/ })).toHaveCount(1);
  void mailbox;
});

test('a PayPal sandbox renewal through its webhooks: Active, a second invoice and a receipt', async ({ page }) => {
  const email = newEmail('paypal renewal');
  await buy(page, 'PayPal', email);
  const account = await signInFromSuccess(page, email);
  const subscription = account.subscription('Vogue: Vogue Digital');
  await expect(subscription.invoices).toHaveCount(1);

  // The sandbox PayPal renews by itself, sending itself PayPal's sale event, as its clock passes the period end.
  await subscription.moveClock('the next renewal');
  await expect(subscription.clockToday).toHaveText(yearsFromNow(1));
  await expect(subscription.status).toHaveText('Active');
  await expect(subscription.nextCharge).toHaveText(`${yearsFromNow(2)}, $50.00 plus any applicable tax`);
  await expect(subscription.invoices).toHaveCount(2);
  await page.reload();
  await expect(subscription.invoices).toHaveCount(2);

  const receipt = await (await MailboxPage.open(page, email)).read(/Your Vogue receipt: Vogue Digital renewed/);
  expect(receipt).toContain('This was a test renewal: no real payment was taken.');
  expect(receipt).toContain(`${yearsFromNow(1)} – ${yearsFromNow(2)}`);
});

test('a PayPal sandbox subscription whose renewals fail: Payment due as PayPal tries again, then ended when PayPal suspends it', async ({
  page,
}) => {
  const email = newEmail('paypal failed renewal');
  await buy(page, 'PayPal', email, undefined, 'fail');
  const account = await signInFromSuccess(page, email);
  const subscription = account.subscription('Vogue: Vogue Digital');

  await subscription.moveClock('the next renewal');
  await expect(subscription.status).toHaveText('Payment due');
  await expect(subscription.pastDue).toContainText('PayPal could not take the payment.');
  await expect(subscription.pastDue).toContainText('PayPal will try again');
  await expect(subscription.pastDue).toContainText('under Automatic payments');
  await expect(subscription.pastDue).not.toContainText('We will');
  await expect(subscription.pastDue.getByRole('link', { name: 'Go to your PayPal account' })).toHaveAttribute(
    'href',
    'https://www.sandbox.paypal.com/myaccount/autopay/',
  );
  await expect(subscription.root.getByRole('link', { name: 'Update your card' })).toHaveCount(0);
  await expect(subscription.invoices).toHaveCount(1);
  expect(await accessibilityViolations(page)).toEqual([]);

  const notice = await (await MailboxPage.open(page, email)).read(/Action needed: your Vogue payment did not go through/);
  expect(notice).toContain('PayPal could not take the payment.');
  expect(notice).toContain('PayPal will try again');
  expect(notice).not.toContain('Update your card');

  // PayPal's two retries (5 and 10 days on); the third failure suspends it, which ends it.
  await page.goto('/account?livemode=false');
  const again = (await AccountPage.expectOpen(page)).subscription('Vogue: Vogue Digital');
  await again.moveClock('the next renewal');
  await expect(again.status).toHaveText('Payment due');
  await again.moveClock('the next renewal');
  await expect(again.status).toHaveText('Ended');
  await MailboxPage.open(page, email);
  await expect(page.getByRole('link', { name: /payment did not go through/ })).toHaveCount(1);
  await expect(page.getByRole('link', { name: /Your Vogue subscription has ended/ })).toHaveCount(1);
});

test('a sandbox Amazon Pay subscription whose renewals fail: Payment due, sent to Amazon to change the payment method', async ({
  page,
}) => {
  const email = newEmail('amazon failed renewal');
  await buy(page, 'Amazon Pay', email, undefined, 'fail');
  const account = await signInFromSuccess(page, email);
  const subscription = account.subscription('Vogue: Vogue Digital');

  await subscription.moveClock('the next renewal');
  await expect(subscription.status).toHaveText('Payment due');
  await expect(subscription.pastDue).toContainText('Amazon Pay declined the payment.');
  await expect(subscription.pastDue).toContainText('We will try again on');
  await expect(subscription.pastDue).toContainText('in your Amazon account, under Amazon Pay');
  await expect(subscription.pastDue.getByRole('link', { name: 'Go to your Amazon Pay account' })).toHaveAttribute(
    'href',
    'https://pay.amazon.com/',
  );
  await expect(subscription.root.getByRole('link', { name: 'Update your card' })).toHaveCount(0);
  expect(await accessibilityViolations(page)).toEqual([]);

  const notice = await (await MailboxPage.open(page, email)).read(/Action needed: your Vogue payment did not go through/);
  expect(notice).toContain('Amazon Pay declined the payment.');
  expect(notice).toContain('in your Amazon account, under Amazon Pay');
});
