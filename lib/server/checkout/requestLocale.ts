import type { CheckoutFlow } from '@/lib/catalogue/types';
import { isOfferedLocale } from '@/lib/i18n/languageOffers';
import { HttpError } from '@/lib/server/http/HttpError';

/**
 * The language a quote or an order speaks: the one its request names (the page's), else the
 * campaign's. A language the campaign does not offer is refused: the browser never sends one.
 */
export function requestLocale(flow: Pick<CheckoutFlow, 'locale'>, locale: string | null | undefined): string {
  if (!locale) return flow.locale;
  if (!isOfferedLocale(flow.locale, locale))
    throw new HttpError(400, 'invalid_locale', `"locale" must be the campaign's (${flow.locale}) or a language it offers.`);
  return locale;
}

/** The same, for wording a refusal that comes before the request is priced: never refuses. */
export function requestLocaleOr(
  flow: Pick<CheckoutFlow, 'locale'> | undefined,
  locale: string | null | undefined,
  fallback: string,
): string {
  if (!flow) return fallback;
  return locale && isOfferedLocale(flow.locale, locale) ? locale : flow.locale;
}
