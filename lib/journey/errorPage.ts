import type { BrandIdentity } from '@/lib/catalogue/types';
import { isValidSegment } from './path';
import { parseLivemode, parseSource } from './query';

/** The brand an error page takes the look of, and the way back into its journey. */
export interface ErrorBrand {
  name: string;
  identity: BrandIdentity;
  /** The brand's offer page: the campaign asked for if it exists, else one of the brand's. */
  home: string;
}

/** What the error page renders: only these reach the browser (no error, no message, no stack). */
export interface ErrorPageProps {
  statusCode: number;
  brand: ErrorBrand | null;
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

/**
 * Where a failed request was going, read from its URL without decoding anything: the first
 * segment when it is a well-formed brand slug, the second when it is a well-formed
 * campaign. Nothing the visitor typed is kept unless it passes the journey's own rules.
 */
export function errorLocation(url: string): ErrorLocation | null {
  const [path = '', query = ''] = url.split('#')[0]!.split('?');
  const [, brand = '', urlSlug = ''] = path.split('/');
  if (!isValidSegment(brand)) return null;
  const params = new URLSearchParams(query);
  const kept = new URLSearchParams();
  const livemode = parseLivemode(params.getAll('livemode'), undefined);
  if (livemode.ok && !livemode.value) kept.set('livemode', 'false');
  const source = parseSource(params.getAll('source'));
  if (source.ok && source.value) kept.set('source', source.value);
  const search = kept.toString();
  return { brand, urlSlug: isValidSegment(urlSlug) ? urlSlug : null, search: search ? `?${search}` : '' };
}
