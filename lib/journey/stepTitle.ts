import type { MessageDescriptor } from '@/lib/i18n/messageKey';
import type { Words } from '@/lib/i18n/words';
import type { StepId } from './steps';
import type { JourneyPageProps, StepPage } from './viewModels';

/** auth/initiate's heading: signing in (?method=sign-in), or giving an address to go on with. */
export function authInitiateHeading(search: string, brandName: string): MessageDescriptor {
  return new URLSearchParams(search).get('method') === 'sign-in'
    ? { id: 'common.title.signIn', values: { brand: brandName } }
    : { id: 'common.title.continueWithEmail' };
}

/**
 * What each step's page is called, from its own props: a listed step without one does not
 * compile. The names are in `common`, which every page carries: on a client-side move the
 * step shown may be a step behind the page's words.
 */
const STEP_NAMES: { [K in StepId]: (page: StepPage<K>, words: Words) => string } = {
  campaign: (page) => page.flow.data.pageData.headline,
  cart: (_page, { t }) => t('common.title.cart'),
  'promo-code': (_page, { t }) => t('common.title.promoCode'),
  'credit-card': (_page, { t }) => t('common.title.payment'),
  'amazon-pay-return': (_page, { t }) => t('common.title.amazonPay'),
  success: ({ view }, { t }) =>
    t(
      !view.transaction
        ? 'common.title.order'
        : view.transaction.status === 'succeeded'
          ? 'common.title.thankYou'
          : 'common.title.paymentNotComplete',
    ),
  'auth-initiate': (page, words) => words.say(authInitiateHeading(page.search, page.flow.brandName)),
  'auth-complete': (_page, { t }) => t('common.title.signInLink'),
};

/**
 * The tab's title of a journey page, "Promo code | The New Yorker": derived from the step
 * being shown, so that the frame sets it on every move between steps, client-side ones
 * included, and not only on the page the server rendered.
 */
export function stepTitle(page: JourneyPageProps, words: Words): string {
  const name = (STEP_NAMES[page.step] as (page: JourneyPageProps, words: Words) => string)(page, words);
  return words.t('common.title.page', { name, brand: page.flow.brandName });
}
