import type { GetServerSidePropsContext, GetServerSidePropsResult } from 'next';
import { parseJourneySegments } from '../../journey/path';
import { isAvailableStep } from '../../journey/steps';
import { parseJourneyMode, type QueryValue } from '../../journey/query';
import { epicuriousHostRedirect, searchOf } from '../../journey/navigation';
import type { JourneyRouteProps } from '../../journey/pageProps';
import { catalogueSnapshot } from '../catalogue/catalogueService';
import { flowKey } from '../catalogue/CatalogueRepository';
import { METHOD_NOT_ALLOWED_MESSAGE, refuseUnlessPageMethod } from './pageMethods';
import { receiptFor } from './receiptProps';
import { completeSignIn } from './completeSignIn';
import { externalSignInUrl } from '../../auth/externalSignIn';
import { publicOrigin } from '../http/publicOrigin';
import { serverEnv } from '../../config/serverEnv';
import { paymentsConfigFor } from '../payments/paymentsConfig';
import { publicTrackingEnv } from '../../config/publicEnv';

/** The visitor's own query, read from the URL (Next merges route params into ctx.query). */
function queryOf(search: string): Record<string, QueryValue> {
  const query: Record<string, string[]> = {};
  for (const [key, value] of new URLSearchParams(search)) (query[key] ??= []).push(value);
  return query;
}

function routeSegments(params: GetServerSidePropsContext['params']): string[] | null {
  const { brand, url_slug: urlSlug, step = [] } = params ?? {};
  if (typeof brand !== 'string' || typeof urlSlug !== 'string' || !Array.isArray(step)) return null;
  return [brand, urlSlug, ...step];
}

/**
 * Loads a journey page: parses the path, reads live/test mode and source, and finds the
 * campaign's checkout flow in the cached catalogue. Unknown or malformed paths are 404;
 * a malformed query is a 400 page and a method other than GET or HEAD a 405 page, each
 * saying what is wrong.
 */
export async function getServerSideProps(
  context: GetServerSidePropsContext,
): Promise<GetServerSidePropsResult<JourneyRouteProps>> {
  if (refuseUnlessPageMethod(context)) {
    return { props: { kind: 'refused', status: 405, message: METHOD_NOT_ALLOWED_MESSAGE } };
  }
  const segments = routeSegments(context.params);
  const location = segments && parseJourneySegments(segments);
  if (!location || !isAvailableStep(location.step)) return { notFound: true };

  if (location.brand === 'epicurious') {
    const destination = epicuriousHostRedirect(context.req.headers.host);
    if (destination) return { redirect: { destination, permanent: false } };
  }

  const search = searchOf(context.resolvedUrl);
  const mode = parseJourneyMode(queryOf(search), context.req.cookies);
  if (!mode.ok) {
    context.res.statusCode = 400;
    return { props: { kind: 'refused', status: 400, message: mode.message } };
  }

  const snapshot = await catalogueSnapshot();
  const flow = snapshot.flowsByPath.get(flowKey(location.brand, location.urlSlug));
  if (!flow) return { notFound: true };
  const env = serverEnv();
  if (location.step === 'auth-initiate' && env.IDENTITY_SIGN_IN_URL) {
    const origin = publicOrigin(env, context.req);
    return { redirect: { destination: externalSignInUrl(env.IDENTITY_SIGN_IN_URL, origin, location.base, location.returnSegments, search), permanent: false } };
  }
  let authError: 'invalid' | 'expired' | 'used' | null = null;
  if (location.step === 'auth-initiate' || location.step === 'auth-complete') {
    // The link's token must not travel on in a Referer header.
    context.res.setHeader('Referrer-Policy', 'no-referrer');
  }
  if (location.step === 'auth-complete' && context.req.method !== 'HEAD') {
    const outcome = await completeSignIn(context, location.base, search);
    if (outcome.kind === 'redirect') return { redirect: { destination: outcome.destination, permanent: false } };
    authError = outcome.reason;
    context.res.statusCode = outcome.reason === 'invalid' ? 400 : 410;
  }
  const crossSells = location.step === 'cart' ? [...(snapshot.crossSellsByBrand.get(flow.brand_slug) ?? [])] : [];
  let transaction = null;
  if (location.step === 'success') {
    const receipt = await receiptFor(context.req, flow.campaignId);
    if (receipt.kind === 'found') transaction = receipt.transaction;
    else context.res.statusCode = 403;
  }

  return {
    props: {
      kind: 'journey',
      location: { base: location.base, step: location.step, returnSegments: location.returnSegments },
      mode: mode.value,
      search,
      flow,
      crossSells,
      transaction,
      payments: location.step === 'credit-card' ? paymentsConfigFor(env, mode.value.livemode) : null,
      authError,
      tracking: publicTrackingEnv(env),
    },
  };
}
