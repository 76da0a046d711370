import mandateData from '@/data/mandates.json';
import taxData from '@/data/tax-rates.json';
import type { MandateList } from '@/lib/geo/mandates';
import type { TaxTable } from '@/lib/pricing/tax';

/** The rule tables the checkout applies, shipped as data beside the catalogue. */
export const MANDATES: MandateList = mandateData.mandates;
export const TAX_RATES: TaxTable = taxData.rates;
