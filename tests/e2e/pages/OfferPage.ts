import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The offer page of a campaign, for QA's own funnels:
 *   const offers = await OfferPage.open(page, '/vogue/demo-single', { livemode: false });
 *   await offers.choose('Vogue Digital');
 */
export class OfferPage {
  constructor(readonly page: Page) {}

  static async open(page: Page, campaignPath: string, query: Record<string, string> = {}): Promise<OfferPage> {
    const search = new URLSearchParams(query).toString();
    const response = await page.goto(search ? `${campaignPath}?${search}` : campaignPath);
    expect(response?.status(), `status of ${campaignPath}`).toBe(200);
    const offers = new OfferPage(page);
    await expect(offers.headline).toBeVisible();
    return offers;
  }

  get headline(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }

  get template(): Locator {
    return this.page.locator('[data-template]');
  }

  get offers(): Locator {
    return this.page.getByRole('article');
  }

  offer(name: string): Locator {
    return this.page.getByRole('article', { name, exact: true });
  }

  /** The price paid today, as the visitor reads it ("$25.00"). */
  async priceOf(name: string): Promise<string> {
    const text = await this.offer(name).getByTestId('price').innerText();
    return text.replace(/^Now\s*/, '').trim();
  }

  /** The struck-through full price, or null when there is none. */
  async fullPriceOf(name: string): Promise<string | null> {
    const struck = this.offer(name).locator('s');
    return (await struck.count()) ? (await struck.innerText()).replace(/^Was\s*/, '').trim() : null;
  }

  get testModeBanner(): Locator {
    return this.page.getByTestId('test-mode-banner');
  }

  /** Chooses an offer and waits for the cart page. */
  async choose(name: string): Promise<void> {
    await this.offer(name).getByRole('button').click();
    await this.page.waitForURL(/\/cart(\?|$)/);
  }
}
