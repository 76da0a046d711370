import { expect, type Page } from '@playwright/test';
import { CartPage } from './CartPage';
import { CheckoutPage } from './CheckoutPage';
import { OfferPage } from './OfferPage';
import { PromoCodePage } from './PromoCodePage';

/** Opens a campaign in test mode, chooses an offer (applying a promo code if given) and goes to the payment step. */
export async function toCheckout(page: Page, campaign: string, offer: string, promo?: string): Promise<CheckoutPage> {
  const offers = await OfferPage.open(page, campaign, { livemode: 'false', source: 'e2e' });
  await offers.choose(offer);
  const cart = await CartPage.expectOpen(page);
  if (promo) {
    await cart.openPromoCode();
    const promoPage = await PromoCodePage.expectOpen(page);
    await promoPage.apply(promo);
    await expect(page.getByText(`Promo code ${promo} applied.`)).toBeVisible();
    await promoPage.backToCart();
  }
  await page.getByRole('link', { name: 'Continue to payment' }).click();
  return CheckoutPage.expectOpen(page);
}
