import { expect, test, type Page } from '@playwright/test';
import { ConsoleGuard, type ExplainedAnswer } from './consoleGuard';
import { OfferPage } from './pages/OfferPage';
import { CartPage } from './pages/CartPage';
import { PromoCodePage } from './pages/PromoCodePage';
import { CheckoutPage, SuccessPage } from './pages/CheckoutPage';
import { signInThroughOutbox } from './support';

/**
 * Every step of every demo campaign, opened three ways, with no browser error on any visit:
 *   (a) a direct load in a fresh browser, with no cart: an explained empty or "can't show" state;
 *   (b) a reload once a real cart was filled through the page (and, for success, after a real
 *       sandbox purchase, one per campaign);
 *   (c) back then forward, from the step that follows it.
 * Only 4xx answers the page explains are allowed (success without a receipt: 403; auth/complete
 * without a valid token: 400).
 */
const CAMPAIGNS = [
  { path: '/vogue/demo-single', headline: 'Subscribe to Vogue', offer: 'Vogue Digital', trial: false, preauth: false },
  { path: '/newyorker/demo-dual', headline: 'Choose your New Yorker subscription', offer: 'Digital', trial: false, preauth: false },
  { path: '/wired/demo-trial', headline: 'Try WIRED free for 30 days', offer: 'WIRED Free Trial', trial: true, preauth: false },
  { path: '/gq/demo-gbp', headline: 'Subscribe to GQ', offer: 'GQ Digital', trial: false, preauth: false },
  { path: '/epicurious/demo-preauth', headline: 'Become an Epicurious Insider', offer: 'Epicurious Insider', trial: false, preauth: true },
] as const;

type Campaign = (typeof CAMPAIGNS)[number];

const QUERY = '?livemode=false&source=every-step';
/** Success without a receipt of this browser's payment. */
const NO_RECEIPT: ExplainedAnswer = { status: 403, path: /\/success(\.json)?$/ };
/** auth/complete without a (valid) token. */
const INVALID_LINK: ExplainedAnswer = { status: 400, path: /\/auth\/complete(\.json)?$/ };

