import type { MessageDescriptor } from '@/lib/i18n/messageKey';
import { regionsOf } from '@/lib/geo/regions';

/** The buyer's place as the payment step's form has it, with a print order's own delivery place. */
interface PlaceForm {
  country: string;
  region: string;
  deliveryCountry?: string;
  deliveryRegion?: string;
}

/**
 * What the tax row says while the place the order is taxed at is not complete: what is
 * missing, the country, or (in a country taxed by state or province) the state or province;
 * for print delivered elsewhere (`deliveryElsewhere`), the delivery's state or province.
 */
export function taxPendingNote(form: PlaceForm, deliveryElsewhere = false): MessageDescriptor {
  return { id: 'order.tax.pending', values: { missing: placeMissing(form, deliveryElsewhere) } };
}

/** What the express row says while its wallets wait for the same place. */
export function expressWaitsNote(form: PlaceForm, deliveryElsewhere = false): MessageDescriptor {
  return { id: 'methods.express.waitsForPlace', values: { missing: placeMissing(form, deliveryElsewhere) } };
}

type Missing = 'country' | 'state' | 'province' | 'deliveryState' | 'deliveryProvince';

function regionMissing(country: string, region: string | undefined): boolean {
  const regions = regionsOf(country);
  return country !== '' && regions.length > 0 && !regions.some((candidate) => candidate.code === region);
}

function placeMissing(form: PlaceForm, deliveryElsewhere: boolean): Missing {
  if (form.country === '') return 'country';
  if (regionMissing(form.country, form.region)) return form.country === 'CA' ? 'province' : 'state';
  const deliveryCountry = form.deliveryCountry || form.country;
  if (deliveryElsewhere && regionMissing(deliveryCountry, form.deliveryRegion))
    return deliveryCountry === 'CA' ? 'deliveryProvince' : 'deliveryState';
  return 'country';
}
