import { describe, expect, it } from 'vitest';
import type { Offer } from '@/lib/catalogue/types';
import { offerFixture } from '@/tests/fixtures/flows';
import { cartItemFor, type CartItem } from './cart';

const offer = (overrides: Partial<Offer> = {}): Offer => offerFixture({ features: [], ...overrides });

describe('cartItemFor', () => {
  it.each<[string, Partial<Offer>, Partial<CartItem>]>([
    ['discounted offer', {}, { price: 2500 }],
    ['full-price offer', { discountedAmount: null }, { price: 5000 }],
    ['free discounted offer', { discountedAmount: 0 }, { price: 0 }],
    ['trial offer', { trialOffer: true, trialDays: 30, discountedAmount: null, totalAmount: 2999 }, { price: 0 }],
    ['discounted trial offer', { trialOffer: true, trialDays: 30, discountedAmount: 1999, totalAmount: 2999 }, { price: 0 }],
    ['GBP offer', { currencyCode: 'GBP', currency: '£', discountedAmount: 1999 }, { price: 1999, currencyCode: 'GBP' }],
  ])('%s', (_label, overrides, expected) => {
    const o = offer(overrides);
    expect(cartItemFor(o, 'vogue-demo-single')).toEqual({
      id: o.id,
      name: o.description,
      price: expect.any(Number),
      currencyCode: o.currencyCode,
      campaignId: 'vogue-demo-single',
      ...expected,
    });
  });

  it('uses the description, not the name, as the item name', () => {
    const result = cartItemFor(offer({ name: 'Short', description: 'Long description' }), 'c');
    expect(result.name).toBe('Long description');
  });

  it('carries the campaign id it is given', () => {
    expect(cartItemFor(offer(), 'abc_123').campaignId).toBe('abc_123');
  });
});
