import { expect, type Locator, type Page } from '@playwright/test';

/** /account/subscriptions/{id}/withdraw: step 1 (what withdrawing does), Confirm, then the receipt. */
export class AccountWithdrawalPage {
  constructor(readonly page: Page) {}

  static async expectOpen(page: Page): Promise<AccountWithdrawalPage> {
    await page.waitForURL(/\/account\/subscriptions\/sub_[a-z2-7]{16}\/withdraw(\?|$)/);
    await expect(page.getByRole('heading', { level: 1, name: 'Withdraw from contract' })).toBeVisible();
    return new AccountWithdrawalPage(page);
  }

  /** What step 1 says is refunded: "$25.00", "€25.00". */
  async refundAmount(): Promise<string> {
    const line = await this.page.getByText(/^You get \S+ back in full/).textContent();
    return /^You get (\S+) back in full/.exec(line ?? '')![1]!;
  }

  /** Confirms (step 2) and waits for the receipt. */
  async confirm(): Promise<Locator> {
    await this.page.getByRole('button', { name: 'Confirm withdrawal' }).click();
    await expect(this.page.getByRole('heading', { level: 1, name: 'Withdrawal received' })).toBeVisible();
    return this.page.getByTestId('withdrawal-receipt');
  }
}

/** /withdraw, the footer's "Withdraw from contract here": the details, a summary to confirm, the receipt. */
export class PublicWithdrawalPage {
  constructor(readonly page: Page) {}

  static async expectOpen(page: Page): Promise<PublicWithdrawalPage> {
    await page.waitForURL(/\/withdraw(\?|$)/);
    await expect(page.getByRole('heading', { level: 1, name: 'Withdraw from contract' })).toBeVisible();
    return new PublicWithdrawalPage(page);
  }

  /** Step 1: the details, then Continue; resolves with the summary of step 2. */
  async fill(email: string, invoiceNumber: string, name?: string): Promise<Locator> {
    await this.page.getByLabel('Email address you bought with').fill(email);
    await this.page.getByLabel('Invoice number').fill(invoiceNumber);
    if (name) await this.page.getByLabel('Your name (optional)').fill(name);
    await this.page.getByRole('button', { name: 'Continue' }).click();
    await expect(this.page.getByRole('heading', { level: 1, name: 'Confirm your withdrawal' })).toBeVisible();
    return this.page.getByTestId('withdrawal-summary');
  }

  /** Step 2: Confirm; resolves with the receipt. */
  async confirm(): Promise<Locator> {
    await this.page.getByRole('button', { name: 'Confirm withdrawal' }).click();
    await expect(this.page.getByRole('heading', { level: 1, name: 'Withdrawal received' })).toBeVisible();
    return this.page.getByTestId('withdrawal-received');
  }
}

/** /withdraw/answer?token=…, a link of the acknowledgment e-mailed to the subscriber: "Confirm withdrawal" or "This was not me". */
export class WithdrawalAnswerPage {
  constructor(readonly page: Page) {}

  static async expectOpen(page: Page, purpose: 'confirm' | 'object'): Promise<WithdrawalAnswerPage> {
    await page.waitForURL(/\/withdraw\/answer\?token=/);
    const heading = purpose === 'confirm' ? 'Confirm your withdrawal' : 'Was this withdrawal not you?';
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    return new WithdrawalAnswerPage(page);
  }

  /** Confirms; resolves with the receipt. */
  async confirm(): Promise<Locator> {
    await this.page.getByRole('button', { name: 'Confirm withdrawal' }).click();
    await expect(this.page.getByRole('heading', { level: 1, name: 'Withdrawal confirmed' })).toBeVisible();
    return this.page.getByTestId('withdrawal-receipt');
  }

  /** Says it was not the subscriber; resolves with what the page then says. */
  async object(): Promise<Locator> {
    await this.page.getByRole('button', { name: 'This was not me' }).click();
    await expect(this.page.getByRole('heading', { level: 1, name: 'Your subscription continues' })).toBeVisible();
    return this.page.getByTestId('withdrawal-objected');
  }
}
