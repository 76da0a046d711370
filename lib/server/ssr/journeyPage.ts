import { journeyLocale, languageOffersOf, type LanguageChoice } from '@/lib/i18n/languageOffers';
import { LANG_PARAMETER } from '@/lib/i18n/langLink';
import type { GetServerSidePropsContext, GetServerSidePropsResult } from 'next';
import { parseJourneySegments } from '@/lib/journey/path';
import { canonicalJourneyPath } from '@/lib/journey/canonicalPath';
import { isOnSale, msUntilChange } from '@/lib/catalogue/campaignWindow';
import { flowInLocale } from '@/lib/catalogue/catalogueInLocale';
import { LIVEMODE_COOKIE, parseJourneyMode, type QueryValue } from '@/lib/journey/query';
import { asksTestMode, inRequestMode } from '@/lib/journey/errorPage';
import { epicuriousHostRedirect, searchOf } from '@/lib/journey/navigation';
import type { StepId } from '@/lib/journey/steps';
import type { JourneyPageProps, JourneyRouteProps, RefusedPageProps } from '@/lib/journey/viewModels';
import { parsePreviewToken, PREVIEW_PARAMETER } from '@/lib/journey/preview';
import { openedPreview } from './previewCatalogue';
import { visitorExperiment } from '@/lib/server/experiments/visitorExperiment';
import { flowKey, type CatalogueSnapshot } from '@/lib/server/catalogue/CatalogueRepository';
import { refuseUnlessPageMethod } from './pageMethods';
import { refusalFrameFor } from './errorPage';
import type { MessageDescriptor } from '@/lib/i18n/messageKey';
import { serverContext } from '@/lib/server/context/serverContext';
import { publicTrackingEnv } from '@/lib/server/config/publicTrackingEnv';
import type { StepLoaderContext } from './stepLoader';
import { STEP_LOADERS } from './stepLoaders';
import { CONSENT_COOKIE } from '@/lib/tracking/consent/consentStore';
import { PERSONAL_CACHE_CONTROL, pageCaching, SHARED_PAGE_VARY } from '@/lib/server/http/pageCaching';
import { STEP_NAMESPACES } from '@/lib/i18n/namespaces';
import { pageI18n, serverWords } from '@/lib/server/i18n/pageI18n';

/** The visitor's own query, read from the URL (Next merges route params into ctx.query). */
function queryOf(search: string): Record<string, QueryValue> {
  // Keyed by whatever the visitor sent ("constructor", "__proto__"…): a map, never an object's own properties.
  const query = new Map<string, string[]>();
  for (const [key, value] of new URLSearchParams(search)) query.set(key, [...(query.get(key) ?? []), value]);
  return Object.fromEntries(query);
}

function routeSegments(params: GetServerSidePropsContext['params']): string[] | null {
  const { brand, url_slug: urlSlug, step = [] } = params ?? {};
  if (typeof brand !== 'string' || typeof urlSlug !== 'string' || !Array.isArray(step)) return null;
  return [brand, urlSlug, ...step];
}

/**
 * Steps that finish or show an order already paid for: a buyer who paid as the campaign
 * ended still gets back from Amazon Pay and sees the success page.
 */
const OPEN_AFTER_SALE: ReadonlySet<StepId> = new Set<StepId>(['amazon-pay-return', 'success']);

/**
 * The lower-case address of a journey path typed with capitals, with its query, when it
 * leads to exactly one campaign (lib/journey/canonicalPath.ts); else null.
 */
async function canonicalDestination(segments: readonly string[], resolvedUrl: string): Promise<string | null> {
  if (!segments.some((segment) => /[A-Z]/.test(segment))) return null;
  const snapshot = await (await serverContext()).catalogue.get();
  const path = canonicalJourneyPath(segments, snapshot.flowsByPath.keys());
  return path && `${path}${searchOf(resolvedUrl)}`;
}

/** The languages a campaign offers on its private steps, each labelled in itself; null when it offers none. */
function languageChoiceOf(campaignLocale: string): LanguageChoice | null {
  const offers = languageOffersOf(campaignLocale);
  if (offers.length === 0) return null;
  const label = (locale: string) => serverWords(locale).t('payment.language.continueIn');
  return {
    campaign: { locale: campaignLocale, label: label(campaignLocale) },
    offers: offers.map((offer) => ({ ...offer, label: label(offer.locale) })),
  };
}

/** Runs the step's own loader; the union of page props is keyed by the same step. */
async function loadStep<K extends StepId>(step: K, context: StepLoaderContext): Promise<GetServerSidePropsResult<JourneyRouteProps>> {
  const result = await STEP_LOADERS[step](context);
  if ('redirect' in result) return { redirect: { destination: result.redirect, permanent: false } };
  const { base, mode, search, flow, env, req, res, now, locale, snapshot } = context;
  const caching = pageCaching(
    {
      method: req.method,
      step,
      livemode: mode.livemode,
      cookieNames: Object.keys(req.cookies),
      msUntilEnd: msUntilChange(flow, now, snapshot.scheduledChanges.get(flow.campaignId) ?? null),
    },
    env.CATALOGUE_CACHE_TTL_MS,
  );
  res.setHeader('Cache-Control', caching.cacheControl);
  if (caching.shared) res.setHeader('Vary', SHARED_PAGE_VARY);
  // Always null on a shared page: a consent cookie (pj_) makes the page personal.
  const consentCookie = req.cookies[CONSENT_COOKIE] ?? null;
  const i18n = pageI18n(locale, STEP_NAMESPACES[step]);
  const languages = step === 'campaign' ? null : languageChoiceOf(flow.locale);
  const props = {
    kind: 'journey',
    base,
    mode,
    search,
    flow,
    tracking: publicTrackingEnv(env),
    consentCookie,
    step,
    view: result.view,
    i18n,
    ...(languages ? { languages } : {}),
  };
  return { props: props as JourneyPageProps };
}

