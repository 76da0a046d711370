import dynamic from 'next/dynamic';
import type { ComponentType } from 'react';
import type { StepId } from '@/lib/journey/steps';
import { DelayedLoader } from '@/components/ui/Loader';
import { OfferStep } from './OfferStep';
import type { StepViewProps } from './stepViewProps';

const loading = () => <DelayedLoader type="form-loading" />;

/**
 * The view of each step, keyed by the step list's ids: a listed step without one does not
 * compile. The offer page is in the first bundle; later steps load their code when reached.
 * Each `dynamic(() => import(…))` is written out here, not wrapped: Next's compiler only
 * sees a direct call, and only then preloads the step's chunk before hydrating a server-
 * rendered page (a wrapped call hydrated the loader over the server's HTML: React #418).
 */
export const STEP_VIEWS: { [K in StepId]: ComponentType<StepViewProps<K>> } = {
  campaign: OfferStep,
  cart: dynamic(() => import('./CartStep'), { loading }),
  'promo-code': dynamic(() => import('./PromoCodeStep'), { loading }),
  'credit-card': dynamic(() => import('./CreditCardStep'), { loading }),
  'amazon-pay-return': dynamic(() => import('@/components/payment-methods/amazonpay/AmazonPayReturnStep'), { loading }),
  success: dynamic(() => import('./SuccessStep'), { loading }),
  'auth-initiate': dynamic(() => import('./AuthInitiateStep'), { loading }),
  'auth-complete': dynamic(() => import('./AuthCompleteStep'), { loading }),
};
