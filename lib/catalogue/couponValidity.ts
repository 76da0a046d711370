import type { Coupon } from './types';

/** A coupon is usable from validFrom (inclusive) until validUntil (exclusive). */
export function isCouponActive(coupon: Pick<Coupon, 'validFrom' | 'validUntil'>, now: Date): boolean {
  const time = now.getTime();
  if (coupon.validFrom && time < Date.parse(coupon.validFrom)) return false;
  if (coupon.validUntil && time >= Date.parse(coupon.validUntil)) return false;
  return true;
}
