import type { OperatorView } from './backOfficeViews';

/** A business subscriber's VAT number waiting for finance's check. */
export interface VatReviewView {
  subscriptionId: string;
  brandSlug: string;
  offerName: string;
  livemode: boolean;
  /** The subscriber's e-mail address (the owner's, else the billing one). */
  email: string;
  companyName: string;
  vatNumber: string;
  country: string;
  /** When it was given or last changed (an ISO instant). */
  since: string;
}

export interface VatReviewPageProps {
  operator: OperatorView;
  reviews: VatReviewView[];
}

export type VatDecision = 'verified' | 'rejected';
