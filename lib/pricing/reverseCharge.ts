import { EU_COUNTRIES } from '@/lib/geo/euCountries';
import type { TaxRate, VatExemption } from './tax';

const inEu = (country: string | null | undefined): country is string => !!country && (EU_COUNTRIES as readonly string[]).includes(country);

/** What decides whether a sale to a business is without VAT: who buys, who sells, and where goods go. */
export interface BusinessSale {
  /** The buyer's company (lib/subscriptions/subscription.ts BusinessDetails); null for a private buyer. */
  business: { country: string; vatNumber: string | null; vatStatus: string | null } | null;
  /** The seller's country (data/sellers.json); null where no seller is named. */
  sellerCountry: string | null;
  /** Where goods (print) are delivered; null for a service (digital). */
  deliveryCountry: string | null;
}

/**
 * Why a sale is without VAT, or null where VAT is charged as for any buyer. Only a VAT
 * number finance has verified counts (nothing can be checked online here), and only between
 * two member states: a service to a business established in another one is reverse-charged
 * (Art. 196); goods dispatched to another one are an exempt intra-Community supply (Art. 138).
 * A sale within the seller's own country, or from or to outside the EU, keeps its VAT.
 */
export function vatExemptionOf({ business, sellerCountry, deliveryCountry }: BusinessSale, goods: boolean): VatExemption | null {
  if (!business?.vatNumber || business.vatStatus !== 'verified') return null;
  if (!inEu(sellerCountry) || !inEu(business.country) || business.country === sellerCountry) return null;
  if (!goods) return 'reverse-charge';
  return inEu(deliveryCountry) && deliveryCountry !== sellerCountry ? 'intra-community-supply' : null;
}

/** Whether a sale would be without VAT once the business's number is verified: what the checkout and the account tell it beforehand. */
export const exemptWhenVerified = (sale: BusinessSale, goods: boolean): boolean =>
  sale.business !== null &&
  vatExemptionOf({ ...sale, business: { ...sale.business, vatNumber: 'given', vatStatus: 'verified' } }, goods) !== null;

/** The zero rate of a sale without VAT, keeping what `rate` includes in prices, so that they are charged net of it (netOfVat). */
export function exemptRate(rate: TaxRate, ground: VatExemption): TaxRate {
  return {
    rate: 0,
    inclusive: false,
    components: [{ kind: 'vat', rate: 0 }],
    exemption: { ground, includedRate: rate.inclusive ? rate.rate : 0 },
  };
}

/**
 * A price as a sale without VAT charges it, in whole cents: a price that holds VAT for any
 * other buyer is charged without it (€9.99 with 19 % is €8.39), one without VAT as it is.
 */
export function netOfVat(amountCents: number, rate: Pick<TaxRate, 'exemption'>): number {
  const included = rate.exemption?.includedRate ?? 0;
  return included > 0 ? Math.round(amountCents / (1 + included)) : amountCents;
}
