import { expect, type Locator, type Page } from '@playwright/test';

/** The account's brand-neutral sign-in (/account/sign-in). */
export class AccountSignInPage {
  constructor(readonly page: Page) {}

  /** Opens it, with an address to prefill and the account page to come back to. */
  static async open(page: Page, options: { email?: string; returnPath?: string } = {}): Promise<AccountSignInPage> {
    const query = new URLSearchParams();
    if (options.email) query.set('email', options.email);
    if (options.returnPath) query.set('return', options.returnPath);
    const search = query.toString();
    await page.goto(`/account/sign-in${search ? `?${search}` : ''}`);
    return AccountSignInPage.expectOpen(page);
  }

  static async expectOpen(page: Page): Promise<AccountSignInPage> {
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your account' })).toBeVisible();
    return new AccountSignInPage(page);
  }

  get email(): Locator {
    return this.page.getByLabel('Email');
  }

  /** The problem shown under the field. */
  get error(): Locator {
    return this.page.locator('#account-email-error');
  }

  /** Asks for a link; resolves once the page says it was sent. */
  async askForLink(email: string): Promise<void> {
    await this.email.fill(email);
    await this.page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await expect(this.page.getByText(`we sent a link to ${email}.`)).toBeVisible();
  }
}

/**
 * A sign-in link opened in another browser than the one that asked for it (a campaign's
 * auth/complete or /account/sign-in/complete): it names the address and waits for Confirm.
 */
export class SignInConfirmPage {
  constructor(readonly page: Page) {}

  static async expectOpen(page: Page, email: string): Promise<SignInConfirmPage> {
    await expect(page.getByRole('heading', { level: 1, name: `Sign in as ${email}?` })).toBeVisible();
    return new SignInConfirmPage(page);
  }

  async confirm(): Promise<void> {
    await this.page.getByRole('button', { name: 'Confirm' }).click();
  }
}
