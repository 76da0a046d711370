import { taxRateFor, type TaxTable } from './tax';

/**
 * Whether the prices of a campaign's market already hold their tax (VAT in the EU and the
 * UK), so that its pages say "including VAT"; the market is the locale's region ("de-DE" → DE).
 */
export function pricesIncludeTax(table: TaxTable, locale: string): boolean {
  const country = locale.split('-')[1];
  return country ? taxRateFor(table, country).inclusive : false;
}
