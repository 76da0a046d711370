import type { ComponentType } from 'react';
import type { AvailableStepId } from '@/lib/journey/steps';
import type { CheckoutFlow, Offer } from '@/lib/catalogue/types';
import type { JourneyMode } from '@/lib/journey/query';
import type { TransactionView } from '@/lib/checkout/transactionView';
import type { PaymentsConfig } from '@/lib/server/payments/paymentsConfig';
import { dynamicWithLoader } from '../ui/dynamicWithLoader';
import { OfferStep } from './OfferStep';

export interface StepProps {
  flow: CheckoutFlow;
  base: string;
  search: string;
  mode: JourneyMode;
  /** The brand's cross-sell offers (cart step only; empty elsewhere). */
  crossSells: Offer[];
  /** The visitor's own transaction (success step only). */
  transaction: TransactionView | null;
  /** How the card step takes payments (card step only). */
  payments: PaymentsConfig | null;
  /** Segments after auth/initiate: the page to return to (auth steps only). */
  returnSegments: string[];
  /** Why a sign-in link did not work (auth/complete only). */
  authError: 'invalid' | 'expired' | 'used' | null;
}

/**
 * The component of each step. The offer page is in the first bundle; later steps load
 * their code when the visitor reaches them, so the offer page stays light.
 */
export const STEP_COMPONENTS: Record<AvailableStepId, ComponentType<StepProps>> = {
  campaign: OfferStep,
  cart: dynamicWithLoader(() => import('./CartStep')),
  'promo-code': dynamicWithLoader(() => import('./PromoCodeStep')),
  'credit-card': dynamicWithLoader(() => import('./CreditCardStep')),
  success: dynamicWithLoader(() => import('./SuccessStep')),
  'auth-initiate': dynamicWithLoader(() => import('./AuthInitiateStep')),
  'auth-complete': dynamicWithLoader(() => import('./AuthCompleteStep')),
};
