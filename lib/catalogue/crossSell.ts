import type { Offer } from './types';

/** Parent id "0" links a cross-sell to every offer (SPEC §3). */
export const ALL_OFFERS_PARENT_ID = '0';

/** The cross-sell offers that may be added beside the chosen offer. */
export function crossSellsFor(chosenOfferId: string, crossSells: readonly Offer[]): Offer[] {
  return crossSells.filter((offer) => {
    const parentId = offer.appliesIf?.parentOffer.id;
    return parentId === ALL_OFFERS_PARENT_ID || parentId === chosenOfferId;
  });
}
