import type { StepId } from './steps';
import type { JourneyPageProps, StepPage } from './viewModels';

/** auth/initiate's heading: signing in (?method=sign-in), or giving an address to go on with. */
export function authInitiateHeading(search: string, brandName: string): string {
  return new URLSearchParams(search).get('method') === 'sign-in' ? `Sign in to ${brandName}` : 'Continue with your email';
}

/** What each step's page is called, from its own props: a listed step without one does not compile. */
const STEP_NAMES: { [K in StepId]: (page: StepPage<K>) => string } = {
  campaign: (page) => page.flow.data.pageData.headline,
  cart: () => 'Your cart',
  'promo-code': () => 'Promo code',
  'credit-card': () => 'Payment',
  'amazon-pay-return': () => 'Amazon Pay',
  success: ({ view }) => (!view.transaction ? 'Order' : view.transaction.status === 'succeeded' ? 'Thank you' : 'Payment not complete'),
  'auth-initiate': (page) => authInitiateHeading(page.search, page.flow.brandName),
  'auth-complete': () => 'Sign-in link',
};

/**
 * The tab's title of a journey page, "Promo code | The New Yorker": derived from the step
 * being shown, so that the frame sets it on every move between steps, client-side ones
 * included, and not only on the page the server rendered.
 */
export function stepTitle(page: JourneyPageProps): string {
  const name = (STEP_NAMES[page.step] as (page: JourneyPageProps) => string)(page);
  return `${name} | ${page.flow.brandName}`;
}
