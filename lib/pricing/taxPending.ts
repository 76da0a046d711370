import type { MessageDescriptor } from '@/lib/i18n/messageKey';
import { regionsOf } from '@/lib/geo/regions';

/**
 * What the tax row says while the buyer's location is not complete: what is missing, the
 * country, or (in a country taxed by state or province) the state or province.
 */
export function taxPendingNote(billing: { country: string; region: string }): MessageDescriptor {
  return { id: 'order.tax.pending', values: { missing: placeMissing(billing) } };
}

/** What the express row says while its wallets wait for the same place. */
export function expressWaitsNote(billing: { country: string; region: string }): MessageDescriptor {
  return { id: 'methods.express.waitsForPlace', values: { missing: placeMissing(billing) } };
}

function placeMissing(billing: { country: string; region: string }): 'country' | 'state' | 'province' {
  const regions = regionsOf(billing.country);
  const regionMissing = billing.country !== '' && regions.length > 0 && !regions.some((region) => region.code === billing.region);
  return !regionMissing ? 'country' : billing.country === 'CA' ? 'province' : 'state';
}
