import type { CheckoutFlow, Offer } from '@/lib/catalogue/types';
import { crossSellsFor } from '@/lib/catalogue/crossSell';
import { cartItemFor, type Cart } from './cart';

/**
 * What the visitor has chosen on a campaign: the plan, its add-ons, a promo code and where
 * they are (for tax and the renewal rules). It is all the server needs to render the cart,
 * the promo-code and payment steps as the browser will: it travels in a small cookie of
 * its campaign, so a reload or a direct link renders the real order with no
 * "loading" flash and no hydration mismatch. Nothing personal is in it.
 */
export interface CartSelection {
  offerId: string;
  addOnIds: string[];
  promoCode: string | null;
  country: string | null;
  region: string | null;
}

/**
 * The cookie of a campaign's cart. Its path is "/" (not the campaign's base) because a
 * move between steps fetches the next step's data from /_next/data/…, which must carry it;
 * the name keeps carts of different campaigns apart.
 */
export function cartCookieName(campaignId: string): string {
  return `pj_cart_${campaignId}`;
}

/** At most this many add-ons beside the plan, as the quote endpoint takes them. */
export const MAX_ADD_ONS = 5;

export function encodeCartSelection(selection: CartSelection): string {
  return JSON.stringify({
    o: selection.offerId,
    a: selection.addOnIds,
    ...(selection.promoCode ? { p: selection.promoCode } : {}),
    ...(selection.country ? { c: selection.country } : {}),
    ...(selection.region ? { r: selection.region } : {}),
  });
}

/** Choosing an offer empties the cart first (SPEC §4), then adds it. */
export function chooseOffer(offerId: string): CartSelection {
  return { offerId, addOnIds: [], promoCode: null, country: null, region: null };
}

/** Adds or removes an add-on; adding the plan, one already there, or one past MAX_ADD_ONS changes nothing. */
export function withAddOn(selection: CartSelection, addOnId: string, selected: boolean): CartSelection {
  if (!selected) return { ...selection, addOnIds: selection.addOnIds.filter((id) => id !== addOnId) };
  const unchanged = addOnId === selection.offerId || selection.addOnIds.includes(addOnId) || selection.addOnIds.length >= MAX_ADD_ONS;
  return unchanged ? selection : { ...selection, addOnIds: [...selection.addOnIds, addOnId] };
}

export function withPromoCode(selection: CartSelection, promoCode: string | null): CartSelection {
  return { ...selection, promoCode: promoCode || null };
}

export function withLocation(selection: CartSelection, country: string | null, region: string | null): CartSelection {
  return { ...selection, country: country || null, region: country ? region || null : null };
}

/** The plan and the add-ons a selection may use on this campaign today. */
export interface ResolvedCart {
  plan: Offer;
  /** Every add-on offered beside the plan (chosen or not). */
  availableAddOns: Offer[];
  /** The selection, less whatever the catalogue no longer offers. */
  selection: CartSelection;
  /** The cart lines (SPEC §3): the plan first, then the chosen add-ons. */
  items: Cart;
}

/** The cart lines of a selection: the plan first, then the chosen add-ons that are on offer. */
export function cartItemsOf(plan: Offer, availableAddOns: readonly Offer[], selection: CartSelection, campaignId: string): Cart {
  const addOns = selection.addOnIds
    .map((id) => availableAddOns.find((offer) => offer.id === id))
    .filter((offer): offer is Offer => offer !== undefined);
  return [plan, ...addOns].map((offer) => cartItemFor(offer, campaignId));
}

/** Resolves a selection against the catalogue: null when its plan is no longer in the campaign. */
export function resolveCart(selection: CartSelection | null, flow: CheckoutFlow, crossSells: readonly Offer[]): ResolvedCart | null {
  if (!selection) return null;
  const plan = flow.data.pageData.plans.find((offer) => offer.id === selection.offerId);
  if (!plan) return null;
  const availableAddOns = crossSellsFor(plan.id, crossSells).filter((offer) => offer.currencyCode === plan.currencyCode);
  const items = cartItemsOf(plan, availableAddOns, selection, flow.campaignId);
  return { plan, availableAddOns, selection: { ...selection, addOnIds: items.slice(1).map((item) => item.id) }, items };
}
