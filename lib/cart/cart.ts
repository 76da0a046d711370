import type { CurrencyCode } from '../pricing/currencies';
import type { Offer } from '../catalogue/types';
import { offerPrice } from '../pricing/offerPrice';

/** A cart line (SPEC §3): the offer's id, its description as name, today's price in cents. */
export interface CartItem {
  id: string;
  name: string;
  price: number;
  currencyCode: CurrencyCode;
  campaignId: string;
}

export type Cart = readonly CartItem[];

export function cartItemFor(offer: Offer, campaignId: string): CartItem {
  return { id: offer.id, name: offer.description, price: offerPrice(offer), currencyCode: offer.currencyCode, campaignId };
}

/** Adding to the cart empties it first, then adds the item (SPEC §4). */
export function addToCart(_cart: Cart, item: CartItem): Cart {
  return [item];
}

/**
 * Adds or removes an add-on (a cross-sell) beside the plan; the plan, always first, is
 * never removed this way. Adding one already in the cart changes nothing.
 */
export function toggleAddOn(cart: Cart, item: CartItem, selected: boolean): Cart {
  const [plan, ...addOns] = cart;
  if (!plan || item.id === plan.id) return cart;
  const others = addOns.filter((addOn) => addOn.id !== item.id);
  return selected ? [plan, ...others, item] : [plan, ...others];
}

export function cartTotal(cart: Cart): number {
  return cart.reduce((sum, item) => sum + item.price, 0);
}

function isCartItem(value: unknown): value is CartItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item.id === 'string' &&
    typeof item.name === 'string' &&
    typeof item.price === 'number' &&
    Number.isFinite(item.price) &&
    typeof item.currencyCode === 'string' &&
    typeof item.campaignId === 'string'
  );
}

/** Reads a stored cart; anything unreadable is an empty cart rather than an error. */
export function parseStoredCart(raw: string | null): Cart {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) && parsed.every(isCartItem) ? parsed : [];
  } catch {
    return [];
  }
}
