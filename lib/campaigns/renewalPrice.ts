import type { CatalogueFile } from '@/lib/catalogue/catalogueFile';
import { offerRenewalPrice } from '@/lib/pricing/offerPrice';

type FileOffer = CatalogueFile['offers'][number];

/** What the offer's subscribers pay at each renewal, in cents. */
export const renewalAmountOf = (offer: FileOffer): number => offerRenewalPrice(offer);

/**
 * The offer with a new renewal price: the field its renewals are charged from (a trial's later
 * price where it states one, else the full price). A first-period price above the new full
 * price is the schema's to refuse.
 */
export function withRenewalAmount(offer: FileOffer, amount: number): FileOffer {
  if (offer.trialOffer && offer.discountedAmount !== null) return { ...offer, discountedAmount: amount };
  return { ...offer, totalAmount: amount };
}
