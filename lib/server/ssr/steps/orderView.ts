import { cartCookieName, resolveCart, type CartSelection } from '../../../cart/cartSelection';
import { decodeCartSelection } from '../../../cart/cartCookieCodec';
import { quoteRequestSchema } from '../../../checkout/quoteContract';
import { quoteRequestFor } from '../../../checkout/quoteRequestFor';
import type { OrderViewModel } from '../../../journey/viewModels';
import { quoteCheckout } from '../../checkout/quoteService';
import { HttpError } from '../../http/HttpError';
import type { StepLoaderContext } from '../stepLoader';

export type OrderLoad = { order: OrderViewModel | null; notice: string | null };

const UNREADABLE_CART = 'We could not read the order saved in this browser, so your cart is empty. Please choose your subscription again.';

/** Expires the cart cookie of this campaign, so that the next page starts clean. */
export function clearCartCookie(context: Pick<StepLoaderContext, 'res' | 'flow'>): void {
  context.res.appendHeader('Set-Cookie', `${cartCookieName(context.flow.campaignId)}=; Path=/; Max-Age=0; SameSite=Lax`);
}

/** Prices a selection as the quote endpoint would; a price that cannot be worked out is said, not thrown. */
function priced(context: StepLoaderContext, selection: CartSelection, withLocation: boolean) {
  const quoteRequest = quoteRequestFor(context.flow, selection, { withLocation })!;
  try {
    return { quoteRequest, quote: quoteCheckout(context.snapshot, quoteRequestSchema.parse(quoteRequest), context.now), quoteError: null };
  } catch (error) {
    if (error instanceof HttpError) return { quoteRequest, quote: null, quoteError: error.message };
    throw error;
  }
}

/**
 * The visitor's order from the campaign's cart cookie, resolved against today's catalogue
 * and priced. A cookie we cannot read is cleared and said (the order steps answer it with
 * 400); a plan no longer on offer is an empty cart.
 */
export function loadOrder(context: StepLoaderContext, withLocation = false): OrderLoad {
  const decoded = decodeCartSelection(context.req.cookies[cartCookieName(context.flow.campaignId)]);
  if (!decoded.ok) {
    clearCartCookie(context);
    return { order: null, notice: UNREADABLE_CART };
  }
  const cart = resolveCart(decoded.selection, context.flow, context.snapshot.crossSellsByBrand.get(context.flow.brand_slug) ?? []);
  if (!cart) return { order: null, notice: null };
  return { order: { ...cart, ...priced(context, cart.selection, withLocation) }, notice: null };
}

/** The order of a cart, promo-code or payment step (priced for the buyer's location on the last); a cookie we could not read makes it a 400 page that says so. */
export function loadOrderStep(context: StepLoaderContext, withLocation = false): OrderLoad {
  const loaded = loadOrder(context, withLocation);
  if (loaded.notice) context.res.statusCode = 400;
  return loaded;
}
