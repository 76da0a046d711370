import { describe, expect, it } from 'vitest';
import {
  draftKey,
  EMPTY_BILLING,
  NO_MARKETING,
  parseDraft,
  renewalTermsKey,
  withDeliveryCountry,
  withDeliverySameAsBilling,
  withPrefill,
  type CheckoutDraft,
} from './checkoutDraft';

const FALLBACK: CheckoutDraft = {
  billing: { ...EMPTY_BILLING, email: 'signed-in@example.com', country: 'US' },
  deliverySameAsBilling: true,
  business: false,
  renewalConsentFor: null,
  marketing: NO_MARKETING,
  paymentMethod: null,
};

const TYPED: CheckoutDraft = {
  billing: {
    ...EMPTY_BILLING,
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Reader',
    country: 'GB',
    line1: '1 Fleet Street',
    city: 'London',
    postalCode: 'EC4Y 1AA',
    companyName: 'Fleet Street Press Ltd',
    vatNumber: 'GB123456789',
  },
  deliverySameAsBilling: false,
  business: true,
  renewalConsentFor: '2002:20000:USD:year',
  marketing: { ...NO_MARKETING, newsletter: true },
  paymentMethod: 'paypal',
};

describe('draftKey', () => {
  it('is per campaign', () => {
    expect(draftKey('vogue-demo-single')).toBe('pj:draft:vogue-demo-single');
  });
});

describe('parseDraft', () => {
  it('reads back what was stored', () => {
    expect(parseDraft(JSON.stringify(TYPED), FALLBACK)).toEqual(TYPED);
  });

  it.each<[string, string | null]>([
    ['nothing stored', null],
    ['an empty string', ''],
    ['bad JSON', '{"billing":'],
    ['JSON null', 'null'],
    ['a number', '42'],
    ['a string', '"ada@example.com"'],
    ['an empty object', '{}'],
    ['an array', '[]'],
    ['fields of the wrong types', '{"billing":"Ada","deliverySameAsBilling":"no","renewalConsentFor":1,"marketing":[true]}'],
    ['null parts', '{"billing":null,"deliverySameAsBilling":null,"renewalConsentFor":7,"marketing":null}'],
  ])('falls back whole on %s', (_label, raw) => {
    expect(parseDraft(raw, FALLBACK)).toEqual(FALLBACK);
  });

  it('keeps each good field and falls back field by field on the others', () => {
    const raw = JSON.stringify({
      billing: { firstName: 'Ada', lastName: 42, email: null, city: 'x'.repeat(255), region: 'NY', cardNumber: '4242424242424242' },
      renewalConsentFor: 42,
      marketing: { newsletter: true, thirdParty: 'true' },
      paymentMethod: 'bitcoin',
    });
    expect(parseDraft(raw, FALLBACK)).toEqual({
      ...FALLBACK,
      billing: { ...FALLBACK.billing, firstName: 'Ada', region: 'NY' },
      marketing: { ...NO_MARKETING, newsletter: true },
    });
  });

  it('keeps a field of exactly 254 characters', () => {
    const city = 'x'.repeat(254);
    expect(parseDraft(JSON.stringify({ billing: { city } }), FALLBACK).billing.city).toBe(city);
  });

  it('never keeps anything that is not a draft field (card data included)', () => {
    const raw = JSON.stringify({ ...TYPED, card: { number: '4242424242424242', cvc: '123' }, billing: { ...TYPED.billing, cvc: '123' } });
    const draft = parseDraft(raw, FALLBACK);
    expect(draft).toEqual(TYPED);
    expect(JSON.stringify(draft)).not.toMatch(/4242|cvc|card/);
  });
});

describe('withPrefill', () => {
  it.each<[string, Partial<CheckoutDraft['billing']>, Partial<CheckoutDraft['billing']>, Partial<CheckoutDraft['billing']>]>([
    ['fills an empty field', { email: '' }, { email: 'signed-in@example.com' }, { email: 'signed-in@example.com' }],
    ['never overwrites what was typed', { email: 'typed@example.com' }, { email: 'signed-in@example.com' }, { email: 'typed@example.com' }],
    ['fills the country from the cart', { country: '' }, { country: 'US', region: 'NY' }, { country: 'US', region: 'NY' }],
    ['fills the region of the country chosen', { country: 'US' }, { country: 'US', region: 'NY' }, { country: 'US', region: 'NY' }],
    ["never gives the prefill's region to another country", { country: 'CA' }, { country: 'US', region: 'NY' }, { country: 'CA' }],
    ['never overwrites a region chosen', { country: 'US', region: 'CA' }, { country: 'US', region: 'NY' }, { country: 'US', region: 'CA' }],
    ['an empty prefill changes nothing', { firstName: 'Ada' }, { firstName: '', email: '' }, { firstName: 'Ada', email: '' }],
    ['no prefill changes nothing', { firstName: 'Ada' }, {}, { firstName: 'Ada' }],
  ])('%s', (_label, typed, prefill, expected) => {
    const draft: CheckoutDraft = { ...FALLBACK, billing: { ...EMPTY_BILLING, ...typed } };
    expect(withPrefill(draft, prefill)).toEqual({ ...draft, billing: { ...EMPTY_BILLING, ...expected } });
  });

  it('leaves consent and marketing choices as they were', () => {
    const filled = withPrefill(TYPED, { email: 'other@example.com' });
    expect(filled.renewalConsentFor).toBe('2002:20000:USD:year');
    expect(filled.marketing).toEqual(TYPED.marketing);
    expect(filled.deliverySameAsBilling).toBe(false);
  });
});

