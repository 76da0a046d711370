import type { QueryResult, QueryValue } from './query';

/** The query parameter of a preview link: `/{brand}/{url_slug}?preview={token}`; every step keeps it, as it keeps the query. */
export const PREVIEW_PARAMETER = 'preview';

/** A preview link's token: 256 random bits, URL-safe (lib/server/ids.ts newSecret). */
export const PREVIEW_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** How long a preview link works once made. */
export const PREVIEW_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** The preview token a journey URL carries: null when it carries none; refused when it is not one token of the right shape. */
export function parsePreviewToken(value: QueryValue): QueryResult<string | null> {
  const values = Array.isArray(value) ? value : value === undefined ? [] : [value];
  if (values.length > 1)
    return {
      ok: false,
      message: `The "${PREVIEW_PARAMETER}" parameter appears more than once.`,
      reason: { id: 'errors.refusal.repeated', values: { parameter: PREVIEW_PARAMETER } },
    };
  const token = values[0];
  if (token === undefined) return { ok: true, value: null };
  if (!PREVIEW_TOKEN.test(token))
    return { ok: false, message: 'The "preview" parameter does not hold a preview link.', reason: { id: 'errors.refusal.preview' } };
  return { ok: true, value: token };
}

/** A campaign's first page with a preview's token. */
export const previewPath = (brand: string, urlSlug: string, token: string) => `/${brand}/${urlSlug}?${PREVIEW_PARAMETER}=${token}`;

/**
 * A campaign's page opened through a preview link (`/{brand}/{url_slug}…?preview={token}`),
 * which the studio's preview page frames; no other page may be framed.
 */
export function isPreviewLinkPage(url: string): boolean {
  const [path = '', query] = url.split('#')[0]!.split('?');
  if (query === undefined || !/^\/[a-z0-9-]+\/[a-z0-9-]+(\/|$)/.test(path) || /^\/(admin|api|account)\//.test(path)) return false;
  const tokens = new URLSearchParams(query).getAll(PREVIEW_PARAMETER);
  return tokens.length === 1 && PREVIEW_TOKEN.test(tokens[0]!);
}

/** The studio's preview page, /admin/campaigns/{id}/preview: it frames a preview link's pages at two widths. */
export const isStudioPreviewPage = (path: string) => /^\/admin\/campaigns\/[^/]+\/preview\/?$/.test(path);
