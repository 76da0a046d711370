import { expect, type Locator, type Page } from '@playwright/test';

/** The cart page: what the visitor chose, the add-ons, the order summary and the promo-code link. */
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

  get addOns(): Locator {
    return this.page.getByRole('group', { name: 'Add to your subscription' }).getByRole('checkbox');
  }

  addOn(name: string | RegExp): Locator {
    return this.page.getByRole('group', { name: 'Add to your subscription' }).getByRole('checkbox', { name });
  }

  /** The "Total today" row of the order summary, once the server has priced the order. */
  get total(): Locator {
    return this.page.getByTestId('summary-total');
  }

  get discount(): Locator {
    return this.page.getByTestId('summary-discount');
  }

  async openPromoCode(): Promise<void> {
    await this.page.getByRole('link', { name: 'Have a promo code?' }).click();
    await this.page.waitForURL(/\/promo-code(\?|$)/);
  }
}
