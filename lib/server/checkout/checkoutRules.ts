import mandateData from '@/data/mandates.json';
import taxData from '@/data/tax-rates.json';
import type { MandateList } from '../../geo/mandates';
import type { TaxTable } from '../../pricing/tax';

/** The rule tables the checkout applies, shipped as data beside the catalogue. */
export const MANDATES: MandateList = mandateData.mandates;
export const TAX_RATES: TaxTable = taxData.rates;
