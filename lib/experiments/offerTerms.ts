import type { CatalogueFile } from '@/lib/catalogue/catalogueFile';

type FileOffer = CatalogueFile['offers'][number];

/** What a buyer pays and renews at: two variants may word an offer differently, never price it differently. */
const TERMS = ['currencyCode', 'totalAmount', 'discountedAmount', 'billingInterval', 'trialOffer', 'trialDays'] as const;

/**
 * Why a variant cannot sell its offers as they are: one of them has the id of an offer the
 * catalogue sells at other terms. Renewals read an offer's price from the catalogue by its
 * id, so a buyer of the variant would renew at the other price: a variant that tries a price
 * gives it an offer of its own (a new plan in the editor). [] when none does.
 */
export function offerTermsChange(catalogue: readonly FileOffer[], variant: readonly FileOffer[]): string[] {
  const known = new Map(catalogue.map((offer) => [offer.id, offer]));
  return variant.flatMap((offer) => {
    const current = known.get(offer.id);
    if (!current) return [];
    const changed = TERMS.filter((term) => (current[term] ?? null) !== (offer[term] ?? null));
    return changed.length === 0
      ? []
      : [
          `changes ${changed.join(', ')} of offer ${offer.id} ("${current.name}"), which the catalogue sells as it is: give the new price a plan of its own`,
        ];
  });
}
