import { describe, expect, it } from 'vitest';
import type { CatalogueSnapshot } from '@/lib/server/catalogue/CatalogueRepository';
import { demoSnapshot } from '@/tests/fixtures/demoSnapshot';
import { stepPage } from '@/tests/fixtures/journeyViews';
import { ORDERED_OFFERS, transactionFixture } from '@/tests/fixtures/transactions';
import type { JourneyPageProps } from './viewModels';
import { fallbackWords } from '@/lib/i18n/words';
import { serverWords } from '@/lib/server/i18n/pageI18n';
import { authInitiateHeading, stepTitle } from './stepTitle';

const snapshot: CatalogueSnapshot = await demoSnapshot();

const PATH = 'newyorker/demo-dual';
const order = { order: null, notice: null, paidOrder: false };
const success = (transaction: ReturnType<typeof transactionFixture> | null) => ({
  transaction,
  signedIn: false,
  trackingSessionId: null,
  billedTo: null,
  readingUrl: null,
});
const paid = transactionFixture(ORDERED_OFFERS.vogueDigital, 2500);

/** Each step's page, as its loader would hand it to the view: the title is the step's, whichever step came first. */
const PAGES: [string, () => JourneyPageProps, string][] = [
  [
    'the offer page',
    () => stepPage(snapshot, PATH, 'campaign', {}),
    `${snapshot.flowsByPath.get(PATH)!.data.pageData.headline} | The New Yorker`,
  ],
  ['the cart', () => stepPage(snapshot, PATH, 'cart', { ...order, alreadySubscribed: false }), 'Your cart | The New Yorker'],
  ['the promo-code step', () => stepPage(snapshot, PATH, 'promo-code', order), 'Promo code | The New Yorker'],
  [
    'the payment step',
    () =>
      stepPage(snapshot, PATH, 'credit-card', {
        ...order,
        paymentMethods: [],
        signedInEmail: null,
        today: '2026-11-21',
        returnedFailure: null,
        trackingSessionId: null,
        arrivalLocation: null,
        countries: '',
      }),
    'Payment | The New Yorker',
  ],
  ['the Amazon Pay return', () => stepPage(snapshot, PATH, 'amazon-pay-return', { message: 'x' }), 'Amazon Pay | The New Yorker'],
  ['a paid order', () => stepPage(snapshot, PATH, 'success', success(paid)), 'Thank you | The New Yorker'],
  [
    'an order not paid',
    () => stepPage(snapshot, PATH, 'success', success({ ...paid, status: 'failed' })),
    'Payment not complete | The New Yorker',
  ],
  ['no order to show', () => stepPage(snapshot, PATH, 'success', success(null)), 'Order | The New Yorker'],
  [
    'the sign-in page',
    () =>
      stepPage(
        snapshot,
        PATH,
        'auth-initiate',
        { returnSegments: [], offerName: null, signedIn: false, prefillEmail: null },
        { search: '?method=sign-in' },
      ),
    'Sign in to The New Yorker | The New Yorker',
  ],
  [
    'the e-mail page',
    () => stepPage(snapshot, PATH, 'auth-initiate', { returnSegments: [], offerName: null, signedIn: false, prefillEmail: null }),
    'Continue with your email | The New Yorker',
  ],
  [
    'a sign-in link opened',
    () => stepPage(snapshot, PATH, 'auth-complete', { authError: null, confirmEmail: 'ada@example.com' }),
    'Sign-in link | The New Yorker',
  ],
];

describe('stepTitle', () => {
  it.each(PAGES)('%s', (_name, page, title) => {
    expect(stepTitle(page(), fallbackWords())).toBe(title);
  });

  it('differs on every step a visitor moves between on the client', () => {
    const titles = PAGES.slice(0, 4).map(([, page]) => stepTitle(page(), fallbackWords()));
    expect(new Set(titles).size).toBe(titles.length);
  });
});

describe('authInitiateHeading', () => {
  it.each([
    ['?method=sign-in&livemode=false', 'Sign in to Vogue'],
    ['?method=magic-link', 'Continue with your email'],
    ['', 'Continue with your email'],
  ])('%s: %s', (search, heading) => {
    expect(fallbackWords().say(authInitiateHeading(search, 'Vogue'))).toBe(heading);
  });
});

describe('stepTitle in German and French', () => {
  it.each([
    ['de-DE', 'Ihr Warenkorb | The New Yorker', 'Bei The New Yorker anmelden | The New Yorker'],
    ['fr-FR', 'Votre panier | The New Yorker', 'Se connecter à The New Yorker | The New Yorker'],
  ])('%s: %s, %s', (locale, cart, signIn) => {
    const words = serverWords(locale);
    expect(stepTitle(stepPage(snapshot, PATH, 'cart', { ...order, alreadySubscribed: false }), words)).toBe(cart);
    const auth = { returnSegments: [], offerName: null, signedIn: false, prefillEmail: null };
    expect(stepTitle(stepPage(snapshot, PATH, 'auth-initiate', auth, { search: '?method=sign-in' }), words)).toBe(signIn);
  });
});
