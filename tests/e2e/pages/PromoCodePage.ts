import { expect, type Locator, type Page } from '@playwright/test';

/** The promo-code step. */
export class PromoCodePage {
  constructor(readonly page: Page) {}

  static async expectOpen(page: Page): Promise<PromoCodePage> {
    await expect(page.getByRole('heading', { level: 1, name: 'Promo code' })).toBeVisible();
    return new PromoCodePage(page);
  }

  get field(): Locator {
    return this.page.getByLabel('Promo code');
  }

  get total(): Locator {
    return this.page.getByTestId('summary-total');
  }

  /** The message under the field when a code is refused (Next's route announcer is an alert too). */
  get error(): Locator {
    return this.page.locator('#promo-code-feedback[role="alert"]');
  }

  /** Applies a code and waits until the server has answered. */
  async apply(code: string): Promise<void> {
    await this.field.fill(code);
    const answered = this.page.waitForResponse((response) => response.url().endsWith('/api/checkout/quote'));
    await this.page.getByRole('button', { name: 'Apply' }).click();
    await answered;
  }

  async remove(): Promise<void> {
    await this.page.getByRole('button', { name: 'Remove promo code' }).click();
  }

  async backToCart(): Promise<void> {
    await this.page.getByRole('link', { name: 'Back to your cart' }).click();
    await this.page.waitForURL(/\/cart(\?|$)/);
  }
}
