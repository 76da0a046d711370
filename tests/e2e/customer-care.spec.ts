import { expect, test } from '@playwright/test';
import { operatorSession, signedInOperator } from './pages/backOffice';
import { SuccessPage } from './pages/CheckoutPage';
import { toCheckout } from './pages/journey';
import { buy, newEmail } from './pages/subscriberJourney';
import { axeViolations, WCAG_21_AA } from './accessibility';

/**
 * Customer care (issue 24): an operator signs in with the second factor, finds a buyer,
 * refunds part of a sandbox charge and cancels; the audit log shows both.
 */

// A purchase, an operator's enrolment and the care actions: longer than the default 30 s.
test.describe.configure({ timeout: 120_000 });

test('an operator signs in with the second factor, finds a buyer, refunds part of a sandbox charge and cancels; the audit log shows both', async ({
  page,
  browser,
  request,
}) => {
  const email = newEmail('care buyer');
  const success = await buy(page, 'card', email);
  const invoice = ((await success.invoiceHeading.textContent()) ?? '').replace(/^Invoice /, '').trim();
  // Vogue in the US: its seller's own series (data/sellers.json).
  expect(invoice).toMatch(/^US-TEST-\d{4}-\d{6}$/);

  // The audit log is an admin's to read: an admin works as customer care here.
  const operatorPage = await (await browser.newContext()).newPage();
  const operator = await signedInOperator(operatorPage, request, 'admin');
  await operatorPage.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Customer care' }).click();
  await expect(operatorPage.getByRole('heading', { level: 1, name: 'Customer care' })).toBeVisible();

  // By e-mail, in another case than typed at checkout; then by the invoice's number.
  await operatorPage.getByLabel('E-mail address or invoice number').fill(email.toUpperCase());
  await operatorPage.getByRole('button', { name: 'Search' }).click();
  await expect(operatorPage.getByRole('link', { name: 'Vogue Digital (vogue)' })).toHaveCount(1);
  await operatorPage.getByLabel('E-mail address or invoice number').fill(invoice);
  await operatorPage.getByRole('button', { name: 'Search' }).click();
  const found = operatorPage.getByRole('link', { name: 'Vogue Digital (vogue)' });
  await expect(found).toHaveCount(1);
  await found.click();
  await expect(operatorPage.getByRole('heading', { level: 1, name: 'Vogue Digital (vogue)' })).toBeVisible();
  await expect(operatorPage.getByText('Active (test mode)')).toBeVisible();
  const payments = operatorPage.getByRole('table', { name: 'Payments, oldest first' });
  // The invoice number downloads the subscriber's PDF of it.
  const [download] = await Promise.all([
    operatorPage.waitForEvent('download'),
    payments.getByRole('link', { name: `${invoice} (PDF)`, exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${invoice}.pdf`);

  // A part of the $25.00 charge, typed in dollars.
  const amount = operatorPage.getByLabel('Amount to refund (USD)');
  await expect(amount).toHaveValue('25.00');
  await amount.fill('10.00');
  await operatorPage.getByLabel('Reason for the refund').fill('Late delivery');
  await operatorPage.getByRole('button', { name: 'Refund' }).click();
  const refunded = operatorPage.getByRole('status').filter({ hasText: `Refunded $10.00 of ${invoice}` });
  await expect(refunded).toContainText(/credit note US-CN-TEST-\d{4}-\d{6}/);
  const paymentRow = payments.getByRole('row').filter({ hasText: invoice });
  await expect(paymentRow).toContainText(/\$10\.00 refunded, credit note US-CN-TEST-/);
  await expect(operatorPage.getByLabel('Amount to refund (USD)')).toHaveValue('15.00');

  // Cancel now asks to confirm, and ends the subscription.
  await operatorPage.getByLabel('Reason for cancelling').fill('Asked on the phone');
  await operatorPage.getByRole('button', { name: 'Cancel now' }).click();
  await operatorPage.getByRole('button', { name: 'Yes, end it now' }).click();
  await expect(operatorPage.getByRole('status').filter({ hasText: 'The subscription has ended now' })).toBeVisible();
  await expect(operatorPage.getByText('Ended (test mode)')).toBeVisible();
  await expect(operatorPage.getByRole('button', { name: 'Cancel now' })).toHaveCount(0);

  // What the page shows is what is stored.
  await operatorPage.reload();
  await expect(operatorPage.getByText('Ended (test mode)')).toBeVisible();
  await expect(payments.getByRole('row').filter({ hasText: invoice })).toContainText('$10.00 refunded');
  expect(await axeViolations(operatorPage, WCAG_21_AA)).toEqual([]);
  // On a phone the page does not scroll sideways: its tables scroll inside their frames.
  await operatorPage.setViewportSize({ width: 390, height: 844 });
  expect(await operatorPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await operatorPage.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(operatorPage.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  const rows = operatorPage.getByRole('row').filter({ hasText: `operator:${operator.email}` });
  await expect(rows.filter({ hasText: 'transaction.refunded' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'transaction.refunded' })).toContainText('"refunded":1000');
  await expect(rows.filter({ hasText: 'subscription.ended' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'subscription.ended' })).toContainText('"status":"ended"');
  await operatorPage.context().close();
});

test('care moves a print delivery within its country, by that country’s rules, and the subscriber is told', async ({ page, browser }) => {
  const email = newEmail('care print buyer');
  const checkout = await toCheckout(page, '/newyorker/demo-dual', 'Print + Digital');
  await checkout.fillBilling({ email, region: 'Texas', address: { line1: '1 Congress Ave', city: 'Austin', postalCode: '78701' } });
  await checkout.fillCard('4242424242424242');
  await checkout.submit();
  await SuccessPage.expectOpen(page);

  const operatorPage = await (await browser.newContext()).newPage();
  await operatorSession(operatorPage, 'care');
  await operatorPage.goto('/admin');
  await operatorPage.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Customer care' }).click();
  await operatorPage.getByLabel('E-mail address or invoice number').fill(email);
  await operatorPage.getByRole('button', { name: 'Search' }).click();
  await operatorPage.getByRole('link', { name: 'Print + Digital (newyorker)' }).click();
  await expect(operatorPage.getByTestId('care-delivery-address')).toHaveText('1 Congress Ave, Austin, TX 78701, United States');

  const form = operatorPage.getByRole('region', { name: 'Delivery address' });
  await form.getByLabel('State').selectOption({ label: 'New York' });
  await form.getByLabel('Address', { exact: true }).fill('4 Times Sq');
  await form.getByLabel('City').fill('New York');
  await form.getByLabel('ZIP code').fill('ABC');
  await form.getByRole('button', { name: 'Save delivery address' }).click();
  await expect(form.getByText('Enter a valid ZIP code, such as 95014.')).toBeVisible();
  await expect(form.getByText('Say why, for the records (the customer does not see it).')).toBeVisible();
  await form.getByLabel('ZIP code').fill('10036');
  await form.getByLabel('Reason for the change').fill('Moved, said on the phone');
  await form.getByRole('button', { name: 'Save delivery address' }).click();
  await expect(operatorPage.getByRole('status')).toHaveText(
    'Delivery moved to 4 Times Sq, New York, NY 10036, United States. The subscriber was e-mailed the new address.',
  );
  await expect(operatorPage.getByTestId('care-delivery-address')).toHaveText('4 Times Sq, New York, NY 10036, United States');
  expect(await axeViolations(operatorPage, WCAG_21_AA)).toEqual([]);
  await operatorPage.reload();
  await expect(operatorPage.getByTestId('care-delivery-address')).toHaveText('4 Times Sq, New York, NY 10036, United States');
  await operatorPage.setViewportSize({ width: 390, height: 844 });
  await operatorPage.screenshot({ path: test.info().outputPath('care-address-390.png'), fullPage: true });
});
