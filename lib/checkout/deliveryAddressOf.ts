import type { PostalAddress } from '@/lib/geo/addressFormat';
import type { Billing } from './billing';

/**
 * Where a print order goes: the delivery address given, else the billing address, with its
 * country and region. A delivery address without a country (an order kept before delivery
 * addresses had one, or an API client from then) is in the billing country and region.
 */
export function deliveryAddressOf(customer: Pick<Billing, 'country' | 'region' | 'address' | 'deliveryAddress'>): PostalAddress | null {
  const given = customer.deliveryAddress ?? customer.address;
  if (!given) return null;
  const { line1, city, postalCode } = given;
  const own = customer.deliveryAddress?.country !== undefined ? customer.deliveryAddress : null;
  const country = own ? own.country! : customer.country;
  const region = own ? own.region : customer.region;
  return { line1, city, postalCode, country, ...(region ? { region } : {}) };
}
