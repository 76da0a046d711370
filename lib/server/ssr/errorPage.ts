import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { parse } from 'cookie';
import type { CheckoutFlow } from '@/lib/catalogue/types';
import { campaignState, isOnSale } from '@/lib/catalogue/campaignWindow';
import {
  errorKind,
  errorLocation,
  errorModeProps,
  errorSearch,
  inRequestMode,
  type BrandLink,
  type ErrorBrand,
  type ErrorPageProps,
} from '@/lib/journey/errorPage';
import { isReservedTopLevelSegment } from '@/lib/journey/reservedPaths';
import { lowerAscii } from '@/lib/journey/canonicalPath';
import { LIVEMODE_COOKIE } from '@/lib/journey/query';
import { serverContext } from '@/lib/server/context/serverContext';
import { flowKey, type CatalogueSnapshot } from '@/lib/server/catalogue/CatalogueRepository';
import { DEFAULT_LOCALE } from '@/lib/i18n/locales';
import type { PageI18n } from '@/lib/i18n/pageI18n';
import { pageI18n } from '@/lib/server/i18n/pageI18n';

const offerPath = (flow: CheckoutFlow, search: string) => `/${flow.brand_slug}/${flow.url_slug}${search}`;

/**
 * A brand's current offer: its default campaign while on sale, else its first campaign on
 * sale that opens without signing in, else any on sale; undefined when none is.
 */
export function currentOfferOf(snapshot: CatalogueSnapshot, brandSlug: string, now: Date): CheckoutFlow | undefined {
  const onSale = [...snapshot.flowsByPath.values()].filter((flow) => flow.brand_slug === brandSlug && isOnSale(flow, now));
  const named = snapshot.brands.get(brandSlug)?.defaultCampaign;
  return onSale.find((flow) => flow.url_slug === named) ?? onSale.find((flow) => !flow.data.config.enablePreAuth) ?? onSale[0];
}

/**
 * The brand of a failed request under /{brand}/…, from the catalogue: its look, its name and
 * the way on (the campaign asked for while on sale, else the brand's current offer). Null
 * for a brand the catalogue does not have, or no brand at all.
 */
export function errorBrandIn(snapshot: CatalogueSnapshot, url: string, now: Date): ErrorBrand | null {
  const location = errorLocation(url);
  const brand = location && snapshot.brands.get(location.brand);
  if (!location || !brand) return null;
  const asked = location.urlSlug ? snapshot.flowsByPath.get(flowKey(location.brand, location.urlSlug)) : undefined;
  const home = asked && isOnSale(asked, now) ? asked : currentOfferOf(snapshot, location.brand, now);
  return { name: brand.name, identity: brand.identity, home: home ? offerPath(home, location.search) : null };
}

/**
 * The locale an error page of a URL speaks: the campaign's it names (an ended one's too, whose
 * buyers read its language), else its brand's; English under no brand of ours.
 */
export function errorLocaleIn(snapshot: CatalogueSnapshot, url: string): string {
  const location = errorLocation(url);
  if (!location) return DEFAULT_LOCALE;
  const asked = location.urlSlug ? snapshot.flowsByPath.get(flowKey(location.brand, location.urlSlug)) : undefined;
  return asked?.locale ?? snapshot.brands.get(location.brand)?.locale ?? DEFAULT_LOCALE;
}

/** An error page's words: `common` (what any page shows when it fails) and the error pages' own. */
export function errorPageI18n(locale: string): PageI18n {
  return pageI18n(locale, ['errors']);
}

