import { quoteRequestSchema } from '@/lib/checkout/quoteContract';
import { clientQuoteDeps, quoteForClient } from '@/lib/server/checkout/clientQuote';
import { checkoutLimitsFor } from '@/lib/server/checkout/requestLimits';
import { HttpError } from '@/lib/server/http/HttpError';
import type { StepLoaderContext } from '@/lib/server/ssr/stepLoader';
import type { OrderLoad } from './orderView';
import { inWordsOf } from '@/lib/server/http/refusal';
import { serverWords } from '@/lib/server/i18n/pageI18n';

/**
 * A promo code saved in the cart cookie is looked up as the quote endpoint looks one up:
 * limited and counted per client (a cookie is as easy to forge as a request), and checked
 * against its redemption cap in the journey's mode, so that a page says a used-up code
 * rather than showing it applied. A client over its limit sees why the price is missing.
 */
export async function checkSavedPromoCode(context: StepLoaderContext, loaded: OrderLoad): Promise<OrderLoad> {
  const order = loaded.order;
  if (!order?.quote || !order.quoteRequest.couponCode) return loaded;
  const request = quoteRequestSchema.parse({ ...order.quoteRequest, livemode: context.mode.livemode });
  try {
    const quote = await quoteForClient(
      clientQuoteDeps(context.server.db, checkoutLimitsFor(context.server, context.req)),
      context.snapshot,
      request,
      context.now,
    );
    return { ...loaded, order: { ...order, quote } };
  } catch (error) {
    // Said in the page's language, as the quote route says it (a limit's 429 is worded from the catalogue).
    if (error instanceof HttpError)
      return {
        ...loaded,
        order: { ...order, quote: null, quoteError: (inWordsOf(serverWords(context.locale), error) as HttpError).message },
      };
    throw error;
  }
}