async function signInIfGated(campaign: Campaign, page: Page, request: Parameters<typeof signInThroughOutbox>[1]): Promise<void> {
  if (campaign.preauth) await signInThroughOutbox(page, request, ...(campaign.path.slice(1).split('/') as [string, string]));
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const emptyCart = (page: Page) => page.getByRole('main').getByText('Your cart is empty.');

/** The tab's title names the step and the brand, whether the page came from the server or a client-side navigation. */
const expectTitle = (page: Page, step: string) => expect(page).toHaveTitle(new RegExp(`^${step} \\| \\S`));

async function expectOffers(page: Page, campaign: Campaign): Promise<void> {
  await expect(heading(page)).toHaveText(campaign.headline);
  await expectTitle(page, campaign.headline);
  await expect(new OfferPage(page).offer(campaign.offer).getByRole('button')).toBeEnabled();
}

async function expectCart(page: Page): Promise<void> {
  const cart = await CartPage.expectOpen(page);
  await expectTitle(page, 'Your cart');
  await expect(cart.items.first()).toBeVisible();
  await expect(cart.total).toContainText('Total today');
  await expect(page.getByRole('link', { name: 'Continue to payment' })).toBeVisible();
}

async function expectPromoCode(page: Page, applied: string | null): Promise<void> {
  const promo = await PromoCodePage.expectOpen(page);
  await expectTitle(page, 'Promo code');
  await expect(promo.field).toBeVisible();
  await expect(promo.total).toContainText('Total today');
  if (applied) await expect(page.getByText(`Promo code ${applied} applied.`)).toBeVisible();
}

async function expectPayment(page: Page, campaign: Campaign): Promise<CheckoutPage> {
  const checkout = await CheckoutPage.expectOpen(page);
  await expectTitle(page, 'Payment');
  await expect(checkout.submitButton).toHaveText(campaign.trial ? 'Start free trial' : /^Subscribe for [$£]\d+\.\d{2}$/);
  return checkout;
}

async function expectSignInForm(page: Page): Promise<void> {
  await expect(heading(page)).toHaveText('Continue with your email');
  await expect(page.getByLabel('Email')).toBeEditable();
}

async function expectInvalidLink(page: Page): Promise<void> {
  await expect(heading(page)).toHaveText('We could not sign you in');
  await expect(page.getByRole('alert').filter({ hasText: 'sign-in link' })).toHaveText(
    'This sign-in link is not valid. It may have been copied incompletely.',
  );
}

for (const campaign of CAMPAIGNS) {
  test.describe(campaign.path, () => {
    test('(a) every step opened directly, with no cart, is explained and error-free', async ({ page, request }, testInfo) => {
      // A dozen page loads, and for the pre-auth campaign a sign-in first: near the default 30 s on a busy 2-core machine.
      test.setTimeout(60_000);
      await signInIfGated(campaign, page, request);
      const guard = ConsoleGuard.attach(page, testInfo);
      const open = async (subPath: string, status: number) => {
        const response = await page.goto(`${campaign.path}${subPath}`);
        expect(response?.status(), `status of ${campaign.path}${subPath}`).toBe(status);
      };

      await guard.visit('offer page', async () => {
        await open('', 200);
        await expectOffers(page, campaign);
      });
      for (const [subPath, title] of [
        ['/cart', 'Your cart'],
        ['/promo-code', 'Promo code'],
        ['/credit-card', 'Payment'],
      ] as const) {
        await guard.visit(`${subPath.slice(1)} without a cart`, async () => {
          await open(subPath, 200);
          await expect(heading(page)).toHaveText(title);
          await expect(emptyCart(page)).toBeVisible();
          await expect(page.getByRole('link', { name: 'Choose a subscription' })).toHaveAttribute('href', campaign.path);
        });
      }
      await guard.visit(
        'success without a receipt',
        async () => {
          await open('/success', 403);
          await expect(heading(page)).toHaveText('We can’t show this order');
          await expect(page.getByText(/\b[A-Z]{2,6}-(TEST-)?\d{4}-\d{6}\b/)).toHaveCount(0);
        },
        { explained: [NO_RECEIPT] },
      );
      await guard.visit('auth/initiate', async () => {
        await open('/auth/initiate', 200);
        await expectSignInForm(page);
      });
      await guard.visit(
        'auth/complete without a token',
        async () => {
          await open('/auth/complete', 400);
          await expectInvalidLink(page);
        },
        { explained: [INVALID_LINK] },
      );
    });

    test('(b) reload with a real cart and after a real purchase, (c) back and forward on every step', async ({
      page,
      request,
    }, testInfo) => {
      test.slow(); // a whole journey with ~35 checked visits; it still takes seconds, not minutes
      await signInIfGated(campaign, page, request);
      const guard = ConsoleGuard.attach(page, testInfo);
      type Check = () => Promise<unknown>;
      const backThenForward = async (label: string, expectBack: Check, expectForward: Check, explained: ExplainedAnswer[] = []) => {
        await guard.visit(
          `${label}: back`,
          async () => {
            await page.goBack();
            await expectBack();
          },
          { explained },
        );
        await guard.visit(
          `${label}: forward`,
          async () => {
            await page.goForward();
            await expectForward();
          },
          { explained },
        );
      };
      const reload = async (label: string, expectPage: Check, status = 200, explained: ExplainedAnswer[] = []) => {
        await guard.visit(
          `${label}: reload`,
          async () => {
            const response = await page.reload();
            expect(response?.status(), `status of the reloaded ${label}`).toBe(status);
            await expectPage();
          },
          { explained },
        );
      };

      // Offer page → cart, then the offer page again by back/forward.
      await guard.visit('offer page', async () => {
        await OfferPage.open(page, campaign.path, { livemode: 'false', source: 'every-step' });
        await expectOffers(page, campaign);
      });
      await reload('offer page', () => expectOffers(page, campaign));
      await guard.visit('cart, from the offer', async () => {
        await new OfferPage(page).choose(campaign.offer);
        await expectCart(page);
      });
      await backThenForward(
        'offer page',
        () => expectOffers(page, campaign),
        () => expectCart(page),
      );
      await reload('cart', () => expectCart(page));

      // Cart → sign-in page (auth/initiate), then back to the cart by its own link.
      await guard.visit('auth/initiate, from the cart', async () => {
        await page.getByRole('link', { name: 'Email me a sign-in link' }).click();
        await page.waitForURL(/\/auth\/initiate\/cart\?/);
        await expectSignInForm(page);
      });
      await backThenForward(
        'cart',
        () => expectCart(page),
        () => expectSignInForm(page),
      );
      await reload('auth/initiate', async () => {
        await expectSignInForm(page);
        await expect(page.getByText(`Sign in to continue with ${campaign.offer}`)).toBeVisible();
      });
      await guard.visit('cart, from auth/initiate', async () => {
        await page.getByRole('link', { name: 'Back', exact: true }).click();
        await page.waitForURL(new RegExp(`${campaign.path}/cart\\?`));
        await expectCart(page);
      });
      await backThenForward(
        'auth/initiate',
        () => expectSignInForm(page),
        () => expectCart(page),
      );

      // auth/complete with the cart filled: an unusable link is explained however it is reached.
      await guard.visit(
        'auth/complete with a cart',
        async () => {
          const response = await page.goto(`${campaign.path}/auth/complete${QUERY}`);
          expect(response?.status()).toBe(400);
          await expectInvalidLink(page);
        },
        { explained: [INVALID_LINK] },
      );
      await reload('auth/complete', () => expectInvalidLink(page), 400, [INVALID_LINK]);
      await guard.visit('auth/initiate, from auth/complete', async () => {
        await page.getByRole('link', { name: 'Email me a new link' }).click();
        await page.waitForURL(new RegExp(`${campaign.path}/auth/initiate\\?`));
        await expectSignInForm(page);
      });
      await backThenForward(
        'auth/complete',
        () => expectInvalidLink(page),
        () => expectSignInForm(page),
        [INVALID_LINK],
      );

      // Cart → promo code (a code applied where one can be), then back/forward and a reload.
      await guard.visit('cart, again', async () => {
        await page.goto(`${campaign.path}/cart${QUERY}`);
        await expectCart(page);
      });
      await guard.visit('promo code, from the cart', async () => {
        await new CartPage(page).openPromoCode();
        await expectPromoCode(page, null);
      });
      await backThenForward(
        'cart',
        () => expectCart(page),
        () => expectPromoCode(page, null),
      );
      const code = campaign.trial ? null : 'SAVE20';
      if (code) {
        await guard.visit('promo code applied', async () => {
          await new PromoCodePage(page).apply(code);
          await expectPromoCode(page, code);
        });
      }
      await reload('promo code', () => expectPromoCode(page, code));

      // Promo code → payment, back/forward, then a reload keeps the billing details but never the card.
      await guard.visit('payment, from the promo code', async () => {
        await page.getByRole('link', { name: 'Continue to payment' }).click();
        await expectPayment(page, campaign);
      });
      await backThenForward(
        'promo code',
        () => expectPromoCode(page, code),
        () => expectPayment(page, campaign),
      );
      const checkout = new CheckoutPage(page);
      await checkout.fillBilling({ email: `every-step.${Date.now()}@example.com` });
      const email = await page.getByLabel('Email').inputValue();
      await checkout.fillCard('4242 4242 4242 4242');
      await reload('payment', async () => {
        await expectPayment(page, campaign);
        await expect(page.getByLabel('Email')).toHaveValue(email);
        await expect(page.getByLabel('First name')).toHaveValue('Ada');
        await expect(page.getByLabel('Card number')).toHaveValue('');
      });

      // A real sandbox purchase: the success page, its reload, and back/forward around it.
      await guard.visit('success, after paying', async () => {
        await checkout.fillCard('4242 4242 4242 4242');
        await checkout.submit();
        const success = await SuccessPage.expectOpen(page);
        await expect(success.invoiceHeading).toBeVisible();
      });
      const expectInvoice = async () => {
        const success = await SuccessPage.expectOpen(page);
        await expect(success.invoiceHeading).toBeVisible();
        await expect(page.getByRole('main')).toContainText(`We have sent a confirmation to ${email}.`);
      };
      await reload('success', expectInvoice);
      // The order is paid and the cart emptied: the payment step says so instead of selling it again.
      await backThenForward(
        'payment',
        async () => {
          await expect(heading(page)).toHaveText('Payment');
          await expect(page.getByRole('main').getByText('Your order is complete: there is nothing more to pay.')).toBeVisible();
          await expect(page.getByRole('link', { name: 'See your order' })).toHaveAttribute('href', `${campaign.path}/success${QUERY}`);
        },
        expectInvoice,
      );
      if (campaign.preauth) {
        // Signed in already: no sign-in link on the success page; the visitor goes to the offers.
        await guard.visit('offer page, from success', async () => {
          await page.goto(`${campaign.path}${QUERY}`);
          await expectOffers(page, campaign);
        });
        await backThenForward('success', expectInvoice, () => expectOffers(page, campaign));
      } else {
        await guard.visit('auth/initiate, from success', async () => {
          await page.getByRole('link', { name: 'Email me a sign-in link' }).click();
          await page.waitForURL(/\/auth\/initiate\/success\?/);
          await expectSignInForm(page);
        });
        await backThenForward('success', expectInvoice, () => expectSignInForm(page));
      }
    });
  });
}
