import { expect, test } from '@playwright/test';
import { AccountPage, MailboxPage } from './pages/AccountPage';
import { AccountSignInPage } from './pages/AccountSignInPage';
import { operatorSession } from './pages/backOffice';
import { say } from './pages/catalogue';
import { newEmail } from './pages/subscriberJourney';

test.describe.configure({ timeout: 180_000 });

/**
 * Issue 39: a Dutch company buys GQ from its German seller, with VAT as any buyer; once
 * finance verified its VAT number, its renewal is invoiced under the reverse charge: the
 * price net of the 9 % it held, 0 VAT, and the mention of Art. 196.
 */
test('a verified business of another member state renews under the reverse charge', async ({ page, browser }) => {
  const email = newEmail('reverse charge');
  const de = (key: string) => say('de', key);
  await page.goto('/gq/demo-de?livemode=false&source=e2e');
  await page
    .getByRole('button', { name: de('offer.action.subscribe') })
    .first()
    .click();
  await page.getByRole('link', { name: de('order.continue') }).click();
  await expect(page.getByRole('heading', { level: 1, name: de('payment.title') })).toBeVisible();
  await page.locator('#billing-country').selectOption('NL');
  await page.getByLabel(de('payment.billing.email'), { exact: true }).fill(email);
  await page.getByLabel(de('payment.billing.firstName'), { exact: true }).fill('Ada');
  await page.getByLabel(de('payment.billing.lastName'), { exact: true }).fill('Reader');
  await page.getByLabel(de('payment.business.toggle')).check();
  await page.locator('#billing-companyName').fill('Lezers BV');
  // A number of its own, so that finance's list holds it once whatever ran before.
  const vatNumber = `NL${String(Date.now()).slice(-9)}B01`;
  await page.locator('#billing-vatNumber').fill(vatNumber);
  // Sold from Germany to the Netherlands: the field says what verifying the number will change.
  await expect(page.getByText(de('payment.business.vatHintExempt'))).toBeVisible();
  await page.locator('#billing-line1').fill('Dam 1');
  await page.locator('#billing-postalCode').fill('1012 JS');
  await page.locator('#billing-city').fill('Amsterdam');
  await page.getByLabel(de('methods.card.number')).fill('4242 4242 4242 4242');
  await page.getByLabel(de('methods.card.expiry')).fill('12/34');
  await page.getByLabel(de('methods.card.cvc')).fill('123');
  const consent = page.locator('#renewal-notice-consent');
  if (await consent.isVisible()) await consent.check();
  await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: say('de', 'success.heading', { firstName: 'Ada' }) })).toBeVisible();

  const admin = await (await browser.newContext()).newPage();
  await operatorSession(admin, 'admin');
  await admin.goto('/admin/vat-numbers');
  await admin
    .getByRole('listitem')
    .filter({ hasText: vatNumber })
    .getByRole('button', { name: `Verified: ${vatNumber}` })
    .click();
  await expect(admin.getByRole('status')).toHaveText(`${vatNumber} (Lezers BV) recorded as verified.`);

  await (await AccountSignInPage.open(page, { email })).askForLink(email);
  await (await MailboxPage.open(page, email)).followNewest(/Sign in|Anmelde/);
  // The account in English, whatever the subscription's language.
  await page.goto('/account?livemode=false&lang=en-GB');
  const account = await AccountPage.expectOpen(page);
  const card = account.subscription('GQ: GQ Digital');
  // €50.00 a year on renewal, including the Netherlands' 9 % on the press: €45.87 without it.
  await expect(card.nextCharge).toContainText('€45.87 excluding VAT, which your business accounts for');
  // Its history tells finance's check as such.
  await expect(card.root.getByRole('listitem').filter({ hasText: say('en', 'account.history.vatVerified') })).toHaveCount(1);
  // The subscription's own pages speak its language.
  await card.root.getByRole('link', { name: 'Company details for invoices' }).click();
  await expect(page.getByTestId('business-vat-status')).toHaveText(de('billing.business.status.verifiedExempt'));
  await page.goto('/account?livemode=false&lang=en-GB');
  await AccountPage.expectOpen(page);
  await card.moveClock('the next renewal');
  await expect(card.invoices).toHaveCount(2);
  await card.invoices.filter({ hasText: '€45.87' }).click();
  await expect(page.getByTestId('invoice-page-total')).toHaveText('45,87\u00a0€');
  await expect(page.getByText('MwSt. (0\u00a0%)')).toBeVisible();
  await expect(page.getByTestId('invoice-page-tax-note')).toHaveText(de('billing.invoice.exemption.reverseCharge'));
  await expect(page.getByText(`USt-IdNr.: ${vatNumber}`)).toBeVisible();
});
