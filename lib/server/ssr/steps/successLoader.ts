import { billedTo } from '@/lib/checkout/billedTo';
import { languageOf } from '@/lib/i18n/locales';
import { receiptFor } from '@/lib/server/ssr/receiptProps';
import type { StepLoader } from '@/lib/server/ssr/stepLoader';
import { clearCartCookie } from './orderView';

/**
 * The success page: the visitor's own transaction, found by the receipt cookie. Without one
 * the page says it cannot show the order (403). Once paid, the campaign's cart is emptied.
 * The brand's reading URL comes from the catalogue, the invoice's billing address from the order.
 */
export const loadSuccess: StepLoader<'success'> = async (context) => {
  const receipt = await receiptFor(context.server, context.req, context.flow.campaignId);
  const found = receipt.kind === 'found' ? receipt : null;
  const transaction = found?.transaction ?? null;
  if (!transaction) context.res.statusCode = 403;
  if (transaction?.status === 'succeeded') clearCartCookie(context);
  const email = await context.server.sessions.email(context.req.headers.cookie, String(context.mode.livemode));
  return {
    view: {
      transaction,
      signedIn: email !== null,
      trackingSessionId: found?.trackingSessionId ?? null,
      billedTo: found ? billedTo(found.billing, languageOf(context.locale)) : null,
      readingUrl: context.snapshot.brands.get(context.flow.brand_slug)?.readingUrl ?? null,
    },
  };
};
