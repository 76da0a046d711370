import type { BrandIdentity } from '@/lib/catalogue/types';
import type { PageI18n } from '@/lib/i18n/pageI18n';
import { lowerAscii } from './canonicalPath';
import { isValidSegment } from './path';
import { parseLivemode, parseSource } from './query';

/** The brand an error page takes the look of, and the way back into its journey. */
export interface ErrorBrand {
  name: string;
  identity: BrandIdentity;
  /**
   * The brand's offer to go on to: the campaign asked for while it is on sale, else the
   * brand's current offer (its default campaign, lib/server/ssr/errorPage.ts); null when
   * the brand has nothing on sale.
   */
  home: string | null;
}

/** What a page not found under a brand was: an offer that is over, one we do not know, or another page. */
export type MissingKind = 'offer_ended' | 'offer_unknown' | 'page';

/** A brand's current offer, as the not-found page lists it. */
export interface BrandLink {
  name: string;
  href: string;
}

/** What the error page renders: only these reach the browser (no error, no message, no stack). */
export interface ErrorPageProps {
  statusCode: number;
  brand: ErrorBrand | null;
  /** On a 404 under a brand: what was not found, so that the page can say so. */
  missing?: MissingKind;
  /** On a 404 with no brand to go on to: every brand's current offer. */
  brands?: BrandLink[];
  /** Under the subscriber's account (/account/…): the way back to it, in test mode when the link was. */
  account?: string;
  /** False when the failed request was in test mode (?livemode=false): the page shows the banner, as its links keep the mode; absent when live. */
  livemode?: false;
  /**
   * The page's words, in the locale of the campaign or brand its URL names (English
   * elsewhere); from the page that failed when it failed in the browser.
   */
  i18n?: PageI18n;
}

export type ErrorKind = 'not_found' | 'bad_request' | 'not_allowed' | 'server_error';

/** What an error status means to the visitor; anything unknown is our fault, not theirs. */
export function errorKind(statusCode: number): ErrorKind {
  if (statusCode === 404 || statusCode === 410) return 'not_found';
  if (statusCode === 405) return 'not_allowed';
  if (statusCode >= 400 && statusCode < 500) return 'bad_request';
  return 'server_error';
}

/** The status to answer with: an error status as it is, anything else (none, a 2xx) as a 500. */
export function errorStatus(statusCode: number | undefined): number {
  return statusCode !== undefined && statusCode >= 400 && statusCode <= 599 ? statusCode : 500;
}

export interface ErrorLocation {
  brand: string;
  /** The campaign segment when it is well formed; null otherwise. */
  urlSlug: string | null;
  /** The journey's own query to keep on the way back (test mode, source); '' or '?…'. */
  search: string;
}

const queryOf = (url: string) => new URLSearchParams(url.split('#')[0]!.split('?')[1] ?? '');

/**
 * Whether a failed request asked for test mode (?livemode=false). Read from its URL only, as
 * the error page's links read it: the banner and the links never disagree.
 */
export function asksTestMode(url: string): boolean {
  const livemode = parseLivemode(queryOf(url).getAll('livemode'), undefined);
  return livemode.ok && !livemode.value;
}

/**
 * The URL an error page reads, in the request's mode: test mode set by the mt_livemode cookie
 * alone (as the account and the journey read it) reads as if the URL had asked
 * ?livemode=false, so that the page shows the banner and its links keep test mode, as the
 * pages they lead to would be. A malformed or repeated livemode stays live, as its links are.
 */
export function inRequestMode(url: string, livemodeCookie: string | undefined): string {
  const mode = parseLivemode(queryOf(url).getAll('livemode'), livemodeCookie);
  if (!mode.ok || mode.value || asksTestMode(url)) return url;
  const [beforeHash = ''] = url.split('#');
  const queryAt = beforeHash.indexOf('?');
  const path = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const params = queryOf(url);
  params.delete('livemode');
  params.set('livemode', 'false');
  return `${path}?${params.toString()}`;
}

/** What every error page of a URL keeps, whatever else is known: the way back to the account under it, and test mode. */
export function errorModeProps(url: string): Pick<ErrorPageProps, 'account' | 'livemode'> {
  const account = accountHomeOf(url);
  return { ...(account ? { account } : {}), ...(asksTestMode(url) ? { livemode: false as const } : {}) };
}

/** The journey's own query of a URL to keep on the way on (test mode, source); '' or '?…'. */
export function errorSearch(url: string): string {
  const params = queryOf(url);
  const kept = new URLSearchParams();
  if (asksTestMode(url)) kept.set('livemode', 'false');
  const source = parseSource(params.getAll('source'));
  if (source.ok && source.value) kept.set('source', source.value);
  const search = kept.toString();
  return search ? `?${search}` : '';
}

/**
 * Where a failed request was going, read from its URL without decoding anything: the first
 * segment when it is a well-formed brand slug, the second when it is a well-formed
 * campaign, each in lower case ("/Vogue/…" is Vogue's, as its journey is). Nothing the
 * visitor typed is kept unless it passes the journey's own rules.
 */
export function errorLocation(url: string): ErrorLocation | null {
  const [path = ''] = url.split('#')[0]!.split('?');
  const [, brand = '', urlSlug = ''] = path.split('/').map(lowerAscii);
  if (!isValidSegment(brand)) return null;
  return { brand, urlSlug: isValidSegment(urlSlug) ? urlSlug : null, search: errorSearch(url) };
}

/**
 * The way back to the account from an error under it (/account/nothing), keeping test mode
 * when the link asked for it, as the account's own links do; null anywhere else.
 */
export function accountHomeOf(url: string): string | null {
  const [path = ''] = url.split('#')[0]!.split('?');
  if (lowerAscii(path.split('/')[1] ?? '') !== 'account') return null;
  return asksTestMode(url) ? '/account?livemode=false' : '/account';
}
