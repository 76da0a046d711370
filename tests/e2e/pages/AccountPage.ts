import { expect, type Locator, type Page } from '@playwright/test';
import { axeViolations, WCAG_22_AA } from '@/tests/e2e/accessibility';

/** axe's WCAG 2.2 AA findings on the page as it stands (none expected). */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  return axeViolations(page, WCAG_22_AA);
}

/** The development mailbox (/mailbox): what the server "sent" to an address, newest first. */
export class MailboxPage {
  constructor(readonly page: Page) {}

  static async open(page: Page, to: string): Promise<MailboxPage> {
    await page.goto(`/mailbox?to=${encodeURIComponent(to)}`);
    await expect(page.getByRole('heading', { level: 1, name: `Mail to ${to}` })).toBeVisible();
    return new MailboxPage(page);
  }

  /** Opens the newest mail whose subject matches, and follows its main link. */
  async followNewest(subject: RegExp): Promise<void> {
    await this.page.getByRole('link', { name: subject }).first().click();
    await this.page.getByTestId('mail-link').click();
  }

  /** Opens the newest mail whose subject matches; resolves with its text part. */
  async read(subject: RegExp): Promise<string> {
    await this.page.getByRole('link', { name: subject }).first().click();
    await expect(this.page.getByTestId('mail-link')).toBeVisible();
    return (await this.page.locator('main').textContent()) ?? '';
  }
}

/** The account (/account): the signed-in subscriber's subscriptions. */
export class AccountPage {
  constructor(readonly page: Page) {}

  static async expectOpen(page: Page): Promise<AccountPage> {
    await page.waitForURL(/\/account(\?|$)/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your subscriptions' })).toBeVisible();
    return new AccountPage(page);
  }

  /** Opens the fold of ended subscriptions, below the running ones (open already when nothing runs). */
  async showEnded(): Promise<void> {
    const fold = this.page.getByTestId('ended-subscriptions');
    if (!(await fold.evaluate((element) => (element as HTMLDetailsElement).open))) await fold.locator('summary').click();
  }

  /** The card of the subscription to a brand's plan ("Vogue: Vogue Digital"); an ended one's once its fold is open. */
  subscription(name: string): SubscriptionCard {
    return new SubscriptionCard(this.page.getByRole('article', { name: new RegExp(`^${name}`) }));
  }

  async signOut(): Promise<void> {
    await this.page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await this.page.waitForURL(/\/account\/sign-in/);
  }
}

export class SubscriptionCard {
  constructor(readonly root: Locator) {}

  get status(): Locator {
    return this.root.getByTestId('subscription-status');
  }

  get nextCharge(): Locator {
    return this.root.getByTestId('subscription-next-charge');
  }

  get ends(): Locator {
    return this.root.getByTestId('subscription-ends');
  }

  get paymentMethod(): Locator {
    return this.root.getByTestId('subscription-payment-method');
  }

  async cancel(): Promise<CancelSubscriptionPage> {
    await this.root.getByRole('link', { name: 'Cancel subscription' }).click();
    return CancelSubscriptionPage.expectOpen(this.root.page());
  }

  /** Opens the card change (a full page load: it is a payment page), types a sandbox test card and saves it. */
  async changeCard(number: string, expiry = '12/34', cvc = '123'): Promise<ChangeCardPage> {
    await this.root.getByRole('link', { name: 'Change card' }).click();
    const change = await ChangeCardPage.expectOpen(this.root.page());
    await change.save(number, expiry, cvc);
    return change;
  }

  async resume(): Promise<void> {
    await this.root.getByRole('button', { name: 'Resume subscription' }).click();
    await expect(this.root.getByText('Your subscription continues.')).toBeVisible();
  }

  get pastDue(): Locator {
    return this.root.getByTestId('subscription-past-due');
  }

  get invoices(): Locator {
    return this.root.getByRole('region', { name: 'Invoices' }).getByRole('link');
  }

  /** The test clock's date ("December 26, 2026"). */
  get clockToday(): Locator {
    return this.root.getByTestId('test-clock-today');
  }

