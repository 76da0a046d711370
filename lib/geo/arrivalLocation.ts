import { isListedCountry } from './countryCodes';
import { regionsOf } from './regions';

/**
 * What told the server where a visitor is: the edge's geolocation headers (a CDN's), the
 * client address in the offline IP database, or the region of the browser's language.
 */
export type ArrivalSource = 'edge' | 'address' | 'language';

/** A country of countryList() and, where regions.ts lists its regions, one of them (or null). */
export interface ListedLocation {
  country: string;
  region: string | null;
}

/** Where the visitor seems to be on arrival at the payment step: a guess the buyer may change. */
export interface ArrivalLocation extends ListedLocation {
  source: ArrivalSource;
}

/**
 * A country code and region code as someone else wrote them (a header, a database), as the
 * form's selects would take them: null unless the country is one we sell to; the region only
 * where the country has regions and this is one of them (`CA` or `US-CA` for California).
 */
export function listedLocation(country: string, region: string | null = null): ListedLocation | null {
  const code = country.trim().toUpperCase();
  if (!isListedCountry(code)) return null;
  const subdivision = region?.trim().toUpperCase().replace(`${code}-`, '') ?? '';
  return { country: code, region: regionsOf(code).some((known) => known.code === subdivision) ? subdivision : null };
}

/** Whether a location prices an order: its country has no regions, or its region is known. */
export function isPriceable(location: ListedLocation): boolean {
  return regionsOf(location.country).length === 0 || location.region !== null;
}

/**
 * The country and region the payment form starts with ('' for none): the buyer's own, as the
 * cart keeps it, once chosen; else where the visitor arrived from.
 */
export function startingLocation(
  chosen: { country: string | null; region: string | null },
  arrival: ArrivalLocation | null,
): { country: string; region: string } {
  if (chosen.country) return { country: chosen.country, region: chosen.region ?? '' };
  return { country: arrival?.country ?? '', region: arrival?.region ?? '' };
}
