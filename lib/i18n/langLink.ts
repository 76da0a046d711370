import { DEFAULT_LOCALE } from './locales';

/** The query parameter that carries a page's locale to a subscriber's page outside the journey. */
export const LANG_PARAMETER = 'lang';

/**
 * A link to a subscriber's page (the account, cancelling, withdrawing) that opens in the
 * locale of the page it is on: those pages have no campaign to take a locale from.
 */
export function withLang(href: string, locale: string): string {
  if (locale === DEFAULT_LOCALE) return href;
  const [path = '', hash] = href.split('#', 2);
  const joined = `${path}${path.includes('?') ? '&' : '?'}${LANG_PARAMETER}=${encodeURIComponent(locale)}`;
  return hash === undefined ? joined : `${joined}#${hash}`;
}
