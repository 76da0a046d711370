import type { CouponOutcome, QuoteRequest, QuoteResponse } from '@/lib/checkout/quoteContract';
import { campaignState } from '@/lib/catalogue/campaignWindow';
import { checkCoupon, normaliseCouponCode } from '@/lib/catalogue/couponCheck';
import { crossSellsFor } from '@/lib/catalogue/crossSell';
import type { Offer } from '@/lib/catalogue/types';
import { EXCLUDED_COUNTRY_CODES } from '@/lib/geo/countryCodes';
import { mandateApplies } from '@/lib/geo/mandates';
import { buildQuote } from '@/lib/pricing/quote';
import { taxRateFor } from '@/lib/pricing/tax';
import { flowKey, type CatalogueSnapshot } from '@/lib/server/catalogue/CatalogueRepository';
import { HttpError } from '@/lib/server/http/HttpError';
import { serverWords } from '@/lib/server/i18n/pageI18n';
import { DEFAULT_LOCALE } from '@/lib/i18n/locales';
import { MANDATES, TAX_RATES } from './checkoutRules';
import { requestLocale } from './requestLocale';

/**
 * Prices what the visitor has chosen from the catalogue alone: prices in the request are
 * never trusted. A promo code that cannot be used does not fail the quote; it comes back
 * with the reason and the total unchanged. Refusals are worded in the request's language (the
 * campaign's unless it names one the campaign offers): the browser shows them as they come.
 */
export function quoteCheckout(snapshot: CatalogueSnapshot, request: QuoteRequest, now: Date): QuoteResponse {
  const flow = snapshot.flowsByPath.get(flowKey(request.brand, request.urlSlug));
  // Without its campaign, the request has no language of its own: the default locale's words.
  if (!flow) throw new HttpError(404, 'campaign_not_found', serverWords(DEFAULT_LOCALE).t('order.error.offerGone'));
  const locale = requestLocale(flow, request.locale);
  // Worded only when something is refused: most quotes say nothing.
  const words = () => serverWords(locale);
  // Not sold outside its dates; the submit prices through here, so it is refused before any charge.
  // A campaign not yet started is answered as one that does not exist, so as not to announce it.
  const state = campaignState(flow, now);
  if (state === 'ended') throw new HttpError(410, 'campaign_ended', words().t('order.error.offerEnded'));
  if (state === 'upcoming') throw new HttpError(404, 'campaign_not_found', words().t('order.error.offerGone'));

  const offer = flow.data.pageData.plans.find((plan) => plan.id === request.offerId);
  if (!offer) throw new HttpError(404, 'offer_not_found', words().t('order.error.offerNotInCampaign'));

  if (new Set(request.addOnIds).size !== request.addOnIds.length) {
    throw new HttpError(400, 'duplicate_add_on', words().t('order.error.duplicateAddOn'));
  }
  const available = crossSellsFor(offer.id, snapshot.crossSellsByBrand.get(flow.brand_slug) ?? []);
  const addOns = request.addOnIds.map((id): Offer => {
    const addOn = available.find((candidate) => candidate.id === id);
    if (!addOn || addOn.currencyCode !== offer.currencyCode) {
      throw new HttpError(400, 'add_on_not_available', words().t('order.error.addOnNotAvailable', { id, offer: offer.name }));
    }
    return addOn;
  });

  // Print is taxed where it goes (a good's destination), a digital order where the buyer is.
  const taxedAt =
    offer.isPrintOffer && request.deliveryCountry
      ? { country: request.deliveryCountry, region: request.deliveryRegion ?? null }
      : { country: request.country ?? null, region: request.region ?? null };
  if ([request.country, taxedAt.country].some((country) => country && EXCLUDED_COUNTRY_CODES.includes(country))) {
    throw new HttpError(400, 'country_not_supported', words().t('order.error.countryNotSupported'));
  }

  let coupon: CouponOutcome | null = null;
  let discount = null;
  if (request.couponCode) {
    const place = { brand: flow.brand_slug, campaignId: flow.campaignId, offerId: offer.id, currencyCode: offer.currencyCode };
    const check = checkCoupon(request.couponCode, snapshot.couponsByCode, place, now);
    if (check.ok) {
      coupon = { code: check.coupon.code, applied: true };
      discount = check.coupon.coupon;
    } else {
      coupon = { code: normaliseCouponCode(request.couponCode), applied: false, reason: check.reason, message: words().say(check.message) };
    }
  }

  const quote = buildQuote({
    currencyCode: offer.currencyCode,
    // Add-ons are bought once (renewals charge the plan alone): only the plan's line carries renewal terms.
    items: [offer, ...addOns.map(({ billingInterval: _once, ...addOn }) => addOn)],
    coupon: discount,
    taxRate: taxRateFor(TAX_RATES, taxedAt.country, taxedAt.region),
  });

  return {
    campaignId: flow.campaignId,
    offerId: offer.id,
    quote,
    coupon,
    autoRenewalConsentRequired: request.country ? mandateApplies(MANDATES, request.country, request.region ?? null) : false,
  };
}
