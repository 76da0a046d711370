import type { CurrencyCode } from './currencies';
import { offerPrice, offerRenewalPrice, type PricedOffer } from './offerPrice';

export type PriceInterval = 'month' | 'year';

/**
 * What an offer costs over time, as the catalogue states it: the first period (free for a
 * trial) and what each renewal costs. Kept on quote lines and orders so that every step and
 * the invoice word the same price the offer page did.
 */
export interface PriceTerms {
  currencyCode: CurrencyCode;
  billingInterval: PriceInterval;
  /** What the first period costs, in cents: 0 for a trial. */
  firstAmount: number;
  /** What each renewal costs, in cents. */
  renewalAmount: number;
  trialOffer: boolean;
  trialDays: number | null;
}

/** The terms of a catalogue offer: today's price, then its own renewal price. */
export function priceTermsOf(
  offer: PricedOffer & { currencyCode: CurrencyCode; billingInterval: PriceInterval; trialDays: number | null },
): PriceTerms {
  return {
    currencyCode: offer.currencyCode,
    billingInterval: offer.billingInterval,
    firstAmount: offerPrice(offer),
    renewalAmount: offerRenewalPrice(offer),
    trialOffer: offer.trialOffer,
    trialDays: offer.trialDays,
  };
}

/** Whether the offer's first period costs less than its renewals: a trial or an introductory price. */
export function hasIntroductoryPrice(terms: PriceTerms): boolean {
  return terms.trialOffer || terms.firstAmount < terms.renewalAmount;
}
