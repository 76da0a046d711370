import type { MessageDescriptor } from '@/lib/i18n/messageKey';
import { regionsOf } from '@/lib/geo/regions';

/**
 * What the tax row says while the buyer's location is not complete: what is missing, the
 * country, or (in a country taxed by state or province) the state or province.
 */
export function taxPendingNote(billing: { country: string; region: string }): MessageDescriptor {
  const regions = regionsOf(billing.country);
  const regionMissing = billing.country !== '' && regions.length > 0 && !regions.some((region) => region.code === billing.region);
  const missing = !regionMissing ? 'country' : billing.country === 'CA' ? 'province' : 'state';
  return { id: 'order.tax.pending', values: { missing } };
}
