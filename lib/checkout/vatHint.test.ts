import { describe, expect, it } from 'vitest';
import { vatHintKey } from './vatHint';

const digital = { brand: 'gq', locale: 'de-DE', print: false, deliverySameAsBilling: true };

describe('vatHintKey', () => {
  it('tells a business of another member state than the seller’s that renewals are charged no VAT once its number is verified', () => {
    // GQ in Germany is sold by the German seller (data/sellers.json).
    expect(vatHintKey({ country: 'AT', deliveryCountry: '' }, digital)).toBe('payment.business.vatHintExempt');
  });

  it('tells a business of the seller’s country, or one sold by a seller outside the EU, that VAT is charged as for any buyer', () => {
    expect(vatHintKey({ country: 'DE', deliveryCountry: '' }, digital)).toBe('payment.business.vatHint');
    expect(vatHintKey({ country: 'FR', deliveryCountry: '' }, { ...digital, locale: 'en-GB' })).toBe('payment.business.vatHint');
  });

  it('follows print to where it is delivered: goods delivered in the seller’s country keep their VAT', () => {
    const print = { ...digital, print: true, deliverySameAsBilling: false };
    expect(vatHintKey({ country: 'AT', deliveryCountry: 'AT' }, print)).toBe('payment.business.vatHintExempt');
    expect(vatHintKey({ country: 'AT', deliveryCountry: 'DE' }, print)).toBe('payment.business.vatHint');
    expect(vatHintKey({ country: 'AT', deliveryCountry: 'DE' }, { ...print, deliverySameAsBilling: true })).toBe(
      'payment.business.vatHintExempt',
    );
  });
});
