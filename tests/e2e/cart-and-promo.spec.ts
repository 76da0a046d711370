import { expect, test } from '@playwright/test';
import { OfferPage } from './pages/OfferPage';
import { CartPage } from './pages/CartPage';
import { PromoCodePage } from './pages/PromoCodePage';
import { SuccessPage } from './pages/CheckoutPage';
import { toCheckout } from './pages/journey';
import { sandboxSubmitBody } from './support';
import { axeViolations, WCAG_21_AA } from './accessibility';

test('print plan with an add-on and SAVE20: totals in the cart and on the promo-code step', async ({ page }) => {
  const offers = await OfferPage.open(page, '/newyorker/demo-dual', { livemode: 'false', source: 'e2e' });
  await offers.choose('Print + Digital');
  const cart = await CartPage.expectOpen(page);
  await expect(cart.addOns).toHaveCount(2);
  await expect(cart.total).toHaveText('Total today$149.00');

  await cart.addOn(/The New Yorker Tote/).check();
  await expect(cart.total).toHaveText('Total today$174.00');
  await expect(cart.items).toHaveCount(2);

  await cart.openPromoCode();
  expect(new URL(page.url()).search).toBe('?livemode=false&source=e2e');
  const promo = await PromoCodePage.expectOpen(page);
  await promo.apply('save20');
  await expect(page.getByText('Promo code SAVE20 applied.')).toBeVisible();
  await expect(promo.total).toHaveText('Total today$139.20');

  await promo.backToCart();
  const again = await CartPage.expectOpen(page);
  await expect(again.discount).toHaveText('Discount (SAVE20)−$34.80');
  await expect(again.total).toHaveText('Total today$139.20');
  await expect(page.getByText('Promo code SAVE20 applied.')).toBeVisible();

  expect(await axeViolations(page, WCAG_21_AA)).toEqual([]);
});

for (const [code, total] of [
  ['TENOFF', 'Total today$15.00'],
  ['FREE100', 'Total today$0.00'],
] as const) {
  test(`${code} on the single offer`, async ({ page }) => {
    const offers = await OfferPage.open(page, '/vogue/demo-single');
    await offers.choose('Vogue Digital');
    await (await CartPage.expectOpen(page)).openPromoCode();
    const promo = await PromoCodePage.expectOpen(page);
    await promo.apply(code);
    await expect(promo.total).toHaveText(total);
  });
}

test('an unknown, an expired and a wrong-currency code are explained and change nothing', async ({ page }) => {
  const offers = await OfferPage.open(page, '/gq/demo-gbp');
  await offers.choose('GQ Digital');
  await (await CartPage.expectOpen(page)).openPromoCode();
  const promo = await PromoCodePage.expectOpen(page);
  await expect(promo.total).toHaveText('Total today£19.99');
  for (const [code, message] of [
    ['BOGUS', '"BOGUS" is not a valid promo code.'],
    ['OLD10', 'The promo code OLD10 has expired.'],
    ['TENOFF', 'The promo code TENOFF cannot be used with prices in GBP.'],
  ] as const) {
    await promo.apply(code);
    await expect(promo.error).toHaveText(message);
    await expect(promo.field).toHaveAttribute('aria-invalid', 'true');
    await expect(promo.total).toHaveText('Total today£19.99');
  }
  expect(await axeViolations(page, WCAG_21_AA)).toEqual([]);
});

test('an applied code can be removed', async ({ page }) => {
  const offers = await OfferPage.open(page, '/newyorker/demo-dual');
  await offers.choose('Digital');
  await (await CartPage.expectOpen(page)).openPromoCode();
  const promo = await PromoCodePage.expectOpen(page);
  await promo.apply('SAVE20');
  await expect(promo.total).toHaveText('Total today$79.20');
  await promo.remove();
  await expect(promo.total).toHaveText('Total today$99.00');
});

test('the promo-code step with an empty cart sends the visitor to the offers', async ({ page }) => {
  await page.goto('/vogue/demo-single/promo-code');
  await expect(page.getByText(/Your cart is empty/)).toBeVisible();
  await page.getByRole('link', { name: 'Choose a subscription' }).click();
  await page.waitForURL(/\/vogue\/demo-single$/);
});

