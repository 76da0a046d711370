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
