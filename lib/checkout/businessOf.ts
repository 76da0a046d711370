import type { BusinessDetails } from '@/lib/subscriptions/subscription';
import type { Billing } from './billing';

/** A business buyer's company as its subscription keeps it: its VAT number unverified, to be checked by finance. */
export function businessOf(customer: Pick<Billing, 'country' | 'company'>): BusinessDetails | null {
  const { company } = customer;
  if (!company) return null;
  const vatNumber = company.vatNumber ?? null;
  return { companyName: company.name, vatNumber, country: customer.country, vatStatus: vatNumber ? 'unverified' : null };
}
