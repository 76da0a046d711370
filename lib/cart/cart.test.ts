import { describe, expect, it } from 'vitest';
import type { Offer } from '../catalogue/types';
import { offerFixture } from '@/tests/fixtures/flows';
import { addToCart, cartItemFor, cartTotal, parseStoredCart, toggleAddOn, type Cart, type CartItem } from './cart';

const offer = (overrides: Partial<Offer> = {}): Offer => offerFixture({ features: [], ...overrides });

const item = (id: string, price: number, overrides: Partial<CartItem> = {}): CartItem => ({
  id,
  name: `Item ${id}`,
  price,
  currencyCode: 'USD',
  campaignId: 'camp-1',
  ...overrides,
});

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

describe('addToCart', () => {
  const a = item('a', 100);
  const b = item('b', 200);
  const c = item('c', 300);

  it.each<[string, Cart, CartItem, Cart]>([
    ['empty cart', [], c, [c]],
    ['one item', [a], c, [c]],
    ['two items', [a, b], c, [c]],
    ['the same item again', [c], c, [c]],
  ])('empties the cart then adds: %s', (_label, cart, added, expected) => {
    expect(addToCart(cart, added)).toEqual(expected);
  });

  it('does not change the cart it is given', () => {
    const cart: CartItem[] = [a, b];
    const next = addToCart(cart, c);
    expect(cart).toEqual([a, b]);
    expect(next).not.toBe(cart);
  });
});

describe('cartTotal', () => {
  it.each<[string, Cart, number]>([
    ['empty', [], 0],
    ['one item', [item('a', 2500)], 2500],
    ['two items', [item('a', 2500), item('b', 1200)], 3700],
    ['free items', [item('a', 0), item('b', 0)], 0],
    ['fractional cents', [item('a', 1599.2), item('b', 0.8)], 1600],
  ])('%s → %d', (_label, cart, expected) => {
    expect(cartTotal(cart)).toBe(expected);
  });
});

describe('parseStoredCart', () => {
  const good = item('1001', 2500, { name: 'Vogue Digital' });

  it.each<[string, string | null]>([
    ['null', null],
    ['empty string', ''],
    ['invalid JSON', 'not json'],
    ['truncated JSON', '[{"id":"1"'],
    ['JSON null', 'null'],
    ['JSON number', '42'],
    ['JSON string', '"cart"'],
    ['JSON true', 'true'],
    ['JSON object', JSON.stringify(good)],
    ['object with items', JSON.stringify({ items: [good] })],
    ['array of null', '[null]'],
    ['array of numbers', '[1,2]'],
    ['array of strings', '["a"]'],
    ['array of arrays', '[[]]'],
    ['missing id', JSON.stringify([{ ...good, id: undefined }])],
    ['numeric id', JSON.stringify([{ ...good, id: 1001 }])],
    ['missing name', JSON.stringify([{ ...good, name: undefined }])],
    ['string price', JSON.stringify([{ ...good, price: '2500' }])],
    ['null price', JSON.stringify([{ ...good, price: null }])],
    ['infinite price', '[{"id":"1","name":"n","price":1e999,"currencyCode":"USD","campaignId":"c"}]'],
    ['missing currencyCode', JSON.stringify([{ ...good, currencyCode: undefined }])],
    ['missing campaignId', JSON.stringify([{ ...good, campaignId: undefined }])],
    ['one good item and one bad', JSON.stringify([good, { id: 'x' }])],
  ])('gives an empty cart for %s', (_label, raw) => {
    expect(parseStoredCart(raw)).toEqual([]);
  });

  it.each<[string, string, Cart]>([
    ['an empty array', '[]', []],
    ['one item', JSON.stringify([good]), [good]],
    ['two items', JSON.stringify([good, item('2', 0)]), [good, item('2', 0)]],
    ['a fractional price', JSON.stringify([item('3', 1599.2)]), [item('3', 1599.2)]],
    ['surrounding whitespace', ` ${JSON.stringify([good])}\n`, [good]],
  ])('reads %s', (_label, raw, expected) => {
    expect(parseStoredCart(raw)).toEqual(expected);
  });

  it('round-trips a cart through JSON', () => {
    const cart = addToCart([], cartItemFor(offer(), 'vogue-demo-single'));
    expect(parseStoredCart(JSON.stringify(cart))).toEqual(cart);
  });
});

describe('toggleAddOn', () => {
  const plan = item('2002', 14900);
  const tote = item('2101', 2500);
  const puzzles = item('2102', 1200);

  it.each([
    ['adds an add-on after the plan', [plan], tote, true, ['2002', '2101']],
    ['keeps add-ons in the order chosen', [plan, tote], puzzles, true, ['2002', '2101', '2102']],
    ['does not add the same add-on twice', [plan, tote], tote, true, ['2002', '2101']],
    ['removes an add-on', [plan, tote, puzzles], tote, false, ['2002', '2102']],
    ['removing one that is not there changes nothing', [plan], tote, false, ['2002']],
    ['never removes the plan', [plan, tote], plan, false, ['2002', '2101']],
    ['needs a plan first', [], tote, true, []],
  ] as const)('%s', (_name, cart, addOn, selected, expected) => {
    expect(toggleAddOn(cart, addOn, selected).map((i) => i.id)).toEqual(expected);
  });
});
