import Database from 'better-sqlite3';
import { expect, test, type Page } from '@playwright/test';
import { AccountSignInPage } from './pages/AccountSignInPage';
import { AccountPage, ChangeCardPage, MailboxPage } from './pages/AccountPage';
import { SuccessPage } from './pages/CheckoutPage';
import { toCheckout } from './pages/journey';
import { newEmail, signInFromSuccess } from './pages/subscriberJourney';
import { E2E_DATABASE_FILE } from './support';

/**
 * QA's whole walk in test mode on one subscription (issue 36): buy, sign in, sign out and
 * in again, cancel, resume, change the card and the delivery address, move the clock to a
 * renewal. Every page of it says it is in test mode, and every mail about the subscription
 * says it is a test, in its subject and its body.
 */
test('QA walks a test subscription through its life: the banner on every page, every mail a test', async ({ page }) => {
  test.setTimeout(180_000);
  const email = newEmail('qa walk');
  const seen: string[] = [];
  /** The page in hand says it is in test mode, and keeps saying so after a reload. */
  const inTestMode = async (reload = false) => {
    await expect(page.getByTestId('test-mode-banner')).toBeVisible();
    if (reload) {
      await page.reload();
      await expect(page.getByTestId('test-mode-banner')).toBeVisible();
    }
    seen.push(new URL(page.url()).pathname);
  };

  // Buy The New Yorker's print plan, delivered in New York.
  const checkout = await toCheckout(page, '/newyorker/demo-dual', 'Print + Digital');
  await inTestMode();
  await checkout.fillBilling({
    email,
    region: 'New York',
    address: { line1: '1 World Trade Center', city: 'New York', postalCode: '10007' },
  });
  await checkout.fillCard('4242424242424242');
  await checkout.renewalConsent.check();
  await checkout.submit();
  await SuccessPage.expectOpen(page);
  await inTestMode(true);

  // Sign in, sign out, and in again: the account is in test mode throughout, with the test subscription.
  let account = await signInFromSuccess(page, email);
  await inTestMode(true);
  await account.signOut();
  const signIn = await AccountSignInPage.expectOpen(page);
  await inTestMode();
  await signIn.askForLink(email);
  await (await MailboxPage.open(page, email)).followNewest(/Sign in/);
  account = await AccountPage.expectOpen(page);
  await inTestMode();
  const card = account.subscription('The New Yorker: Print \\+ Digital');
  await expect(card.status).toHaveText('Active');

  // Cancel, then resume.
  const cancel = await card.cancel();
  await inTestMode();
  await cancel.confirm();
  await inTestMode(true);
  await page.getByRole('link', { name: 'Back to your subscriptions' }).click();
  await AccountPage.expectOpen(page);
  await inTestMode();
  await card.resume();
  await expect(card.status).toHaveText('Active');

  // Another test card.
  const change = await card.changeCard('5555 5555 5555 4444');
  await expect(change.saved).toBeVisible();
  await inTestMode();
  await (await ChangeCardPage.expectOpen(page)).backToAccount();
  await inTestMode();

  // Another delivery address, in another state: Texas, whose sales tax the next renewal is charged.
  await card.root.getByRole('link', { name: 'Change delivery address' }).click();
  await expect(page.getByLabel('Address', { exact: true })).toBeVisible();
  await inTestMode();
  await expect(page.getByTestId('address-country')).toContainText('United States');
  await expect(page.getByLabel('State')).toHaveValue('NY');
  await page.getByLabel('State').selectOption({ label: 'Texas' });
  await page.getByLabel('Address', { exact: true }).fill('1 Congress Ave');
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('ZIP code').fill('ABC');
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByText('Enter a valid ZIP code, such as 95014.')).toBeVisible();
  await page.getByLabel('ZIP code').fill('78701');
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByText(/^Saved\. We will deliver to 1 Congress Ave, Austin, TX 78701, United States,/)).toBeVisible();
  await inTestMode();
  await page.getByRole('link', { name: 'Back to your subscriptions' }).click();
  await AccountPage.expectOpen(page);
  await expect(card.root.getByTestId('subscription-delivery-address')).toHaveText('1 Congress Ave, Austin, TX 78701, United States');

  // The next renewal, on the test clock: $200.00 and Texas's 6.25 % ($12.50); the purchase in New York had none.
  await card.moveClock('the next renewal');
  await expect(card.invoices).toHaveCount(2);
  await expect(card.invoices.filter({ hasText: '$212.50' })).toHaveCount(1);
  await inTestMode(true);
  for (const step of ['/credit-card', '/success', '/account/sign-in', '/cancel', '/card', '/address']) {
    expect(
      seen.some((path) => path.includes(step)),
      `a page of ${step} was checked`,
    ).toBe(true);
  }

  await expectEveryMailATest(page, email);
});

/** The body's sentence (lib/server/mail/templates/testMode.ts): "This is a test subscription…", "This was a test renewal…". */
const TEST_NOTICE = /This (is|was) a test (subscription|purchase|renewal|refund)/;

/** Every mail about the subscription (all but the sign-in links) says it is a test in its subject and in both parts. */
async function expectEveryMailATest(page: Page, email: string): Promise<void> {
  const db = new Database(E2E_DATABASE_FILE, { readonly: true, fileMustExist: true });
  // The renewal's mails are written as the clock moves: wait for its receipt.
  const mails = () =>
    db
      .prepare("SELECT kind, subject, body_text, body_html FROM outbox WHERE to_email = ? AND kind != 'sign-in' ORDER BY created_at")
      .all(email.toLowerCase()) as { kind: string; subject: string; body_text: string; body_html: string | null }[];
  await expect.poll(() => mails().map((mail) => mail.kind)).toContain('renewal-receipt');
  const all = mails();
  db.close();
  expect(all.map((mail) => mail.kind)).toEqual(
    expect.arrayContaining(['purchase-acknowledgment', 'cancellation', 'resumed', 'card-changed', 'address-changed', 'renewal-receipt']),
  );
  for (const mail of all) {
    expect(mail.subject, mail.kind).toMatch(/^\[Test\] /);
    expect(mail.body_text, mail.kind).toMatch(TEST_NOTICE);
    expect(mail.body_html ?? '', mail.kind).toMatch(TEST_NOTICE);
  }
  // And the mailbox shows them in the order they were written, the renewal's last.
  await MailboxPage.open(page, email);
  await expect(page.getByRole('list', { name: 'Mails, newest first' }).getByRole('link').first()).toContainText(/\[Test\]/);
}
