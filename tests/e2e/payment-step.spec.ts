import { expect, test, type Locator, type Page } from '@playwright/test';
import { CartPage } from './pages/CartPage';
import { CheckoutPage, SandboxBankPage, SuccessPage } from './pages/CheckoutPage';
import { OfferPage } from './pages/OfferPage';
import { PromoCodePage } from './pages/PromoCodePage';

/** Opens a campaign in test mode (the test server pays through the sandbox), chooses an offer and goes on to the payment step. */
async function toPayment(page: Page, campaign: string, offer: string): Promise<CheckoutPage> {
  const offers = await OfferPage.open(page, campaign, { livemode: 'false' });
  await offers.choose(offer);
  await CartPage.expectOpen(page);
  await page.getByRole('link', { name: 'Continue to payment' }).click();
  return CheckoutPage.expectOpen(page);
}

test('what was typed survives a reload and a failed bank check; the card number never does', async ({ page }) => {
  const checkout = await toPayment(page, '/vogue/demo-single', 'Vogue Digital');
  await checkout.fillBilling({ email: 'kept@example.com', firstName: 'Kept', region: 'New York' });
  await checkout.renewalConsent.check();
  await checkout.fillCard('4000 0000 0000 3220');
  await page.reload();
  await CheckoutPage.expectOpen(page);
  await expect(page.getByLabel('Email')).toHaveValue('kept@example.com');
  await expect(page.getByLabel('First name')).toHaveValue('Kept');
  await expect(page.getByLabel('Country')).toHaveValue('US');
  await expect(page.getByLabel('State')).toHaveValue('NY');
  await expect(checkout.renewalConsent).toBeChecked();
  await expect(page.getByLabel('Card number')).toHaveValue('');

  await checkout.fillCard('4000 0000 0000 3220');
  await checkout.submit();
  const bank = await SandboxBankPage.expectOpen(page);
  await bank.fail();
  await page.waitForURL(/\/credit-card\?(.+&)?payment_failed=/);
  await expect(checkout.failure).toBeFocused();
  await expect(page.getByLabel('Email')).toHaveValue('kept@example.com');
  await expect(page.getByLabel('State')).toHaveValue('NY');
  await expect(checkout.renewalConsent).toBeChecked();
});

test('the submit button says the amount, the failure sits next to it and takes focus', async ({ page }) => {
  const checkout = await toPayment(page, '/vogue/demo-single', 'Vogue Digital');
  await checkout.fillBilling({ region: 'New Hampshire' });
  await expect(checkout.submitButton).toHaveText('Subscribe for $25.00');
  await checkout.fillCard('4000 0000 0000 0002');
  await checkout.submit();
  await expect(checkout.failure).toHaveText(/declined/);
  await expect(checkout.failure).toBeFocused();
  // Directly above the button, not below the opt-in boxes.
  const failureBox = (await checkout.failure.boundingBox())!;
  const buttonBox = (await checkout.submitButton.boundingBox())!;
  expect(buttonBox.y - (failureBox.y + failureBox.height)).toBeLessThan(40);
});

test('card number and expiry are formatted as they are typed', async ({ page }) => {
  await toPayment(page, '/vogue/demo-single', 'Vogue Digital');
  await page.getByLabel('Card number').pressSequentially('4242424242424242');
  await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
  await page.getByLabel('Expiry').pressSequentially('1234');
  await expect(page.getByLabel('Expiry')).toHaveValue('12/34');
});

test('after a promo code the way on is right there, and a free order says why a card is asked for', async ({ page }) => {
  await OfferPage.open(page, '/vogue/demo-single', { livemode: 'false' }).then((offers) => offers.choose('Vogue Digital'));
  const cart = await CartPage.expectOpen(page);
  await cart.openPromoCode();
  const promo = await PromoCodePage.expectOpen(page);
  await promo.apply('FREE100');
  await expect(page.getByRole('status').filter({ hasText: 'Promo code FREE100 applied.' })).toHaveCount(1);
  await expect(page.getByText(/applied/)).toHaveCount(1);
  await page.getByRole('link', { name: 'Continue to payment' }).click();
  const checkout = await CheckoutPage.expectOpen(page);
  await expect(page.getByTestId('first-charge-note')).toContainText('We ask for your card so that your subscription can renew');
  await expect(checkout.submitButton).toHaveText('Subscribe for $0.00');
});

