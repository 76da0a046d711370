import type { Billing } from '@/lib/checkout/billing';
import { addressLines } from '@/lib/geo/addressFormat';
import { countryList } from '@/lib/geo/countries';
import { regionName } from '@/lib/geo/regions';
import type { Language } from '@/lib/i18n/locales';

/** Whom an invoice is made out to, as it prints: the buyer's name and billing address, line by line. */
export interface BilledTo {
  name: string;
  address: string[];
}

/**
 * The billing name and address of an order, as given on the payment step: a business's
 * company, the street
 * address where one was asked for (print offers), then the state or province where the
 * country has them, then the country, both named in the page's language. Computed on the
 * server, so that the success page's script does not carry the lists of names.
 */
export function billedTo(
  billing: Pick<Billing, 'firstName' | 'lastName' | 'country' | 'region' | 'address' | 'company'>,
  language: Language = 'en',
): BilledTo {
  const region = regionName(billing.country, billing.region, language);
  const country = countryList(language).find((candidate) => candidate.code === billing.country)?.name ?? billing.country;
  const { address } = billing;
  // An address as an envelope of its country shows it ("10117 Berlin", "New York, NY 10007"); without one, the state and country.
  const lines = address
    ? addressLines(
        { ...address, country: billing.country, ...(billing.region ? { region: billing.region } : {}) },
        { countryName: country },
      )
    : [region, country];
  return {
    name: `${billing.firstName} ${billing.lastName}`,
    // A business buyer's company first, as an envelope names it.
    address: [billing.company?.name ?? null, ...lines].filter((line): line is string => Boolean(line)),
  };
}
