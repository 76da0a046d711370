import { regionsOf } from '@/lib/geo/regions';

/** Where the buyer is, as far as the form says: null until a country (and its region, where it has regions) is chosen. */
export interface BuyerLocation {
  locationKnown: boolean;
  country: string | null;
  region: string | null;
}

/** The buyer's location prices the order (tax, renewal rules): it joins the cart once known. */
export function buyerLocation(billing: { country: string; region: string }): BuyerLocation {
  const regions = regionsOf(billing.country);
  const regionChosen = regions.some((region) => region.code === billing.region);
  const locationKnown = billing.country !== '' && (regions.length === 0 || regionChosen);
  return {
    locationKnown,
    country: locationKnown ? billing.country : null,
    region: locationKnown && regionChosen ? billing.region : null,
  };
}
