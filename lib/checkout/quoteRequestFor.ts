import type { Cart } from '../cart/cart';
import type { CheckoutFlow } from '../catalogue/types';
import type { QuoteRequestInput } from './quoteContract';

export interface QuoteOptions {
  promoCode?: string | null;
  country?: string | null;
  region?: string | null;
}

/** The quote request for a cart: its plan, its add-ons, and what else is known; null for an empty cart. */
export function quoteRequestFor(flow: CheckoutFlow, cart: Cart | null, options: QuoteOptions = {}): QuoteRequestInput | null {
  const [plan, ...addOns] = cart ?? [];
  if (!plan) return null;
  return {
    brand: flow.brand_slug,
    urlSlug: flow.url_slug,
    offerId: plan.id,
    addOnIds: addOns.map((item) => item.id),
    ...(options.promoCode ? { couponCode: options.promoCode } : {}),
    ...(options.country ? { country: options.country } : {}),
    ...(options.region ? { region: options.region } : {}),
  };
}
