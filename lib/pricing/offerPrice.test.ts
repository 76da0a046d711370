import { describe, expect, it } from 'vitest';
import { offerFullPrice, offerPrice, type PricedOffer } from './offerPrice';

describe('offerPrice', () => {
  it.each<[PricedOffer, number]>([
    [{ totalAmount: 5000, discountedAmount: 2500, trialOffer: false }, 2500],
    [{ totalAmount: 5000, discountedAmount: null, trialOffer: false }, 5000],
    [{ totalAmount: 5000, discountedAmount: 5000, trialOffer: false }, 5000],
    [{ totalAmount: 5000, discountedAmount: 0, trialOffer: false }, 0],
    [{ totalAmount: 0, discountedAmount: null, trialOffer: false }, 0],
    // Trial offers have a price of 0 (SPEC §5), whatever their amounts.
    [{ totalAmount: 2999, discountedAmount: null, trialOffer: true }, 0],
    [{ totalAmount: 2999, discountedAmount: 1999, trialOffer: true }, 0],
    [{ totalAmount: 0, discountedAmount: null, trialOffer: true }, 0],
  ])('%j → %d', (offer, expected) => {
    expect(offerPrice(offer)).toBe(expected);
  });
});

describe('offerFullPrice', () => {
  it.each<[PricedOffer, number | null]>([
    [{ totalAmount: 5000, discountedAmount: 2500, trialOffer: false }, 5000],
    [{ totalAmount: 5000, discountedAmount: 0, trialOffer: false }, 5000],
    [{ totalAmount: 5000, discountedAmount: 4999, trialOffer: false }, 5000],
    [{ totalAmount: 5000, discountedAmount: null, trialOffer: false }, null],
    [{ totalAmount: 5000, discountedAmount: 5000, trialOffer: false }, null],
    [{ totalAmount: 0, discountedAmount: null, trialOffer: false }, null],
    // A trial shows no struck-through price: its later price is in its terms.
    [{ totalAmount: 2999, discountedAmount: null, trialOffer: true }, null],
    [{ totalAmount: 2999, discountedAmount: 1999, trialOffer: true }, null],
    [{ totalAmount: 0, discountedAmount: null, trialOffer: true }, null],
  ])('%j → %s', (offer, expected) => {
    expect(offerFullPrice(offer)).toBe(expected);
  });
});
