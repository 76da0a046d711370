import type { AddToCartEvent, PurchaseEvent, TrackedCartItem } from './events';

/**
 * The tag manager's data layer (`window.dataLayer`) and the GA4 ecommerce entries the
 * journey puts on it. The builders are pure; pushing never throws into the journey: a
 * failure is caught and logged (SPEC §8).
 */

export type DataLayerEntry = Record<string, unknown>;

/** The part of a window the data layer lives on. */
export interface DataLayerHost {
  dataLayer?: unknown;
}

/** Pushes one entry, creating `dataLayer` when the tag manager has not yet. Returns whether it was pushed. */
export function pushToDataLayer(win: DataLayerHost, entry: DataLayerEntry): boolean {
  try {
    win.dataLayer ??= [];
    const layer = win.dataLayer as { push?: unknown };
    if (typeof layer.push !== 'function') throw new TypeError('window.dataLayer is not an array');
    // The tag manager replaces `push` with its own, which may throw on a malformed entry.
    (layer.push as (entry: DataLayerEntry) => unknown).call(layer, entry);
    return true;
  } catch (error) {
    console.error('Tracking to the data layer failed:', error);
    return false;
  }
}

export interface Ga4Item {
  item_id: string;
  item_name: string;
  price: number;
  quantity: 1;
}

export interface Ga4EcommerceEntry extends DataLayerEntry {
  event: 'add_to_cart' | 'purchase';
  ecommerce: {
    currency: string;
    value: number;
    items: Ga4Item[];
    transaction_id?: string;
    tax?: number;
    shipping?: 0;
    coupon?: string;
  };
  /** Where the visitor came from (the `source` query parameter, SPEC §2). */
  targeter: string | null;
}

/**
 * Cents to major units. Every supported currency (EUR, CAD, USD, GBP, SPEC §3) has two
 * decimals; rounding first keeps float noise such as 19.990000000000002 out.
 */
export const majorUnits = (cents: number): number => Math.round(cents) / 100;

const ga4Item = (item: TrackedCartItem): Ga4Item => ({
  item_id: item.id,
  item_name: item.name,
  price: majorUnits(item.price),
  quantity: 1,
});

/** GA4 `add_to_cart`: one subscription, the cart's only line (SPEC §4: the cart is emptied first). */
export function buildEcommerceAddToCart(event: AddToCartEvent): Ga4EcommerceEntry {
  const { item, source } = event.payload;
  return {
    event: 'add_to_cart',
    ecommerce: { currency: item.currencyCode, value: majorUnits(item.price), items: [ga4Item(item)] },
    targeter: source,
  };
}

/** GA4 `purchase`: shipping is always 0 (SPEC §5); the coupon only when one was used. */
export function buildEcommercePurchase(event: PurchaseEvent): Ga4EcommerceEntry {
  const order = event.payload;
  return {
    event: 'purchase',
    ecommerce: {
      currency: order.currencyCode,
      value: majorUnits(order.revenue),
      items: order.items.map(ga4Item),
      transaction_id: order.transactionId,
      tax: majorUnits(order.tax),
      shipping: 0,
      ...(order.coupon ? { coupon: order.coupon } : {}),
    },
    targeter: order.targeter,
  };
}

/**
 * Pushes an ecommerce entry after `{ecommerce: null}`, as GA4 recommends, so nothing of the
 * previous ecommerce entry leaks into this one through the data layer's merged state.
 */
export function pushEcommerce(win: DataLayerHost, entry: Ga4EcommerceEntry): boolean {
  return pushToDataLayer(win, { ecommerce: null }) && pushToDataLayer(win, entry);
}
