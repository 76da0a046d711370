import type { CheckoutFlow, Offer } from '../catalogue/types';
import type { TransactionView } from '../checkout/transactionView';
import type { PublicTrackingEnv } from '../config/publicEnv';
import type { PaymentsConfig } from '../server/payments/paymentsConfig';
import type { AvailableStepId } from './steps';
import type { JourneyMode } from './query';

/** What the journey route hands to its page: the step to show and everything it needs. */
export interface JourneyPageProps {
  kind: 'journey';
  location: { base: string; step: AvailableStepId; returnSegments: string[] };
  mode: JourneyMode;
  /** The query string to keep when moving between steps ("" or "?source=…"). */
  search: string;
  flow: CheckoutFlow;
  /** The brand's cross-sell offers, on the cart step only (the offer page does not need them). */
  crossSells: Offer[];
  /** The visitor's own transaction, on the success step only; null where there is none to show. */
  transaction: TransactionView | null;
  /** How the card step takes payments: the sandbox, or Stripe with the mode's publishable key. */
  payments: PaymentsConfig | null;
  /** Why a sign-in link did not work (auth/complete only). */
  authError: 'invalid' | 'expired' | 'used' | null;
  /** Where the page's events go and which consent manager and tag manager it loads. */
  tracking: PublicTrackingEnv;
}

/** A request the journey refuses (a malformed query, a wrong method): the page says why. */
export interface RefusedPageProps {
  kind: 'refused';
  status: 400 | 405;
  message: string;
}

export type JourneyRouteProps = JourneyPageProps | RefusedPageProps;
