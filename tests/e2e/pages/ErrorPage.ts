import { expect, type Locator, type Page } from '@playwright/test';

/** An error page (404, 500…): branded under a known brand, else neutral. */
export class ErrorPage {
  constructor(readonly page: Page) {}

  /** Opens a path that fails, and checks the status it answers with. */
  static async open(page: Page, path: string, status: number): Promise<ErrorPage> {
    const response = await page.goto(path);
    expect(response?.status(), `status of ${path}`).toBe(status);
    return new ErrorPage(page);
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }

  /** The brand's header (the banner landmark); absent on a neutral page. */
  get brandHeader(): Locator {
    return this.page.getByRole('banner');
  }

  backTo(brandName: string): Locator {
    return this.page.getByRole('link', { name: `Back to ${brandName}` });
  }

  /** On a 404 of an offer that has ended or is unknown: the brand's current offer. */
  currentOffer(brandName: string): Locator {
    return this.page.getByRole('link', { name: `See ${brandName}'s current offer` });
  }

  /** On a 404 with no brand to go on to: every brand's current offer. */
  get brandList(): Locator {
    return this.page.getByRole('navigation', { name: 'Our brands' });
  }
}
