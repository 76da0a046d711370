import { expect, type Locator, type Page } from '@playwright/test';

export interface BillingDetails {
  email?: string;
  firstName?: string;
  lastName?: string;
  /** The country's name as listed, e.g. "United Kingdom of Great Britain and Northern Ireland". */
  country?: string;
  /** The state's or province's name, e.g. "New York". */
  region?: string;
  address?: { line1: string; city: string; postalCode: string };
}

/** The card (payment) step: order summary and its promo field, billing information, sandbox card, renewal consent, submit. */
export class CheckoutPage {
  constructor(readonly page: Page) {}

  static async expectOpen(page: Page): Promise<CheckoutPage> {
    await expect(page.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
    return new CheckoutPage(page);
  }

  async fillBilling(details: BillingDetails = {}): Promise<void> {
    const page = this.page;
    await page.getByLabel('Email').fill(details.email ?? 'ada.reader@example.com');
    await page.getByLabel('First name').fill(details.firstName ?? 'Ada');
    await page.getByLabel('Last name').fill(details.lastName ?? 'Reader');
    await page.getByLabel('Country').selectOption({ label: details.country ?? 'United States of America' });
    if (details.region !== undefined || (details.country ?? 'United States of America') === 'United States of America') {
      await page.getByLabel(/^(State|Province)$/).selectOption({ label: details.region ?? 'New Hampshire' });
    }
    if (details.address) {
      // Exact: a print offer's delivery address has "Same as billing address", "Delivery postal code"…
      await page.getByLabel('Address', { exact: true }).fill(details.address.line1);
      await page.getByLabel('City', { exact: true }).fill(details.address.city);
      await page.getByLabel(/^(Postal code|ZIP code)$/).fill(details.address.postalCode);
    }
  }

  async fillCard(number: string, expiry = '12/34', cvc = '123'): Promise<void> {
    await this.page.getByLabel('Card number').fill(number);
    await this.page.getByLabel('Expiry').fill(expiry);
    await this.page.getByLabel('CVC').fill(cvc);
  }

  get renewalConsent(): Locator {
    return this.page.locator('#renewal-notice-consent');
  }

  /** The submit button, labelled with what it does: "Subscribe for $25.00", "Start free trial" ("Subscribe" until the total is known). */
  get submitButton(): Locator {
    return this.page.getByRole('button', { name: /^(Subscribe( for \S+)?|Start free trial)$/ });
  }

  get failure(): Locator {
    return this.page.locator('#payment-failure');
  }

  /** The order summary's "Total today" row; on a phone it is folded until openSummary(). */
  get total(): Locator {
    return this.page.getByTestId('summary-total');
  }

  get discount(): Locator {
    return this.page.getByTestId('summary-discount');
  }

  /** The phone's button that folds the order summary, showing today's total (hidden on a desktop). */
  get summaryToggle(): Locator {
    return this.page.getByTestId('summary-toggle');
  }

  async openSummary(): Promise<void> {
    await this.summaryToggle.click();
    await expect(this.summaryToggle).toHaveAttribute('aria-expanded', 'true');
  }

  /** The promo field's one message: the code applied (with its removal) or why it was refused. */
  get promoFeedback(): Locator {
    return this.page.locator('#promo-code-feedback');
  }

  /** Opens "Have a promo code?" in the summary, applies a code and waits until the server has answered. */
  async applyPromoCode(code: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Have a promo code?' }).click();
    await this.page.getByLabel('Promo code').fill(code);
    const answered = this.page.waitForResponse((response) => response.url().endsWith('/api/checkout/quote'));
    await this.page.getByRole('button', { name: 'Apply' }).click();
    await answered;
  }

  async removePromoCode(): Promise<void> {
    await this.promoFeedback.getByRole('button', { name: 'Remove promo code' }).click();
  }

  async submit(): Promise<void> {
    await this.submitButton.click();
  }
}

/** The sandbox bank's 3-D Secure page. */
export class SandboxBankPage {
  constructor(readonly page: Page) {}

  static async expectOpen(page: Page): Promise<SandboxBankPage> {
    await page.waitForURL(/\/sandbox\/authenticate\//);
    // "Confirm your card" when the card is kept for a subscription (the account's card change).
    await expect(page.getByRole('heading', { name: /^Confirm your (payment|card)$/ })).toBeVisible();
    return new SandboxBankPage(page);
  }

  async approve(): Promise<void> {
    await this.page.getByRole('button', { name: 'Complete authentication' }).click();
  }

  async fail(): Promise<void> {
    await this.page.getByRole('button', { name: 'Fail authentication' }).click();
  }
}

/** The success page with the invoice. */
export class SuccessPage {
  constructor(readonly page: Page) {}

  static async expectOpen(page: Page): Promise<SuccessPage> {
    await page.waitForURL(/\/success(\?|$)/);
    await expect(page.getByRole('heading', { level: 1, name: /^Thank you/ })).toBeVisible();
    return new SuccessPage(page);
  }

  get invoiceHeading(): Locator {
    return this.page.getByRole('heading', { level: 2, name: /^Invoice [A-Z]{2,6}-(TEST-)?\d{4}-\d{6}$/ });
  }

  get total(): Locator {
    return this.page.getByTestId('invoice-total');
  }

  get discount(): Locator {
    return this.page.getByTestId('invoice-discount');
  }

  get tax(): Locator {
    return this.page.getByTestId('invoice-tax');
  }

  get paymentMethod(): Locator {
    return this.page.getByTestId('invoice-payment-method');
  }

  /** The plan by its name: the invoice shows no subscription id. */
  get plan(): Locator {
    return this.page.getByTestId('invoice-plan');
  }

  /** The link to the brand's reading URL. */
  get startReading(): Locator {
    return this.page.getByRole('link', { name: 'Start reading', exact: true });
  }

  get printButton(): Locator {
    return this.page.getByRole('button', { name: 'Print invoice' });
  }

  /** The part of the page that prints. */
  get printableInvoice(): Locator {
    return this.page.getByTestId('printable-invoice');
  }

  get accountLink(): Locator {
    return this.page.getByTestId('success-account-link');
  }

  get accountInvoiceLink(): Locator {
    return this.page.getByRole('link', { name: 'See this invoice in your account' });
  }
}
