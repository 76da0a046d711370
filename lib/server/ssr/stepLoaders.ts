import type { StepId } from '@/lib/journey/steps';
import type { StepLoader } from './stepLoader';
import { loadAmazonPayReturn } from '@/lib/server/payments/amazonpay/amazonPayReturnLoader';
import { loadAuthComplete } from './steps/authCompleteLoader';
import { loadAuthInitiate } from './steps/authInitiateLoader';
import { loadCampaign } from './steps/campaignLoader';
import { loadCart } from './steps/cartLoader';
import { loadCreditCard } from './steps/creditCardLoader';
import { loadPromoCode } from './steps/promoCodeLoader';
import { loadSuccess } from './steps/successLoader';

/** Each step's server loader, keyed by the step list's ids: a listed step without one does not compile. */
export const STEP_LOADERS: { [K in StepId]: StepLoader<K> } = {
  campaign: loadCampaign,
  cart: loadCart,
  'promo-code': loadPromoCode,
  'credit-card': loadCreditCard,
  'amazon-pay-return': loadAmazonPayReturn,
  success: loadSuccess,
  'auth-initiate': loadAuthInitiate,
  'auth-complete': loadAuthComplete,
};
