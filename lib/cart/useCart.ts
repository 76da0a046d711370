import { useCallback, useEffect, useState } from 'react';
import { addToCart, parseStoredCart, type Cart, type CartItem } from './cart';

const storageKey = (campaignId: string) => `pj:cart:${campaignId}`;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage blocked by the browser: the cart lives only in memory
  }
}

export function readCart(campaignId: string): Cart {
  return parseStoredCart(storage()?.getItem(storageKey(campaignId)) ?? null);
}

export function writeCart(campaignId: string, cart: Cart): void {
  storage()?.setItem(storageKey(campaignId), JSON.stringify(cart));
}

/**
 * The visitor's cart for one campaign, kept in session storage so that it survives a
 * reload but not the tab. `cart` is null until read in the browser.
 */
export function useCart(campaignId: string): { cart: Cart | null; add: (item: CartItem) => void } {
  const [cart, setCart] = useState<Cart | null>(null);
  useEffect(() => setCart(readCart(campaignId)), [campaignId]);
  const add = useCallback(
    (item: CartItem) => {
      const next = addToCart(readCart(campaignId), item);
      writeCart(campaignId, next);
      setCart(next);
    },
    [campaignId],
  );
  return { cart, add };
}
