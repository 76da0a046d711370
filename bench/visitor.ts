import type { Page } from '@playwright/test';
import { CheckoutPage, SuccessPage } from '@/tests/e2e/pages/CheckoutPage';

/**
 * What a visitor does between the audited pages, in the browser itself: the steps after the
 * offer page need a filled cart, and the success page a receipt cookie from a payment.
 * Done through the UI rather than by writing storage, so the bench keeps working when the
 * cart moves from sessionStorage to a cookie.
 */

/** Opens the offer page and clicks its (single) "Subscribe: …" button; resolves on the cart URL. */
export async function fillCart(page: Page, offerUrl: string): Promise<string> {
  await page.goto(offerUrl);
  await page.getByRole('button', { name: /^Subscribe:/ }).click();
  await page.waitForURL(/\/cart(\?|$)/);
  return page.url();
}

/**
 * Pays for the filled cart at the card step with the sandbox's 4242 card (the QA page
 * objects, so the bench follows the form when it changes); resolves on the success URL,
 * by which time the browser holds the receipt cookie.
 */
export async function buyWithTestCard(page: Page, cardStepUrl: string): Promise<string> {
  await page.goto(cardStepUrl);
  const checkout = await CheckoutPage.expectOpen(page);
  await checkout.fillBilling();
  await checkout.fillCard('4242 4242 4242 4242');
  await checkout.submit();
  await SuccessPage.expectOpen(page);
  return page.url();
}
