/** A coupon's reduction: a percentage, or an amount in cents (SPEC §3, §5). */
export type CouponDiscount = { percent_off: number; amount_off?: never } | { amount_off: number; percent_off?: never };

/**
 * Applies a coupon to an amount in cents. The total never goes below zero and is rounded
 * to 3 decimals (SPEC §5), so a percentage of an odd amount keeps its fraction of a cent
 * until it is charged.
 */
export function applyDiscount(amountCents: number, coupon: CouponDiscount | null | undefined): number {
  if (!coupon) return roundTo3(amountCents);
  const discounted =
    coupon.percent_off !== undefined ? amountCents - (amountCents * coupon.percent_off) / 100 : amountCents - coupon.amount_off;
  return roundTo3(Math.max(0, discounted));
}

function roundTo3(value: number): number {
  return Math.round(value * 1000) / 1000;
}
