/** The price fields of an offer that decide what the visitor pays today. */
export interface PricedOffer {
  totalAmount: number;
  discountedAmount: number | null;
  trialOffer: boolean;
}

/** What the visitor pays today, in cents: trial offers cost 0 (SPEC §5). */
export function offerPrice(offer: PricedOffer): number {
  if (offer.trialOffer) return 0;
  return offer.discountedAmount ?? offer.totalAmount;
}

/**
 * The full price to show struck through beside the price, when it is higher. A trial
 * shows none: its later price is stated in its terms, not as a saving.
 */
export function offerFullPrice(offer: PricedOffer): number | null {
  if (offer.trialOffer) return null;
  const price = offerPrice(offer);
  return price < offer.totalAmount ? offer.totalAmount : null;
}

/**
 * What each renewal costs, in cents: the full price, since a discount is an introductory
 * price for the first period. A trial's later price is its discounted amount when it has
 * one (the price its terms state), else its full price.
 */
export function offerRenewalPrice(offer: PricedOffer): number {
  if (offer.trialOffer) return offer.discountedAmount ?? offer.totalAmount;
  return offer.totalAmount;
}
