import { describe, expect, it } from 'vitest';
import { buildQuote } from './quote';
import { exemptRate, exemptWhenVerified, netOfVat, vatExemptionOf, type BusinessSale } from './reverseCharge';
import type { TaxRate } from './tax';

const AUSTRIAN = { country: 'AT', vatNumber: 'ATU12345678', vatStatus: 'verified' };
const GERMAN_SELLER: BusinessSale = { business: AUSTRIAN, sellerCountry: 'DE', deliveryCountry: null };
const AT_VAT: TaxRate = { rate: 0.2, inclusive: true, components: [{ kind: 'vat', rate: 0.2 }] };
const DE_VAT: TaxRate = { rate: 0.19, inclusive: true, components: [{ kind: 'vat', rate: 0.19 }] };

describe('vatExemptionOf', () => {
  it('reverse-charges a service to a verified business of another member state (Art. 196)', () => {
    expect(vatExemptionOf(GERMAN_SELLER, false)).toBe('reverse-charge');
  });

  it.each([
    ['an unverified number', { ...GERMAN_SELLER, business: { ...AUSTRIAN, vatStatus: 'unverified' } }],
    ['a rejected number', { ...GERMAN_SELLER, business: { ...AUSTRIAN, vatStatus: 'rejected' } }],
    ['a company without a number', { ...GERMAN_SELLER, business: { ...AUSTRIAN, vatNumber: null, vatStatus: null } }],
    ['a private buyer', { ...GERMAN_SELLER, business: null }],
    ['a business of the seller’s own country', { ...GERMAN_SELLER, business: { ...AUSTRIAN, country: 'DE', vatNumber: 'DE123456789' } }],
    ['a seller outside the EU (the UK)', { ...GERMAN_SELLER, sellerCountry: 'GB' }],
    ['a business outside the EU (Switzerland)', { ...GERMAN_SELLER, business: { ...AUSTRIAN, country: 'CH', vatNumber: 'CHE123456789' } }],
    ['no seller named', { ...GERMAN_SELLER, sellerCountry: null }],
  ])('charges VAT as for any buyer to %s', (_, sale) => {
    expect(vatExemptionOf(sale as BusinessSale, false)).toBeNull();
  });

  it('exempts goods dispatched to a verified business in another member state (Art. 138), but not goods delivered in the seller’s', () => {
    expect(vatExemptionOf({ ...GERMAN_SELLER, deliveryCountry: 'AT' }, true)).toBe('intra-community-supply');
    expect(vatExemptionOf({ ...GERMAN_SELLER, deliveryCountry: 'DE' }, true)).toBeNull();
    expect(vatExemptionOf({ ...GERMAN_SELLER, deliveryCountry: null }, true)).toBeNull();
  });
});

describe('exemptWhenVerified', () => {
  it('tells a business beforehand whether its renewals will be charged no VAT once its number is verified', () => {
    const unverified = { ...GERMAN_SELLER, business: { ...AUSTRIAN, vatNumber: null, vatStatus: null } };
    expect(exemptWhenVerified(unverified, false)).toBe(true);
    expect(exemptWhenVerified({ ...unverified, sellerCountry: 'AT' }, false)).toBe(false);
    expect(exemptWhenVerified({ ...unverified, business: null }, false)).toBe(false);
  });
});

describe('exemptRate and netOfVat', () => {
  it('charges no VAT and takes out of a VAT-inclusive price what it held for any other buyer', () => {
    const rate = exemptRate(AT_VAT, 'reverse-charge');
    expect(rate).toEqual({
      rate: 0,
      inclusive: false,
      components: [{ kind: 'vat', rate: 0 }],
      exemption: { ground: 'reverse-charge', includedRate: 0.2 },
    });
    // €60.00 including 20 % VAT is €50.00 net; €9.99 including 19 % is €8.39 (8.394…).
    expect(netOfVat(6000, rate)).toBe(5000);
    expect(netOfVat(999, exemptRate(DE_VAT, 'reverse-charge'))).toBe(839);
  });

  it('leaves a price that holds no VAT as it is, and any price of a rate that exempts nobody', () => {
    const exclusive: TaxRate = { rate: 0.1, inclusive: false, components: [{ kind: 'vat', rate: 0.1 }] };
    expect(netOfVat(5000, exemptRate(exclusive, 'reverse-charge'))).toBe(5000);
    expect(netOfVat(5000, AT_VAT)).toBe(5000);
  });

  it('prices a quote at the net price with 0 VAT, so that its total is what is charged', () => {
    const quote = buildQuote({
      currencyCode: 'EUR',
      items: [{ id: '7001', name: 'GQ Digital', totalAmount: 6000, discountedAmount: null, trialOffer: false }],
      coupon: null,
      taxRate: exemptRate(AT_VAT, 'reverse-charge'),
    });
    expect(quote).toMatchObject({ subtotal: 5000, discount: 0, tax: 0, total: 5000, taxLines: [{ kind: 'vat', rate: 0, amount: 0 }] });
    expect(quote.lines).toEqual([{ offerId: '7001', name: 'GQ Digital', amount: 5000 }]);
  });
});
