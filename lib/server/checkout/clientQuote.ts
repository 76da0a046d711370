import { couponRefusal } from '@/lib/catalogue/couponCheck';
import type { QuoteRequest, QuoteResponse } from '@/lib/checkout/quoteContract';
import { flowKey, type CatalogueSnapshot } from '@/lib/server/catalogue/CatalogueRepository';
import { serverWords } from '@/lib/server/i18n/pageI18n';
import { CouponRedemptionRepository } from '@/lib/server/checkout/CouponRedemptionRepository';
import type { CheckoutLimits } from './CheckoutLimits';
import { quoteCheckout } from './quoteService';
import { requestLocale } from './requestLocale';

export interface ClientQuoteDeps {
  redemptions: Pick<CouponRedemptionRepository, 'usedUp'>;
  limits: Pick<CheckoutLimits, 'admitCouponLookup' | 'recordCouponFailure'>;
}

/**
 * The quote endpoint's answer to a client: the catalogue's quote, with a capped promo
 * code's total cap checked in the journey's mode (the submit's hold decides; this only
 * tells the buyer early). A client that has tried too many codes that could not be used is
 * refused (429) before its code is looked up, and each such code counts against it.
 */
export async function quoteForClient(
  deps: ClientQuoteDeps,
  snapshot: CatalogueSnapshot,
  request: QuoteRequest,
  now: Date,
): Promise<QuoteResponse> {
  if (request.couponCode) await deps.limits.admitCouponLookup(request.livemode ?? true);
  let response = quoteCheckout(snapshot, request, now);
  const outcome = response.coupon;
  if (outcome?.applied) {
    const coupon = snapshot.couponsByCode.get(outcome.code)!;
    if (await deps.redemptions.usedUp(coupon, request.livemode ?? true, now)) {
      const { couponCode: _used, ...withoutCode } = request;
      const refusal = couponRefusal(outcome.code, 'used_up', response.quote.currencyCode);
      const locale = requestLocale(snapshot.flowsByPath.get(flowKey(request.brand, request.urlSlug))!, request.locale);
      response = {
        ...quoteCheckout(snapshot, withoutCode, now),
        coupon: { code: outcome.code, applied: false, reason: refusal.reason, message: serverWords(locale).say(refusal.message) },
      };
    }
  }
  if (response.coupon && !response.coupon.applied) await deps.limits.recordCouponFailure();
  return response;
}

export const clientQuoteDeps = (
  db: ConstructorParameters<typeof CouponRedemptionRepository>[0],
  limits: ClientQuoteDeps['limits'],
): ClientQuoteDeps => ({
  redemptions: new CouponRedemptionRepository(db),
  limits,
});
