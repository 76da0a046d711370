import type { CurrencyCode } from '@/lib/pricing/currencies';
import { isCouponActive } from './couponValidity';
import type { Coupon } from './types';

export type CouponRejection = 'unknown' | 'expired' | 'not_yet_active' | 'wrong_currency';

export type CouponCheck = { ok: true; coupon: Coupon } | { ok: false; reason: CouponRejection; message: string };

/** Promo codes are matched without regard to case or surrounding spaces. */
export function normaliseCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * Decides whether a promo code can be used on an offer priced in `currencyCode` at `now`,
 * and if not, says why in words a visitor understands.
 */
export function checkCoupon(code: string, coupons: ReadonlyMap<string, Coupon>, currencyCode: CurrencyCode, now: Date): CouponCheck {
  const normalised = normaliseCouponCode(code);
  const coupon = coupons.get(normalised);
  if (!coupon) return { ok: false, reason: 'unknown', message: `"${normalised}" is not a valid promo code.` };
  if (coupon.validUntil && !isCouponActive({ validFrom: null, validUntil: coupon.validUntil }, now)) {
    return { ok: false, reason: 'expired', message: `The promo code ${normalised} has expired.` };
  }
  if (!isCouponActive(coupon, now)) {
    return { ok: false, reason: 'not_yet_active', message: `The promo code ${normalised} is not active yet.` };
  }
  if (coupon.currencyCode && coupon.currencyCode !== currencyCode) {
    return {
      ok: false,
      reason: 'wrong_currency',
      message: `The promo code ${normalised} cannot be used with prices in ${currencyCode}.`,
    };
  }
  return { ok: true, coupon };
}
