import { describe, expect, it } from 'vitest';
import { hasIntroductoryPrice, introductoryPriceLine, priceTermsOf, type PriceTerms } from './introductoryPrice';

const terms = (overrides: Partial<PriceTerms>): PriceTerms => ({
  currencyCode: 'USD',
  billingInterval: 'year',
  firstAmount: 5000,
  renewalAmount: 5000,
  trialOffer: false,
  trialDays: null,
  ...overrides,
});

describe('introductoryPriceLine', () => {
  it.each<[string, Partial<PriceTerms>, string]>([
    ['a yearly introductory price', { firstAmount: 2500, renewalAmount: 5000 }, 'First year $25, then $50 a year'],
    [
      'a monthly introductory price',
      { billingInterval: 'month', firstAmount: 100, renewalAmount: 1000 },
      'First month $1, then $10 a month',
    ],
    ['a yearly trial', { trialOffer: true, trialDays: 30, firstAmount: 0, renewalAmount: 5000 }, 'Free for 30 days, then $50 a year'],
    [
      'a monthly trial',
      { billingInterval: 'month', trialOffer: true, trialDays: 14, firstAmount: 0, renewalAmount: 999 },
      'Free for 14 days, then $9.99 a month',
    ],
    ['a one-day trial', { trialOffer: true, trialDays: 1, firstAmount: 0 }, 'Free for 1 day, then $50 a year'],
    ['a trial without a length', { trialOffer: true, trialDays: null, firstAmount: 0 }, 'Free trial, then $50 a year'],
    ['no introductory price, yearly', {}, '$50 a year'],
    ['no introductory price, monthly', { billingInterval: 'month', firstAmount: 1299, renewalAmount: 1299 }, '$12.99 a month'],
    ['cents in both prices', { firstAmount: 14999, renewalAmount: 19999 }, 'First year $149.99, then $199.99 a year'],
    ['whole first, cents later', { firstAmount: 14900, renewalAmount: 19999 }, 'First year $149, then $199.99 a year'],
    ['a free first year', { firstAmount: 0, renewalAmount: 5000 }, 'First year free, then $50 a year'],
    ['pounds', { currencyCode: 'GBP', firstAmount: 1200, renewalAmount: 2400 }, 'First year £12, then £24 a year'],
    [
      'euros',
      { currencyCode: 'EUR', billingInterval: 'month', firstAmount: 150, renewalAmount: 900 },
      'First month €1.50, then €9 a month',
    ],
    ['Canadian dollars', { currencyCode: 'CAD', firstAmount: 2500, renewalAmount: 5000 }, 'First year $25, then $50 a year'],
    ['thousands', { firstAmount: 100000, renewalAmount: 150000 }, 'First year $1,000, then $1,500 a year'],
    ['nothing to pay ever', { firstAmount: 0, renewalAmount: 0 }, 'Free'],
    ['a first period dearer than renewals is said as it is', { firstAmount: 6000, renewalAmount: 5000 }, 'First year $60, then $50 a year'],
  ])('words %s', (_case, overrides, expected) => {
    expect(introductoryPriceLine(terms(overrides))).toBe(expected);
  });
});

describe('priceTermsOf', () => {
  const offer = { currencyCode: 'USD' as const, billingInterval: 'year' as const, trialDays: null, trialOffer: false };

  it('takes an introductory price from the discounted amount and renews at the full price', () => {
    const priced = priceTermsOf({ ...offer, totalAmount: 5000, discountedAmount: 2500 });
    expect(priced).toMatchObject({ firstAmount: 2500, renewalAmount: 5000 });
    expect(introductoryPriceLine(priced)).toBe('First year $25, then $50 a year');
    expect(hasIntroductoryPrice(priced)).toBe(true);
  });

  it('words a trial from the price its terms state (its discounted amount when it has one)', () => {
    const priced = priceTermsOf({ ...offer, trialOffer: true, trialDays: 30, totalAmount: 8000, discountedAmount: 5000 });
    expect(introductoryPriceLine(priced)).toBe('Free for 30 days, then $50 a year');
    expect(hasIntroductoryPrice(priced)).toBe(true);
  });

  it('has no introductory price when today costs what renewals do', () => {
    const priced = priceTermsOf({ ...offer, totalAmount: 5000, discountedAmount: null });
    expect(introductoryPriceLine(priced)).toBe('$50 a year');
    expect(hasIntroductoryPrice(priced)).toBe(false);
  });
});
