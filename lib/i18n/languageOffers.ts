import marketLanguages from '@/data/market-languages.json';
import type { StepId } from '@/lib/journey/steps';
import { LANG_PARAMETER } from './langLink';

/** Another language a campaign offers to the buyers of one place (data/market-languages.json). */
export interface LanguageOffer {
  locale: string;
  country: string;
  region: string | null;
}

const OFFERS: Readonly<Record<string, readonly LanguageOffer[]>> = Object.fromEntries(
  Object.entries(marketLanguages.campaigns).map(([campaign, offers]) => [
    campaign,
    offers.map((offer) => ({ locale: offer.locale, country: offer.country, region: offer.region ?? null })),
  ]),
);

/** What a private step offers its buyer: each language with its label written in that language. */
export interface LanguageChoice {
  /** The campaign's own language: the way back from an offered one. */
  campaign: { locale: string; label: string };
  offers: readonly (LanguageOffer & { label: string })[];
}

/** The languages a campaign in `campaignLocale` offers besides its own. */
export function languageOffersOf(campaignLocale: string): readonly LanguageOffer[] {
  return OFFERS[campaignLocale] ?? [];
}

/** Whether a buyer of a campaign in `campaignLocale` may be served in `locale`: its own, or one it offers. */
export function isOfferedLocale(campaignLocale: string, locale: string): boolean {
  return locale === campaignLocale || languageOffersOf(campaignLocale).some((offer) => offer.locale === locale);
}

/**
 * The locale a journey page speaks: the campaign's on the offer page, which a shared cache
 * keeps as one page per URL; on the private steps the one the buyer chose (`?lang=`, carried
 * from step to step in the query) when the campaign offers it. Anything else is ignored.
 */
export function journeyLocale(campaignLocale: string, step: StepId, query: string | string[] | undefined): string {
  // A parameter given once, as a string or a list of one; given twice, it says nothing.
  const asked = Array.isArray(query) ? (query.length === 1 ? query[0] : undefined) : query;
  if (step === 'campaign' || asked === undefined) return campaignLocale;
  const offered = languageOffersOf(campaignLocale).find((offer) => offer.locale.toLowerCase() === asked.toLowerCase());
  return offered?.locale ?? campaignLocale;
}

/** The language to offer a buyer of `place` on a page in `pageLocale`, or null. */
export function offerFor(campaignLocale: string, pageLocale: string, place: { country: string; region: string }): LanguageOffer | null {
  if (pageLocale !== campaignLocale) return null;
  const offer = languageOffersOf(campaignLocale).find(
    (candidate) => candidate.country === place.country && (candidate.region === null || candidate.region === place.region),
  );
  return offer ?? null;
}

/** The journey query with the buyer's language (null: the campaign's own). */
export function searchInLocale(search: string, locale: string | null): string {
  const query = new URLSearchParams(search);
  if (locale) query.set(LANG_PARAMETER, locale);
  else query.delete(LANG_PARAMETER);
  const next = query.toString();
  return next ? `?${next}` : '';
}
