import { describe, expect, it } from 'vitest';
import taxData from '@/data/tax-rates.json';
import { pricesIncludeTax } from './marketTax';
import { taxTableOf } from './tax';

const TAX_RATES = taxTableOf(taxData.rates);

describe('pricesIncludeTax', () => {
  it('is true where VAT is inside the price, false where a sales tax is added', () => {
    expect(pricesIncludeTax(TAX_RATES, 'de-DE')).toBe(true);
    expect(pricesIncludeTax(TAX_RATES, 'fr-FR')).toBe(true);
    expect(pricesIncludeTax(TAX_RATES, 'en-GB')).toBe(true);
    expect(pricesIncludeTax(TAX_RATES, 'en-US')).toBe(false);
    expect(pricesIncludeTax(TAX_RATES, 'en-CA')).toBe(false);
    expect(pricesIncludeTax(TAX_RATES, 'fr-CA')).toBe(false);
  });
});
