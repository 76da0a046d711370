import { languageOf } from '@/lib/i18n/locales';
import type { CheckoutFlow, Offer } from './types';

/*
 * The catalogue's words (an offer's description, features, badge and picture's text, the
 * brand's tagline) are written in the campaign's language. A page served in another
 * language the campaign offers (a Quebec buyer's French on an English campaign) shows none
 * of them rather than a foreign sentence: an offer is named by its brand and name, which are
 * names in every language.
 */

/** Whether a page in `pageLocale` reads the catalogue of a campaign in `campaignLocale` as written. */
export function readsCatalogueIn(campaignLocale: string, pageLocale: string): boolean {
  return languageOf(campaignLocale) === languageOf(pageLocale);
}

/** An offer as a page in another language than its campaign's shows it. */
export function offerInOtherLanguage(offer: Offer): Offer {
  return {
    ...offer,
    description: `${offer.brand.name} ${offer.name}`,
    features: [],
    savingBadge: null,
    image: offer.image ? { ...offer.image, alt: '' } : null,
  };
}

/** A campaign's flow as a page in `pageLocale` shows it: as written, or without the catalogue's sentences. */
export function flowInLocale(flow: CheckoutFlow, pageLocale: string): CheckoutFlow {
  if (readsCatalogueIn(flow.locale, pageLocale)) return flow;
  const { data } = flow;
  return {
    ...flow,
    data: {
      ...data,
      pageData: { ...data.pageData, plans: data.pageData.plans.map(offerInOtherLanguage) },
      brandIdentity: { ...data.brandIdentity, tagline: '' },
    },
  };
}

/** The add-ons a page in `pageLocale` offers, worded as it shows them. */
export function addOnsInLocale(flow: CheckoutFlow, addOns: readonly Offer[], pageLocale: string): Offer[] {
  return readsCatalogueIn(flow.locale, pageLocale) ? [...addOns] : addOns.map(offerInOtherLanguage);
}
