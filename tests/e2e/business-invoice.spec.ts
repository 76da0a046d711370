import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { pdfText } from '@/tests/fixtures/pdfText';
import { AccountPage, MailboxPage } from './pages/AccountPage';
import { SuccessPage } from './pages/CheckoutPage';
import { toCheckout } from './pages/journey';
import { newEmail, signInFromSuccess } from './pages/subscriberJourney';

/** An address block of the invoice page, one line each (waited for, as the page loads). */
const linesOf = (page: Page, testId: string) => page.getByTestId(testId).locator(':scope > span');

/**
 * Issue 39, as a company buyer does it: The New Yorker's print plan bought for a business in
 * Berlin with its VAT number, delivered to Austin, Texas; the invoice in the account names the
 * seller, the company, its VAT number, both addresses and Texas's sales tax. Then the delivery
 * moves to New York, and the next renewal's invoice follows it.
 */
test('a business buys print delivered to Texas, its invoice says so, and the next one follows a move to New York', async ({ page }) => {
  test.setTimeout(180_000);
  const email = newEmail('business buyer');
  const checkout = await toCheckout(page, '/newyorker/demo-dual', 'Print + Digital');
  await checkout.fillBilling({ email, country: 'Germany', address: { line1: 'Unter den Linden 1', city: 'Berlin', postalCode: '10117' } });
  await page.getByLabel('I’m buying for a business').check();
  await page.getByLabel('Company name').fill('Acme GmbH');
  await page.getByLabel('VAT number (optional)').fill('DE 1234');
  await page.getByLabel('VAT number (optional)').blur();
  await expect(page.getByText('Enter a valid VAT number, such as DE123456789.')).toBeVisible();
  await page.getByLabel('VAT number (optional)').fill('de 123 456 789');
  await page.getByLabel('Same as billing address').uncheck();
  await page.getByLabel('Delivery country').selectOption({ label: 'United States of America' });
  await page.getByLabel('Delivery state').selectOption({ label: 'Texas' });
  await page.getByLabel('Delivery street address').fill('1 Congress Ave');
  await page.getByLabel('Delivery town or city').fill('Austin');
  await page.getByLabel('Delivery ZIP code').fill('78701');
  // Print is taxed where it goes: Texas's 6.25 % on $149.00.
  await expect(page.getByTestId('summary-tax')).toContainText('$9.31');
  // A reload keeps what was typed: the company, the VAT number, the delivery's state.
  await page.reload();
  await expect(page.getByLabel('Company name')).toHaveValue('Acme GmbH');
  await expect(page.getByLabel('VAT number (optional)')).toHaveValue('de 123 456 789');
  await expect(page.getByLabel('Delivery state')).toHaveValue('TX');
  await checkout.fillCard('4242424242424242');
  await checkout.renewalConsent.check();
  await checkout.submit();
  await SuccessPage.expectOpen(page);
  await expect(page.getByTestId('first-issue')).toContainText('delivered to 1 Congress Ave, Austin, TX 78701, United States.');

  const account = await signInFromSuccess(page, email);
  const card = account.subscription('The New Yorker: Print \\+ Digital');
  await card.invoices.first().click();
  await expect(page.getByTestId('invoice-page')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Invoice US-TEST-\d{4}-\d{6}/);
  await expect(linesOf(page, 'invoice-page-seller')).toHaveText([
    'The New Yorker',
    'Demo Magazines US Inc.',
    '1 World Trade Center',
    'New York, NY 10007',
    'United States',
    'EIN: 12-3456789',
  ]);
  await expect(linesOf(page, 'invoice-page-billed-to')).toHaveText([
    'Ada Reader',
    'Acme GmbH',
    'Unter den Linden 1',
    '10117 Berlin',
    'Germany',
    'VAT number: DE123456789',
    email,
  ]);
  await expect(linesOf(page, 'invoice-page-delivered-to')).toHaveText(['1 Congress Ave', 'Austin, TX 78701', 'United States']);
  await expect(page.getByTestId('invoice-page')).toContainText('$9.31');
  // The same invoice as a PDF, downloaded and read back as pdf.js reads it.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('invoice-pdf').click()]);
  const number = ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '').match(/US-TEST-\d{4}-\d{6}/)![0];
  expect(download.suggestedFilename()).toBe(`${number}.pdf`);
  const [pdfPage] = await pdfText(fs.readFileSync((await download.path())!));
  for (const line of [
    `Invoice ${number}`,
    'Demo Magazines US Inc.',
    'EIN: 12-3456789',
    'Acme GmbH',
    'Unter den Linden 1',
    '10117 Berlin',
    'VAT number: DE123456789',
    'Austin, TX 78701',
    'Sales tax (6.25%)',
    '$9.31',
  ]) {
    expect(pdfPage, line).toContain(line);
  }

  await page.getByRole('link', { name: 'Back to your subscriptions' }).click();
  await AccountPage.expectOpen(page);
  // The acknowledgment e-mail carries the same invoice as a PDF: the mailbox downloads it as the worker attaches it.
  const mailbox = await MailboxPage.open(page, email);
  expect(await mailbox.read(/Your The New Yorker subscription/)).toContain(`Your invoice ${number} is attached to this e-mail as a PDF.`);
  const [attached] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: `${number}.pdf` }).click()]);
  expect(attached.suggestedFilename()).toBe(`${number}.pdf`);
  const [attachedPage] = await pdfText(fs.readFileSync((await attached.path())!));
  expect(attachedPage).toEqual(expect.arrayContaining([`Invoice ${number}`, 'VAT number: DE123456789', '$9.31']));
  await page.goto('/account?livemode=false');
  await AccountPage.expectOpen(page);

  // The company renamed in the account: later invoices name it.
  await card.root.getByRole('link', { name: 'Company details for invoices' }).click();
  await expect(page.getByTestId('business-vat-status')).toHaveText(
    'Our finance team has yet to check your VAT number. VAT is charged as for any buyer.',
  );
  await page.getByLabel('Company name').fill('Acme Holding GmbH');
  await page.getByRole('button', { name: 'Save company details' }).click();
  await expect(page.getByTestId('business-saved')).toHaveText('Saved. Your next invoices name Acme Holding GmbH.');
  await page.reload();
  await expect(page.getByLabel('Company name')).toHaveValue('Acme Holding GmbH');
  await page.getByRole('link', { name: 'Back to your subscriptions' }).click();
  await AccountPage.expectOpen(page);
  await expect(card.root.getByTestId('subscription-company')).toHaveText('Acme Holding GmbH, DE123456789');

  // Moved to New York: the next renewal is delivered, and taxed, there.
  await card.root.getByRole('link', { name: 'Change delivery address' }).click();
  await page.getByLabel('State').selectOption({ label: 'New York' });
  await page.getByLabel('Address', { exact: true }).fill('4 Times Sq');
  await page.getByLabel('City').fill('New York');
  await page.getByLabel('ZIP code').fill('10036');
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByTestId('address-saved')).toContainText('4 Times Sq, New York, NY 10036, United States');
  await page.getByRole('link', { name: 'Back to your subscriptions' }).click();
  await AccountPage.expectOpen(page);
  await card.moveClock('the next renewal');
  await expect(card.invoices).toHaveCount(2);
  // $200.00 a year on renewal, and New York has no rate in the demo's table.
  await card.invoices.filter({ hasText: '$200.00' }).click();
  await expect(linesOf(page, 'invoice-page-delivered-to')).toHaveText(['4 Times Sq', 'New York, NY 10036', 'United States']);
  await expect(linesOf(page, 'invoice-page-billed-to').filter({ hasText: 'VAT number: DE123456789' })).toHaveCount(1);
  await expect(linesOf(page, 'invoice-page-billed-to').filter({ hasText: 'Acme Holding GmbH' })).toHaveCount(1);
});