/** Every brand with an offer on sale, by name, each linked to its current offer. */
export function brandLinksIn(snapshot: CatalogueSnapshot, search: string, now: Date): BrandLink[] {
  return [...snapshot.brands.values()]
    .flatMap((brand) => {
      const offer = currentOfferOf(snapshot, brand.slug, now);
      return offer ? [{ name: brand.name, href: offerPath(offer, search) }] : [];
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

/**
 * The error page's props for a request. A 404 under a known brand says whether the offer
 * asked for is over ("offer_ended") or unknown ("offer_unknown", also one not yet started,
 * which is not announced); a 404 with no brand to go on to lists every brand's current
 * offer, except under the site's own pages (/account, /admin…), which are no brand's; an
 * error under /account leads back to the account. In test mode the page says so, as every
 * page its links lead to does.
 */
export function errorPagePropsIn(snapshot: CatalogueSnapshot, url: string, statusCode: number, now: Date): ErrorPageProps {
  const brand = errorBrandIn(snapshot, url, now);
  const props: ErrorPageProps = { statusCode, brand, ...errorModeProps(url) };
  if (errorKind(statusCode) !== 'not_found') return props;
  const location = errorLocation(url);
  if (brand && location) {
    const asked = location.urlSlug ? snapshot.flowsByPath.get(flowKey(location.brand, location.urlSlug)) : undefined;
    if (!location.urlSlug) props.missing = 'page';
    else if (!asked || campaignState(asked, now) === 'upcoming') props.missing = 'offer_unknown';
    else props.missing = campaignState(asked, now) === 'ended' ? 'offer_ended' : 'page';
  }
  const firstSegment = lowerAscii(url.split(/[?#]/)[0]!.split('/')[1] ?? '');
  if (!brand?.home && !isReservedTopLevelSegment(firstSegment)) props.brands = brandLinksIn(snapshot, errorSearch(url), now);
  return props;
}

/** The mt_livemode cookie of a request; none when its cookie header cannot be read. */
function livemodeCookieOf(headers: Pick<IncomingHttpHeaders, 'cookie'> | undefined): string | undefined {
  try {
    return parse(headers?.cookie ?? '')[LIVEMODE_COOKIE];
  } catch {
    return undefined;
  }
}

/**
 * The error page's props for a request, on the server, in the request's mode (?livemode=false
 * or the mt_livemode cookie, as the account and the journey read it). The error may be the
 * catalogue's own (its database down): then the page is neutral rather than a second
 * failure, and keeps only the way back to the account and test mode.
 */
export async function errorPageProps(
  req: (Pick<IncomingMessage, 'url'> & { headers?: Pick<IncomingHttpHeaders, 'cookie'> }) | undefined,
  statusCode: number,
): Promise<ErrorPageProps> {
  if (!req?.url) return { statusCode, brand: null, i18n: errorPageI18n(DEFAULT_LOCALE) };
  const url = inRequestMode(req.url, livemodeCookieOf(req.headers));
  try {
    const server = await serverContext();
    const snapshot = await server.catalogue.get();
    return { ...errorPagePropsIn(snapshot, url, statusCode, server.clock()), i18n: errorPageI18n(errorLocaleIn(snapshot, url)) };
  } catch (error) {
    console.error('Error page: the catalogue could not be read; the page is shown without its brand.', error);
    return { statusCode, brand: null, ...errorModeProps(url), i18n: errorPageI18n(DEFAULT_LOCALE) };
  }
}

/**
 * The brand of a journey request refused before its step (a malformed query, a wrong
 * method), for its page's look and way on, and the words of its campaign's locale; without
 * a brand, in English, when the catalogue cannot be read, as above.
 */
export async function refusalFrameFor(url: string): Promise<{ brand: ErrorBrand | null; i18n: PageI18n }> {
  try {
    const server = await serverContext();
    const snapshot = await server.catalogue.get();
    return { brand: errorBrandIn(snapshot, url, server.clock()), i18n: errorPageI18n(errorLocaleIn(snapshot, url)) };
  } catch (error) {
    console.error('Refused journey page: the catalogue could not be read; the page is shown without its brand.', error);
    return { brand: null, i18n: errorPageI18n(DEFAULT_LOCALE) };
  }
}
