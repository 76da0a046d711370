import { expect, test } from '@playwright/test';
import { AccountSignInPage, SignInConfirmPage } from './pages/AccountSignInPage';
import { accessibilityViolations, AccountPage, ChangeCardPage, MailboxPage, PublicCancelPage } from './pages/AccountPage';
import { aYearFromNow, buy, METHODS, newEmail, signInFromSuccess } from './pages/subscriberJourney';
import { SandboxBankPage } from './pages/CheckoutPage';

/**
 * What a buyer is promised after paying (issue 22): the acknowledgment in the mailbox, the
 * account with the right renewal, cancel in two clicks, resume, sign out; the public cancel
 * page and its "Keep my subscription" link; a link opened in another browser.
 */

// Each test buys, reads the mailbox, signs in and acts on the account: whole journeys, longer than the default 30 s.
test.describe.configure({ timeout: 120_000 });

for (const method of METHODS) {
  test(`paid by ${method.name}, signed out: the acknowledgment, the account, cancel in two clicks, resume, sign out`, async ({ page }) => {
    const email = newEmail(method.name);
    await buy(page, method.name, email);
    await expect(page.getByText(`We have sent a confirmation to ${email}.`)).toBeVisible();

    // The acknowledgment the buyer keeps: the terms word for word and how to cancel.
    const acknowledgment = await (await MailboxPage.open(page, email)).read(/Your Vogue subscription: Vogue Digital/);
    expect(acknowledgment).toContain('Your subscription then renews automatically');
    expect(acknowledgment).toContain('/cancel');

    await page.goBack();
    await page.goBack();
    const account = await signInFromSuccess(page, email);
    const subscription = account.subscription('Vogue: Vogue Digital');
    await expect(subscription.status).toHaveText('Active');
    await expect(subscription.nextCharge).toHaveText(`${aYearFromNow()}, $50.00 plus any applicable tax`);
    await expect(subscription.paymentMethod).toHaveText(method.shown);
    expect(await accessibilityViolations(page)).toEqual([]);

    const cancel = await subscription.cancel();
    expect(await accessibilityViolations(page)).toEqual([]);
    const confirmation = await cancel.confirm('Too expensive');
    await expect(confirmation).toContainText(`You keep access until ${aYearFromNow()} at`);
    await expect(confirmation).toContainText(`We sent a confirmation to ${email}.`);
    // A reload shows it cancelled, not the form again.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'This subscription is cancelled' })).toBeVisible();

    await page.getByRole('link', { name: 'Back to your subscriptions' }).click();
    await AccountPage.expectOpen(page);
    await expect(subscription.status).toHaveText('Cancelled');
    await expect(subscription.ends).toContainText(aYearFromNow());
    await subscription.resume();
    await expect(subscription.status).toHaveText('Active');

    const mails = await MailboxPage.open(page, email);
    await expect(page.getByRole('link', { name: /subscription is cancelled/ })).toHaveCount(1);
    await expect(page.getByRole('link', { name: /subscription continues/ })).toHaveCount(1);
    void mails;

    await page.goto('/account?livemode=false');
    await (await AccountPage.expectOpen(page)).signOut();
    await page.goto('/account?livemode=false');
    await AccountSignInPage.expectOpen(page);
  });
}

test('a card subscriber changes the card to another sandbox test card and sees it in the account', async ({ page }) => {
  const email = newEmail('card change');
  await buy(page, 'card', email);
  const account = await signInFromSuccess(page, email);
  const subscription = account.subscription('Vogue: Vogue Digital');
  await expect(subscription.paymentMethod).toHaveText('Visa ending in 4242');

  // A declined card changes nothing and says why.
  const change = await subscription.changeCard('4000 0000 0000 0002');
  await expect(page.getByTestId('card-error')).toContainText('Your card was declined.');
  await expect(page.getByTestId('card-current')).toHaveText('Current card: Visa ending in 4242');

  await change.save('5555 5555 5555 4444');
  await expect(change.saved).toContainText('Vogue: Vogue Digital is now paid with Mastercard ending in 4444. Nothing was charged.');
  await expect(change.saved).toContainText(`We sent a confirmation to ${email}.`);
  expect(await accessibilityViolations(page)).toEqual([]);

  await change.backToAccount();
  await expect(subscription.paymentMethod).toHaveText('Mastercard ending in 4444');
  await expect(subscription.status).toHaveText('Active');

  const mail = await (await MailboxPage.open(page, email)).read(/payment card was changed/);
  expect(mail).toContain('Vogue Digital now renews with Mastercard ending in 4444.');

  // A 3-D Secure card goes to the sandbox bank's page, as at checkout, and back to the card page, saved.
  await page.goto('/account?livemode=false');
  await AccountPage.expectOpen(page);
  const secured = await subscription.changeCard('4000 0025 0000 3155');
  await (await SandboxBankPage.expectOpen(page)).approve();
  await ChangeCardPage.expectOpen(page);
  await expect(secured.saved).toContainText('Vogue: Vogue Digital is now paid with Visa ending in 3155. Nothing was charged.');
  // Confirmed once: the setup is off the address, and a reload shows the card, with no error.
  await expect(page).not.toHaveURL(/card_setup/);
  await page.reload();
  await expect(page.getByTestId('card-current')).toHaveText('Current card: Visa ending in 3155');
  await expect(page.getByTestId('card-error')).toHaveCount(0);
});

