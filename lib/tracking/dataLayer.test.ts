import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  buildEcommerceAddToCart,
  buildEcommercePurchase,
  majorUnits,
  pushEcommerce,
  pushToDataLayer,
  type DataLayerHost,
} from './dataLayer';
import { buildAddToCart, type TrackedCartItem } from './events';
import { buildPurchase } from './orderEvents';

afterEach(() => vi.restoreAllMocks());

const item: TrackedCartItem = {
  id: '2101',
  name: 'Vogue Digital',
  price: 2999,
  currency: '$',
  currencyCode: 'USD',
  campaignId: 'vogue-demo-single',
};

describe('pushToDataLayer', () => {
  it('creates window.dataLayer when the tag manager has not, and pushes in order', () => {
    const win: DataLayerHost = {};
    expect(pushToDataLayer(win, { event: 'a' })).toBe(true);
    expect(pushToDataLayer(win, { event: 'b' })).toBe(true);
    expect(win.dataLayer).toEqual([{ event: 'a' }, { event: 'b' }]);
  });

  it("goes through the tag manager's own push", () => {
    const push = vi.fn();
    const layer = Object.assign([], { push });
    pushToDataLayer({ dataLayer: layer }, { event: 'a' });
    expect(push).toHaveBeenCalledWith({ event: 'a' });
  });

  it('catches and logs a failing push (SPEC §8)', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const layer = Object.assign([], {
      push: () => {
        throw new Error('gtm broke');
      },
    });
    expect(pushToDataLayer({ dataLayer: layer }, { event: 'a' })).toBe(false);
    expect(pushToDataLayer({ dataLayer: 'not a list' }, { event: 'a' })).toBe(false);
    const frozen = Object.freeze({}) as DataLayerHost;
    expect(pushToDataLayer(frozen, { event: 'a' })).toBe(false);
    expect(error).toHaveBeenCalledTimes(3);
  });
});

describe('majorUnits', () => {
  it.each([
    [2999, 29.99],
    [0, 0],
    [1999.0000001, 19.99],
    [100, 1],
  ])('%d cents → %d', (cents, major) => {
    expect(majorUnits(cents)).toBe(major);
  });
});

describe('buildEcommerceAddToCart', () => {
  it('is a GA4 add_to_cart in major units with the source as targeter', () => {
    expect(buildEcommerceAddToCart(buildAddToCart(item, { timestamp: 1, source: 'nl' }))).toEqual({
      event: 'add_to_cart',
      ecommerce: { currency: 'USD', value: 29.99, items: [{ item_id: '2101', item_name: 'Vogue Digital', price: 29.99, quantity: 1 }] },
      targeter: 'nl',
    });
  });

  it('keeps a null targeter when there is no source, and a trial at 0', () => {
    const entry = buildEcommerceAddToCart(buildAddToCart({ ...item, price: 0 }, { timestamp: 1, source: null }));
    expect(entry.targeter).toBeNull();
    expect(entry.ecommerce.value).toBe(0);
  });
});

describe('buildEcommercePurchase', () => {
  const order = {
    timestamp: 1,
    campaignId: 'vogue-demo-single',
    transactionId: 'txn_1',
    invoiceNumber: 'INV-1',
    currencyCode: 'GBP',
    revenue: 2499,
    tax: 417,
    coupon: 'SPRING',
    targeter: 'nl',
    items: [{ ...item, currencyCode: 'GBP', currency: '£', price: 2499 }],
  };

  it('is a GA4 purchase with the transaction, tax in major units, shipping always 0 and the coupon', () => {
    expect(buildEcommercePurchase(buildPurchase(order))).toEqual({
      event: 'purchase',
      ecommerce: {
        currency: 'GBP',
        value: 24.99,
        items: [{ item_id: '2101', item_name: 'Vogue Digital', price: 24.99, quantity: 1 }],
        transaction_id: 'txn_1',
        tax: 4.17,
        shipping: 0,
        coupon: 'SPRING',
      },
      targeter: 'nl',
    });
  });

  it('leaves the coupon out when none was used', () => {
    const entry = buildEcommercePurchase(buildPurchase({ ...order, coupon: null, targeter: null }));
    expect(entry.ecommerce).not.toHaveProperty('coupon');
    expect(entry.ecommerce.shipping).toBe(0);
    expect(entry.targeter).toBeNull();
  });
});

describe('pushEcommerce', () => {
  it('clears the previous ecommerce object before each entry, as GA4 recommends', () => {
    const win: DataLayerHost = {};
    const add = buildEcommerceAddToCart(buildAddToCart(item, { timestamp: 1, source: null }));
    expect(pushEcommerce(win, add)).toBe(true);
    expect(win.dataLayer).toEqual([{ ecommerce: null }, add]);
  });
});
