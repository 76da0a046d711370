import { expect, type Locator, type Page } from '@playwright/test';

/** The cart page: what the visitor chose and today's total. */
export class CartPage {
  constructor(readonly page: Page) {}

  static async expectOpen(page: Page): Promise<CartPage> {
    const cart = new CartPage(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
    return cart;
  }

  get items(): Locator {
    return this.page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem');
  }

  get total(): Locator {
    return this.page.getByText('Total today').locator('..');
  }
}
