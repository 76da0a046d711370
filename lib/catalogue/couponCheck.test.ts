import { describe, expect, it } from 'vitest';
import type { Coupon } from './types';
import { checkCoupon, normaliseCouponCode } from './couponCheck';

const coupon = (code: string, overrides: Partial<Coupon> = {}): [string, Coupon] => [
  code,
  { code, coupon: { percent_off: 20 }, currencyCode: null, validFrom: null, validUntil: null, ...overrides },
];

const coupons = new Map<string, Coupon>([
  coupon('SAVE20'),
  coupon('TENOFF', { coupon: { amount_off: 1000 }, currencyCode: 'USD' }),
  coupon('OLD10', { validFrom: '2024-01-01T00:00:00Z', validUntil: '2025-01-01T00:00:00Z' }),
  coupon('SOON', { validFrom: '2027-01-01T00:00:00Z' }),
]);
const now = new Date('2026-11-21T12:00:00Z');

describe('checkCoupon', () => {
  it.each([
    ['SAVE20', 'USD'],
    ['save20', 'GBP'],
    ['  Save20 ', 'EUR'],
    ['TENOFF', 'USD'],
  ] as const)('accepts %j on a %s offer', (code, currency) => {
    const result = checkCoupon(code, coupons, currency, now);
    expect(result.ok).toBe(true);
    expect(result.ok && result.coupon.code).toBe(normaliseCouponCode(code));
  });

  it.each([
    ['NOPE', 'USD', 'unknown', '"NOPE" is not a valid promo code.'],
    ['', 'USD', 'unknown', '"" is not a valid promo code.'],
    ['OLD10', 'USD', 'expired', 'The promo code OLD10 has expired.'],
    ['SOON', 'USD', 'not_yet_active', 'The promo code SOON is not active yet.'],
    ['TENOFF', 'GBP', 'wrong_currency', 'The promo code TENOFF cannot be used with prices in GBP.'],
  ] as const)('refuses %j on a %s offer as %s', (code, currency, reason, message) => {
    expect(checkCoupon(code, coupons, currency, now)).toEqual({ ok: false, reason, message });
  });

  it('counts the end of the window as expired', () => {
    expect(checkCoupon('OLD10', coupons, 'USD', new Date('2025-01-01T00:00:00Z'))).toMatchObject({ reason: 'expired' });
    expect(checkCoupon('OLD10', coupons, 'USD', new Date('2024-12-31T23:59:59Z')).ok).toBe(true);
  });
});