describe('renewalTermsKey', () => {
  it('names the offer, its renewal price, currency and period, so a consent given for one does not tick the box of another', () => {
    const digital = { id: '2001', billingInterval: 'year', currencyCode: 'USD' };
    expect(renewalTermsKey(digital, 15000)).toBe('2001:15000:USD:year');
    expect(renewalTermsKey({ ...digital, id: '2002' }, 20000)).not.toBe(renewalTermsKey(digital, 15000));
    expect(renewalTermsKey(digital, 16000)).not.toBe(renewalTermsKey(digital, 15000));
  });
});

describe('withDeliverySameAsBilling', () => {
  const billed: CheckoutDraft = {
    ...FALLBACK,
    billing: { ...FALLBACK.billing, region: 'NY', line1: '1 World Trade Center', city: 'New York', postalCode: '10007' },
  };

  it('unticked, starts the delivery address as the billing address, its country and state included', () => {
    expect(withDeliverySameAsBilling(billed, false)).toEqual({
      ...billed,
      deliverySameAsBilling: false,
      billing: {
        ...billed.billing,
        deliveryCountry: 'US',
        deliveryRegion: 'NY',
        deliveryLine1: '1 World Trade Center',
        deliveryCity: 'New York',
        deliveryPostalCode: '10007',
      },
    });
  });

  it('keeps a delivery address already typed, and ticked again changes nothing else', () => {
    const typed = {
      ...billed,
      deliverySameAsBilling: false,
      billing: { ...billed.billing, deliveryCountry: 'US', deliveryRegion: 'NJ', deliveryLine1: '1 Main St' },
    };
    expect(withDeliverySameAsBilling({ ...typed, deliverySameAsBilling: true }, false)).toEqual(typed);
    expect(withDeliverySameAsBilling(typed, true)).toEqual({ ...typed, deliverySameAsBilling: true });
  });

  it('gives a delivery address typed before addresses had countries the billing country and state', () => {
    const typed = { ...billed, deliverySameAsBilling: true, billing: { ...billed.billing, deliveryLine1: '4 Times Square' } };
    expect(withDeliverySameAsBilling(typed, false).billing).toMatchObject({
      deliveryCountry: 'US',
      deliveryRegion: 'NY',
      deliveryLine1: '4 Times Square',
    });
  });
});

describe('withDeliveryCountry', () => {
  const berlin = { ...FALLBACK.billing, country: 'DE', line1: 'Unter den Linden 1', city: 'Berlin', postalCode: '10117' };
  const copied = {
    ...berlin,
    deliveryCountry: 'DE',
    deliveryLine1: 'Unter den Linden 1',
    deliveryCity: 'Berlin',
    deliveryPostalCode: '10117',
  };

  it('empties the billing address copied untouched into the delivery address when another country is chosen for it', () => {
    expect(withDeliveryCountry(copied, 'AT')).toEqual({
      ...copied,
      deliveryCountry: 'AT',
      deliveryRegion: '',
      deliveryLine1: '',
      deliveryCity: '',
      deliveryPostalCode: '',
    });
    // Back to the billing country: the copy would fit, nothing more is emptied.
    expect(withDeliveryCountry({ ...copied, deliveryCountry: 'AT' }, 'DE')).toEqual({ ...copied, deliveryRegion: '' });
  });

  it('keeps an address typed for delivery, whatever country is chosen, and always empties the region', () => {
    const typed = { ...copied, deliveryLine1: 'Stephansplatz 1', deliveryCity: 'Wien', deliveryPostalCode: '1010', deliveryRegion: 'W' };
    expect(withDeliveryCountry(typed, 'AT')).toEqual({ ...typed, deliveryCountry: 'AT', deliveryRegion: '' });
  });
});
