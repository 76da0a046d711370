import { describe, expect, it } from 'vitest';
import type { CurrencyCode } from '@/lib/pricing/currencies';
import type { Coupon } from './types';
import { fallbackWords } from '@/lib/i18n/words';
import { serverWords } from '@/lib/server/i18n/pageI18n';
import { checkCoupon, couponAppliesTo, couponRefusalMessage, normaliseCouponCode, type CouponCheck, type CouponPlace } from './couponCheck';

/** A check with its refusal worded as an English page words it. */
const inEnglish = (check: CouponCheck) => (check.ok ? check : { ...check, message: fallbackWords().say(check.message) });

const coupon = (code: string, overrides: Partial<Coupon> = {}): [string, Coupon] => [
  code,
  {
    code,
    coupon: { percent_off: 20 },
    currencyCode: null,
    validFrom: null,
    validUntil: null,
    scope: 'all',
    maxRedemptions: null,
    maxRedemptionsPerCustomer: null,
    ...overrides,
  },
];

const coupons = new Map<string, Coupon>([
  coupon('SAVE20'),
  coupon('TENOFF', { coupon: { amount_off: 1000 }, currencyCode: 'USD' }),
  coupon('OLD10', { validFrom: '2024-01-01T00:00:00Z', validUntil: '2025-01-01T00:00:00Z' }),
  coupon('SOON', { validFrom: '2027-01-01T00:00:00Z' }),
  coupon('VOGUE100', { coupon: { percent_off: 100 }, scope: { brands: ['vogue'], campaigns: null, offers: null } }),
  coupon('VOGUEOLD', { scope: { brands: ['vogue'], campaigns: null, offers: null }, validUntil: '2025-01-01T00:00:00Z' }),
  coupon('SINGLE', { scope: { brands: ['vogue'], campaigns: ['vogue-demo-single'], offers: ['1001'] } }),
]);
const now = new Date('2026-11-21T12:00:00Z');
const at = (currencyCode: CurrencyCode, place: Partial<CouponPlace> = {}): CouponPlace => ({
  brand: 'vogue',
  campaignId: 'vogue-demo-single',
  offerId: '1001',
  currencyCode,
  ...place,
});

describe('checkCoupon', () => {
  it.each([
    ['SAVE20', 'USD'],
    ['save20', 'GBP'],
    ['  Save20 ', 'EUR'],
    ['TENOFF', 'USD'],
    ['VOGUE100', 'USD'],
    ['SINGLE', 'USD'],
  ] as const)('accepts %j on a %s offer', (code, currency) => {
    const result = checkCoupon(code, coupons, at(currency), now);
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
    expect(inEnglish(checkCoupon(code, coupons, at(currency), now))).toEqual({ ok: false, reason, message });
  });

  it('counts the end of the window as expired', () => {
    expect(checkCoupon('OLD10', coupons, at('USD'), new Date('2025-01-01T00:00:00Z'))).toMatchObject({ reason: 'expired' });
    expect(checkCoupon('OLD10', coupons, at('USD'), new Date('2024-12-31T23:59:59Z')).ok).toBe(true);
  });

  it('answers a code of another brand, campaign or offer exactly as a code that does not exist', () => {
    const elsewhere = [
      at('USD', { brand: 'newyorker', campaignId: 'newyorker-demo-dual', offerId: '2001' }),
      at('USD', { campaignId: 'vogue-other' }),
      at('USD', { offerId: '1002' }),
    ];
    for (const place of elsewhere) {
      expect(inEnglish(checkCoupon('SINGLE', coupons, place, now))).toEqual({
        ok: false,
        reason: 'unknown',
        message: '"SINGLE" is not a valid promo code.',
      });
    }
    const newYorker = at('USD', { brand: 'newyorker', campaignId: 'newyorker-demo-dual', offerId: '2001' });
    expect(inEnglish(checkCoupon('VOGUE100', coupons, newYorker, now))).toEqual({
      ok: false,
      reason: 'unknown',
      message: '"VOGUE100" is not a valid promo code.',
    });
    // Nor does its window show through where it does not apply.
    expect(checkCoupon('VOGUEOLD', coupons, newYorker, now)).toMatchObject({ reason: 'unknown' });
    expect(checkCoupon('VOGUEOLD', coupons, at('USD'), now)).toMatchObject({ reason: 'expired' });
  });
});

describe('couponAppliesTo', () => {
  const place = { brand: 'vogue', campaignId: 'vogue-demo-single', offerId: '1001' };
  it.each([
    ['all', true],
    [{ brands: ['vogue', 'gq'], campaigns: null, offers: null }, true],
    [{ brands: null, campaigns: ['vogue-demo-single'], offers: null }, true],
    [{ brands: null, campaigns: null, offers: ['1001'] }, true],
    [{ brands: ['gq'], campaigns: null, offers: null }, false],
    [{ brands: ['vogue'], campaigns: ['vogue-other'], offers: null }, false],
    [{ brands: ['vogue'], campaigns: null, offers: ['1002'] }, false],
  ] as const)('scope %j: %s', (scope, expected) => {
    expect(couponAppliesTo(scope as Coupon['scope'], place)).toBe(expected);
  });
});

describe('couponRefusalMessage', () => {
  it('words each refusal in German and French', () => {
    const german = serverWords('de-DE');
    const french = serverWords('fr-FR');
    expect(german.say(couponRefusalMessage('NOPE', 'unknown', 'EUR'))).toBe('„NOPE“ ist kein gültiger Gutscheincode.');
    expect(french.say(couponRefusalMessage('NOPE', 'unknown', 'EUR'))).toBe('«\u00a0NOPE\u00a0» n’est pas un code promo valide.');
    expect(german.say(couponRefusalMessage('TENOFF', 'wrong_currency', 'EUR'))).toBe(
      'Der Gutscheincode TENOFF kann nicht für Preise in EUR eingelöst werden.',
    );
    expect(french.say(couponRefusalMessage('OLD10', 'expired', 'EUR'))).toBe('Le code promo OLD10 a expiré.');
  });
});
