import type { IncomingMessage } from 'node:http';
import { HttpError } from './HttpError';

/** Methods that change something: only these are guarded (a GET must change nothing anyway). */
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const CROSS_SITE_MESSAGE =
  'This request came from another site, so it was refused: nothing was changed. Open this site directly and try again.';

const crossSite = () => new HttpError(403, 'cross_site_request', CROSS_SITE_MESSAGE);

/** An origin as browsers serialise it (lower-case scheme and host, no default port), or the text itself when it is none. */
function normalOrigin(value: string): string {
  const text = value.trim();
  try {
    return new URL(text).origin;
  } catch {
    return text;
  }
}

const header = (req: Pick<IncomingMessage, 'headers'>, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
};

/**
 * Refuses a state-changing request another site made the browser send (a form on
 * evil.example posting here with the visitor's cookies): 403 `cross_site_request` when the
 * browser says so (Sec-Fetch-Site `cross-site`, or `same-site`: a sibling subdomain is
 * another site to us), or when an Origin header names another origin than `siteOrigin()`.
 * Sec-Fetch-Site `same-origin` passes whatever the Origin says. A request with neither
 * header (curl, a server) passes: no browser sent it, so no visitor's cookies ride along. The site's origin is asked for only when it is needed.
 */
export function assertSameOrigin(req: Pick<IncomingMessage, 'headers' | 'method'>, siteOrigin: () => string): void {
  if (!STATE_CHANGING.has(req.method ?? '')) return;
  const fetchSite = header(req, 'sec-fetch-site')?.trim().toLowerCase();
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') throw crossSite();
  // The browser vouches for it (no page can set Sec-Fetch-Site). Its Origin may still say
  // "null": a form on a page with Referrer-Policy no-referrer (a sign-in link's page) posts so.
  if (fetchSite === 'same-origin' || fetchSite === 'none') return;
  const origin = header(req, 'origin');
  if (origin === undefined) return;
  // "null" (a sandboxed frame, a privacy-minded redirect) is no origin of ours either.
  if (origin.trim() === 'null' || normalOrigin(origin) !== normalOrigin(knownSiteOrigin(siteOrigin))) throw crossSite();
}

/** The site's origin, or '' when this server cannot tell it (no PUBLIC_ORIGIN, a foreign Host): then no Origin is ours. */
function knownSiteOrigin(siteOrigin: () => string): string {
  try {
    return siteOrigin();
  } catch {
    return '';
  }
}
