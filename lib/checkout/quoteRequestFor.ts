import type { CartSelection } from '@/lib/cart/cartSelection';
import type { CheckoutFlow } from '@/lib/catalogue/types';
import type { QuoteRequestInput } from './quoteContract';

export interface QuoteOptions {
  /** Price with the buyer's country and region (the payment step); otherwise tax waits for them. */
  withLocation?: boolean;
  /** A promo code to try instead of the selection's own (the promo-code step). */
  couponCode?: string | null;
  /**
   * The journey's mode (sent only when false): a test journey's code is checked against test
   * redemptions, and its quotes count against the test budget of the quote limit.
   */
  livemode?: boolean;
  /**
   * The page's language (sent only when it is not the campaign's): the refusals a Quebec buyer
   * on French private steps reads are worded in French.
   */
  locale?: string;
  /** A print order's delivery country and region, when it goes elsewhere than the billing address (taxed there). */
  delivery?: { country: string; region: string | null } | null;
}

/** The quote request for a selection: its plan, add-ons, promo code and, when asked, location; null for an empty cart. */
export function quoteRequestFor(flow: CheckoutFlow, selection: CartSelection | null, options: QuoteOptions = {}): QuoteRequestInput | null {
  if (!selection) return null;
  const couponCode = options.couponCode !== undefined ? options.couponCode : selection.promoCode;
  const location =
    options.withLocation && selection.country
      ? { country: selection.country, ...(selection.region ? { region: selection.region } : {}) }
      : {};
  return {
    brand: flow.brand_slug,
    urlSlug: flow.url_slug,
    offerId: selection.offerId,
    addOnIds: selection.addOnIds,
    ...(couponCode ? { couponCode } : {}),
    ...location,
    ...(options.withLocation && options.delivery
      ? { deliveryCountry: options.delivery.country, ...(options.delivery.region ? { deliveryRegion: options.delivery.region } : {}) }
      : {}),
    ...(options.livemode === false ? { livemode: false } : {}),
    // A preview link's pages price the version they show.
    ...(flow.preview ? { preview: flow.preview.token } : {}),
    // An experiment's pages name the variant they showed: the server refuses another.
    ...(flow.experiment ? { experiment: flow.experiment } : {}),
    ...(options.locale && options.locale !== flow.locale ? { locale: options.locale } : {}),
  };
}