test('a visitor cancels from the footer without signing in, and the owner keeps it with the e-mailed link', async ({ page }) => {
  const email = newEmail('footer');
  await buy(page, 'card', email);
  await page.getByRole('link', { name: 'Cancel a subscription' }).click();
  const cancelPage = await PublicCancelPage.expectOpen(page);
  expect(await accessibilityViolations(page)).toEqual([]);
  const received = await cancelPage.declare(email, 'Vogue');
  await expect(received).toContainText(`We received your cancellation for ${email} at Vogue on`);

  // An address that subscribes to nothing gets the very same answer.
  await page.goto('/cancel?livemode=false');
  const other = await (await PublicCancelPage.expectOpen(page)).declare(newEmail('nobody'), 'Vogue');
  await expect(other).toContainText('If this address holds a Vogue subscription, it will not renew');

  await (await MailboxPage.open(page, email)).followNewest(/subscription was cancelled/);
  await expect(page.getByRole('heading', { level: 1, name: 'Keep your subscription' })).toBeVisible();
  // Opening the link changed nothing: a reload still offers to keep it.
  await page.reload();
  await page.getByRole('button', { name: 'Keep my subscription' }).click();
  await expect(page.getByTestId('subscription-kept')).toContainText('Vogue: Vogue Digital was not cancelled after all.');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'We could not use this link' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(/already used: your subscription was kept/);
});

test('a sign-in link opened in a second browser asks to confirm, then signs that browser in', async ({ page, browser }) => {
  const email = newEmail('second-browser');
  await buy(page, 'card', email);
  await page.getByTestId('success-account-link').click();
  await (await AccountSignInPage.expectOpen(page)).askForLink(email);
  await MailboxPage.open(page, email);
  await page
    .getByRole('link', { name: /Sign in/ })
    .first()
    .click();
  const link = await page.getByTestId('mail-link').getAttribute('href');

  const other = await browser.newContext();
  const phone = await other.newPage();
  await phone.goto(link!);
  await (await SignInConfirmPage.expectOpen(phone, email)).confirm();
  const account = await AccountPage.expectOpen(phone);
  await expect(account.subscription('Vogue: Vogue Digital').status).toHaveText('Active');
  await other.close();
});

test("another person's subscription and invoice are the site's 404", async ({ page, browser }) => {
  const owner = newEmail('owner');
  await buy(page, 'card', owner);
  const account = await signInFromSuccess(page, owner);
  const cancelHref = await account
    .subscription('Vogue: Vogue Digital')
    .root.getByRole('link', { name: 'Cancel subscription' })
    .getAttribute('href');
  const invoiceHref = await account
    .subscription('Vogue: Vogue Digital')
    .root.getByRole('link', { name: /^US-TEST-/ })
    .getAttribute('href');
  await page.goto(invoiceHref!);
  await expect(page.getByTestId('invoice-page')).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);

  const stranger = newEmail('stranger');
  const other = await browser.newContext();
  const theirs = await other.newPage();
  // Signed in as someone else, who needs no purchase of their own to be refused.
  await (await AccountSignInPage.open(theirs)).askForLink(stranger);
  await (await MailboxPage.open(theirs, stranger)).followNewest(/Sign in/);
  await AccountPage.expectOpen(theirs);
  for (const href of [cancelHref!, invoiceHref!]) {
    const answer = await theirs.goto(href);
    expect(answer?.status()).toBe(404);
  }
  await other.close();
});

test('on a phone, a card’s main action is on its first screen, below the line that tells it apart', async ({ page }) => {
  const email = newEmail('phone account');
  await buy(page, 'card', email);
  const account = await signInFromSuccess(page, email);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const subscription = account.subscription('Vogue: Vogue Digital');
  await expect(subscription.root.getByTestId('subscription-line')).toHaveText(/^Vogue Digital · since .+ · Visa ending in 4242$/);
  const cancel = subscription.root.getByRole('link', { name: 'Cancel subscription' });
  await expect(cancel).toBeInViewport();
  // Measured from the card's top: the first screen of the card, wherever the page scrolls it to.
  const top = (await subscription.root.boundingBox())!.y;
  const action = (await cancel.boundingBox())!;
  expect(action.y + action.height - top).toBeLessThan(844);
  expect(await accessibilityViolations(page)).toEqual([]);
});
