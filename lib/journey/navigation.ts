import { basePathOf } from './path';
import { stepSubPath, type StepId } from './steps';

/**
 * Builds a journey URL: keeps the base of `pathname` ("/{brand}/{url_slug}") and appends
 * `subPath`; with `search` (a query string such as "?source=x"), the query is kept.
 */
export function journeyHref(pathname: string, subPath: string, search?: string): string {
  const base = basePathOf(pathname.split('?')[0] ?? '');
  const cleanSub = subPath.replace(/^\/+|\/+$/g, '');
  const path = cleanSub ? `${base}/${cleanSub}` : base;
  if (!search) return path;
  const query = search.startsWith('?') ? search.slice(1) : search;
  return query ? `${path}?${query}` : path;
}

/** The query string of a URL or path, with its "?", or "" when it has none. */
/** A query string ("" or "?…") without the given parameters: what a page keeps of the query it was reached with. */
export function withoutQueryParams(search: string, names: readonly string[]): string {
  const params = new URLSearchParams(search);
  for (const name of names) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

export function searchOf(url: string): string {
  const index = url.indexOf('?');
  if (index === -1) return '';
  const hashIndex = url.indexOf('#', index);
  const search = hashIndex === -1 ? url.slice(index) : url.slice(index, hashIndex);
  return search === '?' ? '' : search;
}

/** The address of a step of the campaign at `base`, keeping the query when given. */
export function stepHref(base: string, step: StepId, search?: string): string {
  return journeyHref(base, stepSubPath(step), search);
}

/**
 * Epicurious pages are served on Epicurious hosts only: any other host is sent to
 * /404. Local hosts count as Epicurious so that the demo and the tests can serve it.
 */
export function epicuriousHostRedirect(host: string | undefined): '/404' | null {
  const hostname = (host ?? '').toLowerCase().replace(/:\d+$/, '');
  if (hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]') return null;
  const isEpicurious = hostname === 'epicurious.com' || hostname.endsWith('.epicurious.com');
  return isEpicurious ? null : '/404';
}

/** The sign-in page for coming back to `page`, opening with the given method (magic link or password sign-in). */
export function signInHref(base: string, page: string, search: string, method: 'magic-link' | 'sign-in'): string {
  const href = journeyHref(base, `${stepSubPath('auth-initiate')}/${page}`, search);
  return `${href}${href.includes('?') ? '&' : '?'}method=${method}`;
}
