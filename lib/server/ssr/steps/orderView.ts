import { cartCookieName, resolveCart, withLocation as locatedAt, type CartSelection } from '@/lib/cart/cartSelection';
import { isPriceable, type ListedLocation } from '@/lib/geo/arrivalLocation';
import { decodeCartSelection } from '@/lib/cart/cartCookieCodec';
import { addOnsInLocale } from '@/lib/catalogue/catalogueInLocale';
import { quoteRequestSchema } from '@/lib/checkout/quoteContract';
import { quoteRequestFor } from '@/lib/checkout/quoteRequestFor';
import type { OrderStepView, OrderViewModel } from '@/lib/journey/viewModels';
import { receiptFor } from '@/lib/server/ssr/receiptProps';
import { quoteCheckout } from '@/lib/server/checkout/quoteService';
import { HttpError } from '@/lib/server/http/HttpError';
import { serverWords } from '@/lib/server/i18n/pageI18n';
import type { StepLoaderContext } from '@/lib/server/ssr/stepLoader';
import { checkSavedPromoCode } from './savedPromoCode';

/** The order, or why there is none: a notice worded in the page's language. */
export type OrderLoad = { order: OrderViewModel | null; notice: string | null };

/** Expires the cart cookie of this campaign, so that the next page starts clean. */
export function clearCartCookie(context: Pick<StepLoaderContext, 'res' | 'flow'>): void {
  context.res.appendHeader('Set-Cookie', `${cartCookieName(context.flow.campaignId)}=; Path=/; Max-Age=0; SameSite=Lax`);
}

/** Prices a selection as the quote endpoint would; a price that cannot be worked out is said, not thrown. */
function priced(context: StepLoaderContext, selection: CartSelection, withLocation: boolean) {
  const quoteRequest = quoteRequestFor(context.flow, selection, { withLocation, livemode: context.mode.livemode, locale: context.locale })!;
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
 * 400); a plan no longer on offer is an empty cart. With a location to start at (the
 * payment step's arrival location), a cart without one is priced there, so that the page
 * shows the tax and wallets of the country its form starts with; the cart cookie is left
 * as it is until the form changes it.
 */
export function loadOrder(context: StepLoaderContext, withLocation = false, startAt: ListedLocation | null = null): OrderLoad {
  const decoded = decodeCartSelection(context.req.cookies[cartCookieName(context.flow.campaignId)]);
  if (!decoded.ok) {
    clearCartCookie(context);
    return { order: null, notice: serverWords(context.locale).t('order.empty.unreadable') };
  }
  const addOns = addOnsInLocale(context.flow, context.snapshot.crossSellsByBrand.get(context.flow.brand_slug) ?? [], context.locale);
  const cart = resolveCart(decoded.selection, context.flow, addOns);
  if (!cart) return { order: null, notice: null };
  const selection =
    withLocation && startAt && !cart.selection.country && isPriceable(startAt)
      ? locatedAt(cart.selection, startAt.country, startAt.region)
      : cart.selection;
  return { order: { ...cart, selection, ...priced(context, selection, withLocation) }, notice: null };
}

function isPageDataRequest(req: StepLoaderContext['req']): boolean {
  return req.headers['x-nextjs-data'] === '1' || (req.url ?? '').startsWith('/_next/data/');
}

/**
 * The order of a cart, promo-code or payment step (priced for the buyer's location on the
 * last). A cookie we could not read makes it a 400 page that says so; an empty cart after
 * this browser's paid order (back from the success page) says the order is done.
 */
export async function loadOrderStep(
  context: StepLoaderContext,
  withLocation = false,
  startAt: ListedLocation | null = null,
): Promise<OrderStepView> {
  const loaded = await checkSavedPromoCode(context, loadOrder(context, withLocation, startAt));
  // A move between steps fetches the page's data: there a 400 would make Next reload the
  // page, whose request no longer has the (cleared) cookie, and the notice would be lost.
  if (loaded.notice && !isPageDataRequest(context.req)) context.res.statusCode = 400;
  const receipt = !loaded.order && !loaded.notice ? await receiptFor(context.server, context.req, context.flow.campaignId) : null;
  return { ...loaded, paidOrder: receipt?.kind === 'found' && receipt.transaction.status === 'succeeded' };
}
