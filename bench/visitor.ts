import type { Page } from '@playwright/test';
import { CheckoutPage, SuccessPage } from '@/tests/e2e/pages/CheckoutPage';
import { say, type Language } from '@/tests/e2e/pages/catalogue';

/**
 * What a visitor does between the audited pages, in the browser itself: the steps after the
 * offer page need a filled cart, and the success page a receipt cookie from a payment.
 * Done through the UI rather than by writing storage, so the bench keeps working when the
 * cart moves from sessionStorage to a cookie.
 */

/** Opens the offer page and clicks its (single) "Subscribe: …" button, in the page's language; resolves on the cart URL. */
export async function fillCart(page: Page, offerUrl: string, language: Language = 'en'): Promise<string> {
  await page.goto(offerUrl);
  await page.getByRole('button', { name: new RegExp(`^${say(language, 'offer.action.subscribe')}:`) }).click();
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

/**
 * The same purchase on a German campaign's card step, by the page's German labels: a buyer
 * in Germany (the price holds the VAT), with the consent box ticked where it shows.
 */
export async function buyInGermanWithTestCard(page: Page, cardStepUrl: string): Promise<string> {
  const de = (key: string, values?: Record<string, string>) => say('de', key, values);
  await page.goto(cardStepUrl);
  await page.locator('#billing-country').selectOption('DE');
  await page.getByLabel(de('payment.billing.email'), { exact: true }).fill('ada.leserin@example.com');
  await page.getByLabel(de('payment.billing.firstName'), { exact: true }).fill('Ada');
  await page.getByLabel(de('payment.billing.lastName'), { exact: true }).fill('Leserin');
  await page.getByLabel(de('methods.card.number')).fill('4242 4242 4242 4242');
  await page.getByLabel(de('methods.card.expiry')).fill('12/34');
  await page.getByLabel(de('methods.card.cvc')).fill('123');
  const consent = page.locator('#renewal-notice-consent');
  if (await consent.isVisible()) await consent.check();
  await page.getByRole('button', { name: /^Zahlungspflichtig bestellen$/ }).click();
  await page.getByRole('heading', { level: 1, name: de('success.heading', { firstName: 'Ada' }) }).waitFor();
  return page.url();
}