test('a promo code past its cap is refused on the promo step and at the payment, and nothing is charged', async ({ page, request }) => {
  // ONEONLY (50 % off the Vogue campaign) may be redeemed once per mode: the first test-mode order uses it up.
  const first = await request.post('/api/checkout/submit', {
    data: sandboxSubmitBody(`cap.first.${Date.now()}@example.com`, { couponCode: 'ONEONLY' }),
  });
  // A retry of this test finds the code used up already by its first try.
  if (test.info().retry === 0) expect(((await first.json()) as { status: string }).status).toBe('succeeded');

  const offers = await OfferPage.open(page, '/vogue/demo-single', { livemode: 'false' });
  await offers.choose('Vogue Digital');
  await (await CartPage.expectOpen(page)).openPromoCode();
  const promo = await PromoCodePage.expectOpen(page);
  const before = await promo.total.textContent();
  await promo.apply('ONEONLY');
  await expect(promo.error).toHaveText(
    'The promo code ONEONLY has been used as many times as it can be, so it no longer gives a discount.',
  );
  await expect(promo.total).toHaveText(before!);

  const email = `cap.second.${Date.now()}@example.com`;
  const second = await request.post('/api/checkout/submit', { data: sandboxSubmitBody(email, { couponCode: 'ONEONLY' }) });
  expect(second.status()).toBe(422);
  const refused = (await second.json()) as { error: { code: string; message: string } };
  expect(refused.error.code).toBe('coupon_not_applicable');
  expect(refused.error.message).toContain('Nothing was charged.');
});

test('a code applied on the payment step: the discount in the summary, the button and what is charged', async ({ page }) => {
  const checkout = await toCheckout(page, '/vogue/demo-single', 'Vogue Digital');
  await expect(checkout.total).toHaveText('Total today$25.00');
  await checkout.applyPromoCode('BOGUS');
  await expect(checkout.promoFeedback).toHaveText('"BOGUS" is not a valid promo code.');
  await expect(page.getByLabel('Promo code')).toHaveAttribute('aria-invalid', 'true');
  await expect(checkout.total).toHaveText('Total today$25.00');

  await page.getByLabel('Promo code').fill('save20');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(checkout.promoFeedback).toHaveText('Promo code SAVE20 applied. Remove promo code');
  await expect(checkout.discount).toHaveText('Discount (SAVE20)−$5.00');
  await expect(checkout.total).toHaveText('Total today$20.00');
  expect(await axeViolations(page, WCAG_21_AA)).toEqual([]);

  // New Hampshire has no sales tax: the button and the invoice say the discounted price.
  await checkout.fillBilling();
  await expect(checkout.submitButton).toHaveText('Subscribe for $20.00');
  await checkout.fillCard('4242 4242 4242 4242');
  await checkout.submit();
  const success = await SuccessPage.expectOpen(page);
  await expect(success.discount).toHaveText('Discount (SAVE20)−$5.00');
  await expect(success.total).toHaveText('Total paid$20.00');
});

test('a code applied on the payment step can be removed there', async ({ page }) => {
  const checkout = await toCheckout(page, '/newyorker/demo-dual', 'Digital', 'SAVE20');
  await expect(checkout.promoFeedback).toHaveText('Promo code SAVE20 applied. Remove promo code');
  await expect(checkout.total).toHaveText('Total today$79.20');
  await checkout.removePromoCode();
  await expect(checkout.promoFeedback).toHaveText('Promo code removed.');
  await expect(checkout.total).toHaveText('Total today$99.00');
  await expect(checkout.discount).toHaveCount(0);
});

test.describe('on a 390×844 phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the summary is folded to its total above the form; a code applied in it shows in that total', async ({ page }) => {
    const checkout = await toCheckout(page, '/vogue/demo-single', 'Vogue Digital');
    await expect(checkout.summaryToggle).toHaveText('Order summaryTotal today $25.00');
    await expect(checkout.total).toBeHidden();
    await checkout.openSummary();
    await expect(checkout.total).toHaveText('Total today$25.00');
    await checkout.applyPromoCode('TENOFF');
    await expect(checkout.total).toHaveText('Total today$15.00');
    await expect(checkout.summaryToggle).toHaveText('Order summaryTotal today $15.00');
    // Nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByLabel('Card number').fill('4242');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
