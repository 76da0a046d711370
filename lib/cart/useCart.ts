import { useCallback, useEffect, useState } from 'react';
import { addToCart, parseStoredCart, toggleAddOn, type Cart, type CartItem } from './cart';
import { readSession, writeSession } from '../browser/sessionStore';

const cartKey = (campaignId: string) => `pj:cart:${campaignId}`;
const promoKey = (campaignId: string) => `pj:promo:${campaignId}`;

export function readCart(campaignId: string): Cart {
  return parseStoredCart(readSession(cartKey(campaignId)));
}

export function writeCart(campaignId: string, cart: Cart): void {
  writeSession(cartKey(campaignId), JSON.stringify(cart));
}

export function readPromoCode(campaignId: string): string | null {
  return readSession(promoKey(campaignId)) || null;
}

export function writePromoCode(campaignId: string, code: string | null): void {
  writeSession(promoKey(campaignId), code || null);
}

export interface CartState {
  /** null until read in the browser. */
  cart: Cart | null;
  promoCode: string | null;
  add: (item: CartItem) => void;
  toggleAddOn: (item: CartItem, selected: boolean) => void;
  setPromoCode: (code: string | null) => void;
}

/**
 * The visitor's cart and promo code for one campaign, kept in session storage so that
 * they survive a reload but not the tab.
 */
export function useCart(campaignId: string): CartState {
  const [cart, setCart] = useState<Cart | null>(null);
  const [promoCode, setPromo] = useState<string | null>(null);
  useEffect(() => {
    setCart(readCart(campaignId));
    setPromo(readPromoCode(campaignId));
  }, [campaignId]);

  const update = useCallback(
    (change: (current: Cart) => Cart) => {
      const next = change(readCart(campaignId));
      writeCart(campaignId, next);
      setCart(next);
    },
    [campaignId],
  );
  const add = useCallback((item: CartItem) => update((current) => addToCart(current, item)), [update]);
  const toggle = useCallback(
    (item: CartItem, selected: boolean) => update((current) => toggleAddOn(current, item, selected)),
    [update],
  );
  const setPromoCode = useCallback(
    (code: string | null) => {
      writePromoCode(campaignId, code);
      setPromo(code);
    },
    [campaignId],
  );
  return { cart, promoCode, add, toggleAddOn: toggle, setPromoCode };
}
