import { expect, type Locator, type Page } from '@playwright/test';

export type ExpressWalletName = 'Apple Pay' | 'Google Pay' | 'Link';

/** The express row at the top of the payment step: the sandbox's wallet buttons, then the renewal terms and, where a mandate applies, the consent box. */
export class ExpressRow {
  constructor(readonly page: Page) {}

  static async expectShown(page: Page): Promise<ExpressRow> {
    await expect(page.getByRole('region', { name: 'Express checkout' })).toBeVisible();
    return new ExpressRow(page);
  }

  get root(): Locator {
    return this.page.getByRole('region', { name: 'Express checkout' });
  }

  wallet(name: ExpressWalletName): Locator {
    return this.root.getByRole('button', { name: `${name} (sandbox)` });
  }

  get consent(): Locator {
    return this.root.getByLabel('I agree to the automatic renewal terms above.');
  }

  /** Opens a wallet's sandbox sheet. */
  async open(name: ExpressWalletName): Promise<ExpressSheet> {
    await this.wallet(name).click();
    return ExpressSheet.expectOpen(this.page, name);
  }
}

/** A sandbox wallet's sheet: an in-page dialog with the total, the renewal terms, the wallet's contact and card. */
export class ExpressSheet {
  constructor(
    readonly page: Page,
    readonly name: ExpressWalletName,
  ) {}

  static async expectOpen(page: Page, name: ExpressWalletName): Promise<ExpressSheet> {
    const sheet = new ExpressSheet(page, name);
    await expect(sheet.root).toBeVisible();
    await expect(sheet.root).toContainText('Sandbox: no real');
    return sheet;
  }

  get root(): Locator {
    return this.page.getByRole('dialog', { name: this.name });
  }

  get total(): Locator {
    return this.root.getByTestId('express-sheet-total');
  }

  /** Uses this e-mail as the wallet's (each test signs in with an address of its own). */
  async useEmail(email: string): Promise<void> {
    await this.root.getByLabel('E-mail').fill(email);
  }

  async chooseCard(label: string): Promise<void> {
    await this.root.getByLabel('Card').selectOption({ label });
  }

  async pay(): Promise<void> {
    await this.root.getByRole('button', { name: new RegExp(`^Pay \\S+ with ${this.name}$`) }).click();
  }

  async cancel(): Promise<void> {
    await this.root.getByRole('button', { name: 'Cancel' }).click();
    await expect(this.root).toBeHidden();
  }
}