/**
 * A journey request refused before its step: why, and the brand's look and way on, in the
 * request's mode (its banner and links in test mode, as every error page of a brand is).
 */
async function refusal(
  context: GetServerSidePropsContext,
  status: RefusedPageProps['status'],
  reason: MessageDescriptor,
): Promise<{ props: JourneyRouteProps }> {
  const url = inRequestMode(context.resolvedUrl, context.req.cookies[LIVEMODE_COOKIE]);
  return {
    props: {
      kind: 'refused',
      status,
      reason,
      ...(await refusalFrameFor(url)),
      ...(asksTestMode(url) ? { livemode: false as const } : {}),
    },
  };
}

/**
 * Loads a journey page: parses the path, reads live/test mode and source, finds the
 * campaign's checkout flow in the cached catalogue, then hands over to the step's loader.
 * Unknown or malformed paths are 404; a malformed query is a 400 page and a method other
 * than GET or HEAD a 405 page, each saying what is wrong.
 */
export async function getServerSideProps(context: GetServerSidePropsContext): Promise<GetServerSidePropsResult<JourneyRouteProps>> {
  // Personal until a step's loader has shown otherwise (pageCaching.ts).
  context.res.setHeader('Cache-Control', PERSONAL_CACHE_CONTROL);
  if (refuseUnlessPageMethod(context)) return refusal(context, 405, { id: 'errors.refusal.method' });
  const segments = routeSegments(context.params);
  const location = segments && parseJourneySegments(segments);
  if (!location) {
    // "/Vogue/Demo-Single" reaches the campaign, by a permanent redirect to its one URL, so
    // that analytics, the funnel and cookies scoped by path see one address.
    const destination = segments && (await canonicalDestination(segments, context.resolvedUrl));
    return destination ? { redirect: { destination, permanent: true } } : { notFound: true };
  }

  if (location.brand === 'epicurious') {
    const destination = epicuriousHostRedirect(context.req.headers.host);
    if (destination) return { redirect: { destination, permanent: false } };
  }

  const search = searchOf(context.resolvedUrl);
  const mode = parseJourneyMode(queryOf(search), context.req.cookies);
  if (!mode.ok) {
    context.res.statusCode = 400;
    // The page keeps the brand's look and leads on to its offer, without the value that was wrong.
    return refusal(context, 400, mode.reason);
  }

  const previewToken = parsePreviewToken(queryOf(search)[PREVIEW_PARAMETER]);
  if (!previewToken.ok) {
    context.res.statusCode = 400;
    return refusal(context, 400, previewToken.reason);
  }

  const server = await serverContext();
  let snapshot: CatalogueSnapshot;
  if (previewToken.value === null) snapshot = await server.catalogue.get();
  else {
    // A preview is nobody's page but its link's holders': never indexed, never kept by a cache.
    context.res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    const opened = await openedPreview(server, previewToken.value);
    if (!opened.ok) {
      context.res.statusCode = opened.status;
      return refusal(context, opened.status, opened.reason);
    }
    snapshot = opened.snapshot;
  }
  let flow = snapshot.flowsByPath.get(flowKey(location.brand, location.urlSlug));
  // A preview link opens its own campaign's pages only.
  if (!flow || (previewToken.value !== null && !flow.preview)) return { notFound: true };
  const now = server.clock();
  if (isOnSale(flow, now)) {
    const experimented = await visitorExperiment(server, snapshot, flow, {
      cookies: context.req.cookies,
      livemode: mode.value.livemode,
      source: mode.value.source,
      enrol: location.step === 'campaign' && context.req.method === 'GET',
    });
    if (experimented) ({ snapshot, flow } = experimented);
  }
  // Outside its dates a campaign is not sold: its pages are the not-found page, which links
  // to the brand's current offer (lib/server/ssr/errorPage.ts).
  if (!isOnSale(flow, now) && !OPEN_AFTER_SALE.has(location.step)) return { notFound: true };
  const locale = journeyLocale(flow.locale, location.step, queryOf(search)[LANG_PARAMETER]);
  return loadStep(location.step, {
    req: context.req,
    res: context.res,
    base: location.base,
    search,
    returnSegments: location.returnSegments,
    // A preview's orders are test-mode orders, whatever the link's query says.
    mode: flow.preview ? { ...mode.value, livemode: false } : mode.value,
    flow: flowInLocale(flow, locale),
    locale,
    snapshot,
    env: server.config,
    now,
    server,
  });
}
