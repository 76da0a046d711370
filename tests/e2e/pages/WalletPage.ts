import { expect, type Locator, type Page } from '@playwright/test';

export type WalletName = 'PayPal' | 'Amazon Pay';

/** The payment step's wallet choice: the method's radio and the step's button, which names the wallet. */
export class WalletChoice {
  constructor(
    readonly page: Page,
    readonly wallet: WalletName,
  ) {}

  static async choose(page: Page, wallet: WalletName): Promise<WalletChoice> {
    await page.getByRole('radio', { name: wallet }).check();
    await expect(page.getByTestId('wallet-note')).toContainText(`with ${wallet}`);
    return new WalletChoice(page, wallet);
  }

  /** "Subscribe for $25.00 with PayPal", "Start free trial with Amazon Pay". */
  get submitButton(): Locator {
    return this.page.getByRole('button', { name: new RegExp(`^(Subscribe( for \\S+)?|Start free trial) with ${this.wallet}$`) });
  }

  async submit(): Promise<void> {
    await this.submitButton.click();
  }
}

/** The sandbox wallet's approval page (stands in for PayPal or Amazon Pay). */
export class SandboxWalletPage {
  constructor(readonly page: Page) {}

  static async expectOpen(page: Page, wallet: WalletName): Promise<SandboxWalletPage> {
    await page.waitForURL(/\/sandbox\/wallet\/wp_sandbox_/);
    await expect(page.getByRole('heading', { level: 1, name: wallet })).toBeVisible();
    await expect(page.getByText(`Sandbox ${wallet}`)).toBeVisible();
    return new SandboxWalletPage(page);
  }

  get amount(): Locator {
    return this.page.locator('dt', { hasText: /^(Due today|Amount)$/ }).locator('+ dd');
  }

  async approve(): Promise<void> {
    await this.page.getByRole('button', { name: 'Approve', exact: true }).click();
  }

  /** Pays today; every renewal of the subscription will fail (as a test card that declines its renewals). */
  async approveWithFailingRenewals(): Promise<void> {
    await this.page.getByRole('button', { name: 'Approve, renewals will fail', exact: true }).click();
  }

  async cancel(): Promise<void> {
    await this.page.getByRole('button', { name: 'Cancel', exact: true }).click();
  }

  async simulateFailure(): Promise<void> {
    await this.page.getByRole('button', { name: 'Simulate failure' }).click();
  }
}
