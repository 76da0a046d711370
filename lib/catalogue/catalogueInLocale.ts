import { languageOf } from '@/lib/i18n/locales';
import type { CheckoutFlow, Offer, OfferTranslation } from './types';

/*
 * The catalogue's words (an offer's description, features, badge and picture's text, the
 * brand's tagline) are written in the campaign's language. A page served in another
 * language the campaign offers (a Quebec buyer's French on an English campaign) shows an
 * offer's words as the studio translated them for that locale, and none of those it has no
 * translation of, rather than a foreign sentence: an offer is named by its brand and name,
 * which are names in every language.
 */

/** Whether a page in `pageLocale` reads the catalogue of a campaign in `campaignLocale` as written. */
export function readsCatalogueIn(campaignLocale: string, pageLocale: string): boolean {
  return languageOf(campaignLocale) === languageOf(pageLocale);
}

/** An offer as a page in another language than its campaign's shows it, without the words it has no translation of. */
export function offerInOtherLanguage(offer: Offer, words: OfferTranslation = {}): Offer {
  return {
    ...withoutTranslations(offer),
    description: words.description ?? `${offer.brand.name} ${offer.name}`,
    features: words.features ?? [],
    savingBadge: words.savingBadge ?? null,
    image: offer.image ? { ...offer.image, alt: words.imageAlt ?? '' } : null,
  };
}

/** The offer without its translations, which no page needs once it is worded for its locale. */
function withoutTranslations(offer: Offer): Offer {
  if (offer.translations === undefined) return offer;
  const { translations: _translations, ...words } = offer;
  return words;
}

/** An offer as a page in `pageLocale` of a campaign in `campaignLocale` shows it. */
export function offerInLocale(offer: Offer, campaignLocale: string, pageLocale: string): Offer {
  if (readsCatalogueIn(campaignLocale, pageLocale)) return withoutTranslations(offer);
  return offerInOtherLanguage(offer, offer.translations?.[pageLocale]);
}

/** A campaign's flow as a page in `pageLocale` shows it: as written, or in the words translated for that locale. */
export function flowInLocale(flow: CheckoutFlow, pageLocale: string): CheckoutFlow {
  const { data } = flow;
  const plans = data.pageData.plans.map((offer) => offerInLocale(offer, flow.locale, pageLocale));
  if (readsCatalogueIn(flow.locale, pageLocale)) {
    return plans.every((offer, index) => offer === data.pageData.plans[index])
      ? flow
      : { ...flow, data: { ...data, pageData: { ...data.pageData, plans } } };
  }
  return {
    ...flow,
    data: {
      ...data,
      pageData: { ...data.pageData, plans },
      brandIdentity: { ...data.brandIdentity, tagline: '' },
    },
  };
}

/** The add-ons a page in `pageLocale` offers, worded as it shows them. */
export function addOnsInLocale(flow: CheckoutFlow, addOns: readonly Offer[], pageLocale: string): Offer[] {
  return addOns.map((offer) => offerInLocale(offer, flow.locale, pageLocale));
}
