/**
 * The marketers' coupon table: for each coupon, per mode, the paid orders it discounted,
 * the holds of payments under way, its cap and what remains of it. Caps count since the
 * coupon was made, whatever the report's period: a cap is a number of redemptions, not a rate.
 * Pure: lib/server/checkout/CouponRedemptionRepository counts in SQL, this matches the counts to the catalogue.
 */
import type { Coupon } from '@/lib/catalogue/types';
import type { ReportMode } from './funnelFilter';

/** A coupon's uses in one mode, as the repository counts them. */
export interface CouponUsage {
  code: string;
  livemode: boolean;
  /** Paid orders the coupon discounted. */
  redeemed: number;
  /** Orders whose payment is under way (3-D Secure, a wallet): they hold a redemption for now. */
  held: number;
}

export interface CouponFigure {
  code: string;
  /** Where it works, in words: "Everywhere", "Brands vogue · Offers 1001", or that it left the catalogue. */
  scope: string;
  livemode: boolean;
  redeemed: number;
  held: number;
  /** Total cap per mode; null: none. */
  cap: number | null;
  /** What is left of the cap (never below 0); null: no cap. */
  remaining: number | null;
  perCustomerCap: number | null;
  validFrom: string | null;
  validUntil: string | null;
}

export const NOT_IN_CATALOGUE = 'No longer in the catalogue';

export function scopeWords(scope: Coupon['scope']): string {
  if (scope === 'all') return 'Everywhere';
  const parts = [
    scope.brands && `Brands ${scope.brands.join(', ')}`,
    scope.campaigns && `Campaigns ${scope.campaigns.join(', ')}`,
    scope.offers && `Offers ${scope.offers.join(', ')}`,
  ];
  return parts.filter(Boolean).join(' · ');
}

const modesOf = (mode: ReportMode): boolean[] => (mode === 'live' ? [true] : mode === 'test' ? [false] : [true, false]);

/**
 * One line per coupon and mode of the report's filter, by code, live first. With both modes,
 * a test line shows only where test orders used the coupon; a code that left the catalogue
 * shows while it has uses.
 */
export function computeCouponFigures(coupons: readonly Coupon[], usage: readonly CouponUsage[], mode: ReportMode): CouponFigure[] {
  const modes = modesOf(mode);
  const used = new Map(usage.map((line) => [`${line.code}|${line.livemode}`, line]));
  const known = new Map(coupons.map((coupon) => [coupon.code, coupon]));
  const codes = [...new Set([...known.keys(), ...usage.map((line) => line.code)])].sort();
  const lines: CouponFigure[] = [];
  for (const code of codes) {
    const coupon = known.get(code);
    for (const livemode of modes) {
      const line = used.get(`${code}|${livemode}`);
      if (!line && (!coupon || (mode === 'all' && !livemode))) continue;
      const redeemed = line?.redeemed ?? 0;
      const held = line?.held ?? 0;
      const cap = coupon?.maxRedemptions ?? null;
      lines.push({
        code,
        scope: coupon ? scopeWords(coupon.scope) : NOT_IN_CATALOGUE,
        livemode,
        redeemed,
        held,
        cap,
        remaining: cap === null ? null : Math.max(0, cap - redeemed - held),
        perCustomerCap: coupon?.maxRedemptionsPerCustomer ?? null,
        validFrom: coupon?.validFrom ?? null,
        validUntil: coupon?.validUntil ?? null,
      });
    }
  }
  return lines;
}