test('a trial states its first charge; the renewal terms show for every buyer', async ({ page }) => {
  const checkout = await toPayment(page, '/wired/demo-trial', 'WIRED Free Trial');
  await expect(page.getByTestId('first-charge-note')).toContainText(
    /Your free trial ends on \w+ \d+, \d{4}; your card is then charged \$29\.99/,
  );
  await checkout.fillBilling({ country: 'United Kingdom' });
  await expect(page.getByTestId('auto-renewal-terms')).toContainText('renews automatically');
  await expect(checkout.renewalConsent).toHaveCount(0);
  await expect(checkout.submitButton).toHaveText('Start free trial');
});

test('print: delivered to the billing address unless another is given, taxed where it goes, and the success page says when', async ({
  page,
}) => {
  const checkout = await toPayment(page, '/newyorker/demo-dual', 'Print + Digital');
  await checkout.fillBilling({ region: 'New York', address: { line1: '1 World Trade Center', city: 'New York', postalCode: '10007' } });
  await expect(page.getByTestId('delivery-summary')).toHaveText('The magazine goes to 1 World Trade Center, New York 10007.');
  await expect(page.getByTestId('summary-tax')).toContainText('$0.00');
  await page.getByLabel('Same as billing address').uncheck();
  // It starts as the billing address, in its country and state; the magazine goes to Texas instead.
  await expect(page.getByLabel('Delivery country')).toHaveValue('US');
  await expect(page.getByLabel('Delivery state')).toHaveValue('NY');
  await page.getByLabel('Delivery state').selectOption({ label: 'Texas' });
  await page.getByLabel('Delivery street address').fill('1 Congress Ave');
  await page.getByLabel('Delivery town or city').fill('Austin');
  await page.getByLabel('Delivery ZIP code').fill('ABC');
  await page.getByLabel('Delivery ZIP code').blur();
  await expect(page.getByText('Enter a valid ZIP code, such as 95014.')).toBeVisible();
  await page.getByLabel('Delivery ZIP code').fill('78701');
  // Print is taxed at its destination: Texas's 6.25 % on $149.00.
  await expect(page.getByTestId('summary-tax')).toContainText('$9.31');
  await checkout.renewalConsent.check();
  await checkout.fillCard('4242 4242 4242 4242');
  await checkout.submit();
  const success = await SuccessPage.expectOpen(page);
  await expect(page.getByTestId('first-issue')).toHaveText(
    /^Your first print issue will arrive by \w+ \d+, \d{4}, delivered to 1 Congress Ave, Austin, TX 78701, United States\.$/,
  );
  await expect(page.getByTestId('invoice-renewal')).toHaveText(/^\w+ \d+, \d{4}, \$200\.00$/);
  await expect(success.total).toBeVisible();
});

test.describe('on a 390×844 phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  /** Scrolled into view, the button itself is what a tap at its centre reaches. */
  const expectUncovered = async (button: Locator) => {
    await button.scrollIntoViewIfNeeded();
    const reached = await button.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)?.closest('button') === element;
    });
    expect(reached).toBe(true);
  };

  test("the consent banner covers neither the offer's button nor the payment button", async ({ page }) => {
    await page.goto('/newyorker/demo-dual?livemode=false');
    await expect(page.getByRole('region', { name: 'Your privacy choices' })).toBeVisible();
    await expectUncovered(page.getByRole('button', { name: 'Subscribe: Digital' }));
    await page.getByRole('button', { name: 'Subscribe: Digital' }).click();
    await CartPage.expectOpen(page);
    await page.getByRole('link', { name: 'Continue to payment' }).click();
    await CheckoutPage.expectOpen(page);
    await expect(page.getByRole('region', { name: 'Your privacy choices' })).toBeVisible();
    await expectUncovered(page.getByRole('button', { name: 'Subscribe for $99.00' }));
  });
});
