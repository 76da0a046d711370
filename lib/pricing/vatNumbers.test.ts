import { describe, expect, it } from 'vitest';
import catalogue from '@/data/demo-catalogue.json';
import sellersFile from '@/data/sellers.json';
import { marketOf } from '@/lib/invoices/seller';
import { EU_COUNTRIES, hasVatNumbers, normalVatNumber, vatNumberExample } from './vatNumbers';

describe('VAT numbers', () => {
  it.each([
    ['DE', ['DE123456789', 'de 123 456 789', '123456789'], ['DE12345678', 'FR12345678901', 'DE1234567890']],
    ['FR', ['FR12345678901', 'FR AB 123456789', 'fr-40-303265045'], ['FR1234567890', 'FRIO123456789']],
    ['GB', ['GB123456789', 'GB 123 4567 89 012', 'GBGD001'], ['GB12345678', 'GBGD500']],
    ['AT', ['ATU12345678', 'U12345678'], ['AT12345678']],
    ['NL', ['NL123456789B01'], ['NL123456789']],
    ['GR', ['EL123456789', '123456789'], ['GR123456789']],
    ['IE', ['IE1234567WA', 'IE1A23456W'], ['IE12345678']],
    ['CH', ['CHE-123.456.789 MWST', 'CHE123456789'], ['CH123456789']],
  ])('%s takes its own shapes, however typed, and refuses others', (country, good, bad) => {
    for (const typed of good) expect(normalVatNumber(country, typed), typed).not.toBeNull();
    for (const typed of bad) expect(normalVatNumber(country, typed), typed).toBeNull();
  });

  it('keeps a number as VIES writes it: its prefix, no spaces', () => {
    expect(normalVatNumber('DE', ' de 123.456.789 ')).toBe('DE123456789');
    expect(normalVatNumber('GR', '123456789')).toBe('EL123456789');
    expect(normalVatNumber('CH', 'che-123.456.789 mwst')).toBe('CHE123456789MWST');
  });

  it('gives an example that has its own shape, for every country that has VAT numbers', () => {
    for (const country of [...EU_COUNTRIES, 'GB', 'CH', 'NO']) {
      expect(normalVatNumber(country, vatNumberExample(country)!), country).not.toBeNull();
    }
    expect(EU_COUNTRIES).toHaveLength(27);
  });

  it('asks every demo market with VAT for its number, and none where buyers have none (the US, Canada)', () => {
    const brandLocale = new Map(catalogue.brands.map((brand) => [brand.slug, brand.locale]));
    const markets = new Set(catalogue.checkoutFlows.map((flow) => marketOf(flow.locale ?? brandLocale.get(flow.brand)!)));
    expect([...markets].sort()).toEqual(['CA', 'DE', 'FR', 'GB', 'US']);
    expect([...markets].filter(hasVatNumbers).sort()).toEqual(['DE', 'FR', 'GB']);
    expect(normalVatNumber('US', '123456789')).toBeNull();
  });

  it("check the demo sellers' own VAT numbers", () => {
    for (const seller of sellersFile.sellers.filter((entry) => entry.taxNumber.kind === 'vat')) {
      expect(normalVatNumber(seller.address.country, seller.taxNumber.value), seller.id).toBe(seller.taxNumber.value);
    }
  });
});
