import { describe, expect, it } from 'vitest';
import catalogue from '@/data/demo-catalogue.json';
import sellersFile from '@/data/sellers.json';
import { isPostalCodeOf } from '@/lib/geo/postalCodes';
import { marketOf, sellerById, sellerFor, sellersOf } from './seller';

describe('sellers', () => {
  it('name a seller for every brand in every market the demo catalogue sells it in', () => {
    const brandLocale = new Map(catalogue.brands.map((brand) => [brand.slug, brand.locale]));
    for (const flow of catalogue.checkoutFlows) {
      const market = marketOf(flow.locale ?? brandLocale.get(flow.brand)!);
      expect(sellerFor(flow.brand, market), `${flow.brand} in ${market}`).not.toBeNull();
    }
  });

  it('each have an address a postman can use in their own country', () => {
    for (const seller of sellersOf(sellersFile)) {
      expect(isPostalCodeOf(seller.address.country, seller.address.postalCode), seller.id).toBe(true);
    }
  });

  it('find a brand and market, and an id, or none', () => {
    expect(sellerFor('gq', 'DE')?.legalName).toBe('Demo Magazines Deutschland GmbH');
    expect(sellerFor('gq', 'US')).toBeNull();
    expect(sellerById('demo-ca')?.invoicePrefix).toBe('CA');
    expect(sellerById('gone')).toBeNull();
  });

  it('refuse data where two sellers sell one brand in one market, share a prefix or take the global one', () => {
    const [us] = sellersFile.sellers;
    expect(() => sellersOf({ sellers: [us, { ...us, id: 'other', invoicePrefix: 'XX' }] })).toThrow(
      'vogue in US is sold by both demo-us and other',
    );
    expect(() => sellersOf({ sellers: [us, { ...us, id: 'other', markets: {} }] })).toThrow('share an invoice prefix');
    expect(() => sellersOf({ sellers: [{ ...us, invoicePrefix: 'INV' }] })).toThrow();
  });

  it("take an order's market from its locale: a Quebec buyer's French is Canada's", () => {
    expect(marketOf('fr-CA')).toBe('CA');
    expect(marketOf('de-DE')).toBe('DE');
  });
});
