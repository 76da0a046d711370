import { expect, test } from '@playwright/test';
import { AccountPage } from './pages/AccountPage';
import { operatorSession } from './pages/backOffice';
import { SuccessPage } from './pages/CheckoutPage';
import { toCheckout } from './pages/journey';
import { newEmail, signInFromSuccess } from './pages/subscriberJourney';
import { axeViolations, WCAG_21_AA } from './accessibility';

test.describe.configure({ timeout: 120_000 });

/** Issue 39: a business buyer's VAT number is stored unverified, flagged for finance, and its check shows in the account. */
test('finance verifies a business buyer’s VAT number, and the subscriber’s account says so', async ({ page, browser }) => {
  const email = newEmail('vat buyer');
  const checkout = await toCheckout(page, '/vogue/demo-single', 'Vogue Digital');
  await checkout.fillBilling({ email, country: 'Germany' });
  // A digital plan asks a business for its billing address, which its invoices name.
  await page.getByLabel('I’m buying for a business').check();
  await page.getByLabel('Address', { exact: true }).fill('Unter den Linden 1');
  await page.getByLabel('Postal code', { exact: true }).fill('10117');
  await page.getByLabel('City', { exact: true }).fill('Berlin');
  await page.getByLabel('Company name').fill('Vat Test GmbH');
  // A number of its own, so that the list holds it once whatever ran before.
  const vatNumber = `DE${String(Date.now()).slice(-9)}`;
  await page.getByLabel('VAT number (optional)').fill(vatNumber);
  await checkout.fillCard('4242424242424242');
  await checkout.renewalConsent.check();
  await checkout.submit();
  await SuccessPage.expectOpen(page);

  const admin = await (await browser.newContext()).newPage();
  await operatorSession(admin, 'admin');
  await admin.goto('/admin');
  await admin.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'VAT numbers' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'VAT numbers to check' })).toBeVisible();
  const row = admin.getByRole('listitem').filter({ hasText: vatNumber });
  await expect(row).toContainText('Vat Test GmbH');
  expect(await axeViolations(admin, WCAG_21_AA)).toEqual([]);
  await row.getByRole('button', { name: `Verified: ${vatNumber}` }).click();
  await expect(admin.getByRole('status')).toHaveText(`${vatNumber} (Vat Test GmbH) recorded as verified.`);
  await admin.reload();
  await expect(admin.getByRole('listitem').filter({ hasText: vatNumber })).toHaveCount(0);

  const account = await signInFromSuccess(page, email);
  const card = account.subscription('Vogue: Vogue Digital');
  await expect(card.root.getByTestId('subscription-company')).toHaveText(`Vat Test GmbH, ${vatNumber}`);
  await card.root.getByRole('link', { name: 'Company details for invoices' }).click();
  await expect(page.getByTestId('business-vat-status')).toHaveText(
    'Your VAT number was verified by our finance team. VAT is charged as for any buyer: only a sale between two different EU countries is invoiced without it.',
  );
  await page.getByRole('link', { name: 'Back to your subscriptions' }).click();
  await AccountPage.expectOpen(page);
});
