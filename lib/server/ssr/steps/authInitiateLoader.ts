import { externalSignInUrl } from '@/lib/identity/externalSignIn';
import { resolveStep } from '@/lib/journey/steps';
import { publicOrigin } from '@/lib/server/http/publicOrigin';
import { receiptFor } from '@/lib/server/ssr/receiptProps';
import type { StepLoader, StepLoaderContext } from '@/lib/server/ssr/stepLoader';
import { loadOrder } from './orderView';

/**
 * The address the success page shows, for a visitor sent from there: the buyer's of this
 * browser's own paid order on the campaign (its receipt cookie). Never read from the URL,
 * which anyone can write: a forged link prefills nothing.
 */
async function buyerEmail(context: StepLoaderContext): Promise<string | null> {
  if (resolveStep(context.returnSegments)?.step !== 'success') return null;
  const receipt = await receiptFor(context.server, context.req, context.flow.campaignId);
  return receipt.kind === 'found' && receipt.transaction.status === 'succeeded' ? receipt.transaction.customer.email : null;
}

/**
 * auth/initiate: with an external identity service, its sign-in page; otherwise ours, which
 * names the brand and the offer the visitor came for.
 */
export const loadAuthInitiate: StepLoader<'auth-initiate'> = async (context) => {
  const { env, req, base, returnSegments, search } = context;
  if (env.IDENTITY_SIGN_IN_URL) {
    return { redirect: externalSignInUrl(env.IDENTITY_SIGN_IN_URL, publicOrigin(env, req), base, returnSegments, search) };
  }
  // The link's token must not travel on in a Referer header.
  context.res.setHeader('Referrer-Policy', 'no-referrer');
  // The offer in the cart, or the campaign's only one (a gated campaign sends visitors here before they choose).
  const { order } = loadOrder(context);
  const { plans } = context.flow.data.pageData;
  const offerName = order?.plan.name ?? (plans.length === 1 ? plans[0]!.name : null);
  const signedIn = (await context.server.sessions.email(req.headers.cookie, String(context.mode.livemode))) !== null;
  return { view: { returnSegments, offerName, signedIn, prefillEmail: await buyerEmail(context) } };
};
