import { expect, type Page } from '@playwright/test';
import { AccountSignInPage } from './AccountSignInPage';
import { AccountPage, MailboxPage } from './AccountPage';
import { SandboxBankPage, SuccessPage } from './CheckoutPage';
import { toCheckout } from './journey';
import { SandboxWalletPage, WalletChoice } from './WalletPage';

/** A subscriber's journeys the account's and the renewals' browser tests share: buy signed out, then sign in. */

export const METHODS = [
  { name: 'card', shown: 'Visa ending in 4242' },
  { name: '3-D Secure card', shown: 'Visa ending in 3184' },
  { name: 'PayPal', shown: 'PayPal' },
  { name: 'Amazon Pay', shown: 'Amazon Pay' },
] as const;

export const newEmail = (label: string) =>
  `${label.replace(/\W+/g, '-').toLowerCase()}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

/** "November 26, 2027": a year from now, as the account writes dates (UTC). */
export function aYearFromNow(): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/**
 * Buys Vogue Digital signed out, in test mode, with the method (a card: this sandbox test
 * card; a wallet: approved on its sandbox page, its renewals paying or failing); on the
 * success page.
 */
export async function buy(
  page: Page,
  method: (typeof METHODS)[number]['name'],
  email: string,
  cardNumber = method === 'card' ? '4242 4242 4242 4242' : '4000 0027 6000 3184',
  walletRenewals: 'pay' | 'fail' = 'pay',
): Promise<SuccessPage> {
  const checkout = await toCheckout(page, '/vogue/demo-single', 'Vogue Digital');
  await checkout.fillBilling({ email });
  if (method === 'card' || method === '3-D Secure card') {
    await checkout.fillCard(cardNumber);
    await checkout.submitButton.click();
    if (method === '3-D Secure card') await (await SandboxBankPage.expectOpen(page)).approve();
  } else {
    const choice = await WalletChoice.choose(page, method);
    await choice.submit();
    const walletPage = await SandboxWalletPage.expectOpen(page, method);
    if (walletRenewals === 'fail') await walletPage.approveWithFailingRenewals();
    else await walletPage.approve();
  }
  return SuccessPage.expectOpen(page);
}

/** From the success page's account link: signs in with a link from the mailbox, in this browser. */
export async function signInFromSuccess(page: Page, email: string): Promise<AccountPage> {
  await page.getByTestId('success-account-link').click();
  const signIn = await AccountSignInPage.expectOpen(page);
  await expect(signIn.email).toHaveValue(email);
  await signIn.askForLink(email);
  const mailbox = await MailboxPage.open(page, email);
  await mailbox.followNewest(/Sign in/);
  return AccountPage.expectOpen(page);
}
