import type { CheckoutFlow, Coupon, Offer } from '@/lib/catalogue/types';
import type { QuoteResponse } from '@/lib/checkout/quoteContract';
import type { SubmitRequest } from '@/lib/checkout/submitContract';
import { flowKey, type CatalogueSnapshot } from '@/lib/server/catalogue/CatalogueRepository';
import { quoteCheckout } from '@/lib/server/checkout/quoteService';
import { HttpError } from '@/lib/server/http/HttpError';
import { flowInLocale } from '@/lib/catalogue/catalogueInLocale';

/** The order as the catalogue prices it, with the campaign and the offer it is for. */
export interface PricedOrder {
  priced: QuoteResponse;
  flow: CheckoutFlow;
  offer: Offer;
  /** The coupon applied, with its caps (held before the charge); null when none. */
  coupon: Coupon | null;
}

/**
 * Prices the order again from the catalogue: prices in the request are never trusted. A
 * promo code that cannot be used fails the submit (422), where a quote only reports it.
 */
export function priceOrder(snapshot: CatalogueSnapshot, request: SubmitRequest, now: Date): PricedOrder {
  const { billing } = request;
  const priced = quoteCheckout(
    snapshot,
    {
      brand: request.brand,
      urlSlug: request.urlSlug,
      offerId: request.offerId,
      addOnIds: request.addOnIds,
      ...(request.couponCode ? { couponCode: request.couponCode } : {}),
      country: billing.country,
      ...(billing.region ? { region: billing.region } : {}),
      // A print order's own delivery country, where it is taxed; the quote ignores it for a digital one.
      ...(billing.deliveryAddress?.country
        ? {
            deliveryCountry: billing.deliveryAddress.country,
            ...(billing.deliveryAddress.region ? { deliveryRegion: billing.deliveryAddress.region } : {}),
          }
        : {}),
      // Checked here (a language the campaign does not offer is refused), and its refusals worded in it.
      locale: request.locale,
    },
    now,
  );
  if (priced.coupon && !priced.coupon.applied) throw new HttpError(422, 'coupon_not_applicable', priced.coupon.message);

  const campaign = snapshot.flowsByPath.get(flowKey(request.brand, request.urlSlug))!;
  const coupon = priced.coupon?.applied ? (snapshot.couponsByCode.get(priced.coupon.code) ?? null) : null;
  // The order speaks the buyer's language from here on: its consent, answer, records and e-mails,
  // with the catalogue's words as a page in that language shows them.
  const locale = request.locale ?? campaign.locale;
  const flow = { ...flowInLocale(campaign, locale), locale };
  const offer = flow.data.pageData.plans.find((plan) => plan.id === request.offerId)!;
  return { priced, flow, offer, coupon };
}