  /** The test clock's panel, shown while moving the clock can still do something (not once it has ended). */
  get clock(): Locator {
    return this.root.getByRole('region', { name: 'Test clock' });
  }

  /**
   * Moves the test clock (a day, or to the next renewal) and waits until the page shows the
   * result: the clock's new date, or no clock at all when the move ended the subscription. A
   * move runs the renewal engine and writes its mails within the request: on a busy 2-core
   * machine that takes longer than expect's default 5 s, which is a wait, not what is tested.
   */
  async moveClock(to: 'one day ahead' | 'the next notice' | 'the next renewal'): Promise<void> {
    const before = await this.clockToday.textContent();
    const button = this.root.getByRole('button', { name: to === 'one day ahead' ? 'Move one day ahead' : `Move to ${to}` });
    await button.click();
    await expect
      .poll(
        async () => {
          if ((await this.clock.count()) === 0) return 'ended';
          const [today] = await this.clockToday.allTextContents();
          // A short wait: the button goes when the move ends the subscription, and a locator's evaluate waits for it without end.
          const idle = await button
            .evaluate((element) => !(element as HTMLButtonElement).disabled, undefined, { timeout: 500 })
            .catch(() => false);
          return today !== before && idle ? 'moved' : 'moving';
        },
        { timeout: 20_000 },
      )
      .not.toBe('moving');
  }
}

/** /account/subscriptions/{id}/card: the sandbox's card fields in test mode. */
export class ChangeCardPage {
  constructor(readonly page: Page) {}

  static async expectOpen(page: Page): Promise<ChangeCardPage> {
    await page.waitForURL(/\/account\/subscriptions\/sub_[a-z2-7]{16}\/card/);
    await expect(page.getByRole('heading', { level: 1, name: 'Change card' })).toBeVisible();
    return new ChangeCardPage(page);
  }

  get saved(): Locator {
    return this.page.getByTestId('card-saved');
  }

  async save(number: string, expiry = '12/34', cvc = '123'): Promise<void> {
    await this.page.getByLabel('Card number').fill(number);
    await this.page.getByLabel('Expiry').fill(expiry);
    await this.page.getByLabel('CVC').fill(cvc);
    await this.page.getByRole('button', { name: 'Save card' }).click();
  }

  async backToAccount(): Promise<AccountPage> {
    await this.page.getByRole('link', { name: 'Back to your subscriptions' }).click();
    return AccountPage.expectOpen(this.page);
  }
}

/** The one page where a cancellation is confirmed. */
export class CancelSubscriptionPage {
  constructor(readonly page: Page) {}

  static async expectOpen(page: Page): Promise<CancelSubscriptionPage> {
    await expect(page.getByRole('heading', { level: 1, name: 'Cancel your subscription' })).toBeVisible();
    return new CancelSubscriptionPage(page);
  }

  async confirm(reason?: string): Promise<Locator> {
    if (reason) await this.page.getByLabel('Why are you cancelling? (optional)').selectOption(reason);
    await this.page.getByRole('button', { name: 'Confirm cancellation' }).click();
    const confirmation = this.page.getByTestId('cancel-confirmation');
    await expect(confirmation).toBeVisible();
    return confirmation;
  }
}

/** The public cancel page (/cancel): no sign-in. */
export class PublicCancelPage {
  constructor(readonly page: Page) {}

  static async expectOpen(page: Page): Promise<PublicCancelPage> {
    await expect(page.getByRole('heading', { level: 1, name: 'Cancel a subscription' })).toBeVisible();
    return new PublicCancelPage(page);
  }

  async declare(email: string, publication: string): Promise<Locator> {
    await this.page.getByLabel('Email address of the subscription').fill(email);
    await this.page.getByLabel('Publication').selectOption({ label: publication });
    await this.page.getByRole('button', { name: 'Cancel now' }).click();
    const received = this.page.getByTestId('cancel-received');
    await expect(received).toBeVisible();
    return received;
  }
}
