import mandateData from '@/data/mandates.json';
import taxData from '@/data/tax-rates.json';
import type { MandateList } from '@/lib/geo/mandates';
import { taxTableOf, type TaxTable } from '@/lib/pricing/tax';

/** The rule tables the checkout applies, shipped as data beside the catalogue. */
export const MANDATES: MandateList = mandateData.mandates;
/** A kind without words or a rate out of bounds is refused here, and by tax.test.ts's check of the shipped table. */
export const TAX_RATES: TaxTable = taxTableOf(taxData.rates);
