import type { MessageDescriptor, MessageKey } from '@/lib/i18n/messageKey';
import type { CurrencyCode } from '@/lib/pricing/currencies';
import { isCouponActive } from './couponValidity';
import type { Coupon, CouponScope } from './types';

export type CouponRejection = 'unknown' | 'expired' | 'not_yet_active' | 'wrong_currency' | 'used_up' | 'already_used';

export type CouponCheck = { ok: true; coupon: Coupon } | { ok: false; reason: CouponRejection; message: MessageDescriptor };

/** Where a code is tried: the campaign's brand and id, the plan offer and the currency it is priced in. */
export interface CouponPlace {
  brand: string;
  campaignId: string;
  offerId: string;
  currencyCode: CurrencyCode;
}

/** Promo codes are matched without regard to case or surrounding spaces. */
export function normaliseCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/** Whether a coupon's scope takes this campaign and offer: every list it gives must name them. */
export function couponAppliesTo(scope: CouponScope, place: Omit<CouponPlace, 'currencyCode'>): boolean {
  if (scope === 'all') return true;
  const takes = (list: string[] | null, value: string) => list === null || list.includes(value);
  return takes(scope.brands, place.brand) && takes(scope.campaigns, place.campaignId) && takes(scope.offers, place.offerId);
}

const REFUSAL_KEYS: Readonly<Record<CouponRejection, MessageKey>> = {
  unknown: 'promo.refused.unknown',
  expired: 'promo.refused.expired',
  not_yet_active: 'promo.refused.notYetActive',
  wrong_currency: 'promo.refused.wrongCurrency',
  used_up: 'promo.refused.usedUp',
  already_used: 'promo.refused.alreadyUsed',
};

/**
 * The visitor's words for a refusal, worded at the edge: the page says it from the quote's
 * code, reason and currency, the server in an API answer from the same message.
 */
export function couponRefusalMessage(code: string, reason: CouponRejection, currencyCode: CurrencyCode): MessageDescriptor {
  return { id: REFUSAL_KEYS[reason], values: { code, currency: currencyCode } };
}

/** A refused code: the reason (a stable code) and the visitor's words for it. */
export function couponRefusal(
  code: string,
  reason: CouponRejection,
  currencyCode: CurrencyCode,
): { ok: false; reason: CouponRejection; message: MessageDescriptor } {
  return { ok: false, reason, message: couponRefusalMessage(code, reason, currencyCode) };
}

/**
 * Decides whether a promo code can be used on this campaign's offer at `now`, and if not,
 * says why in words a visitor understands. A code meant for another brand, campaign or
 * offer is answered exactly as a code that does not exist, so that trying codes on one
 * offer tells nothing about the others; its dates are only said where it applies.
 * Redemption caps need the orders: the server checks them (lib/server/checkout/CouponRedemptionRepository).
 */
export function checkCoupon(code: string, coupons: ReadonlyMap<string, Coupon>, place: CouponPlace, now: Date): CouponCheck {
  const normalised = normaliseCouponCode(code);
  const coupon = coupons.get(normalised);
  if (!coupon || !couponAppliesTo(coupon.scope, place)) return couponRefusal(normalised, 'unknown', place.currencyCode);
  if (coupon.validUntil && !isCouponActive({ validFrom: null, validUntil: coupon.validUntil }, now)) {
    return couponRefusal(normalised, 'expired', place.currencyCode);
  }
  if (!isCouponActive(coupon, now)) return couponRefusal(normalised, 'not_yet_active', place.currencyCode);
  if (coupon.currencyCode && coupon.currencyCode !== place.currencyCode) {
    return couponRefusal(normalised, 'wrong_currency', place.currencyCode);
  }
  return { ok: true, coupon };
}
