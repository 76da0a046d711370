import { describe, expect, it } from 'vitest';
import type { Coupon } from '@/lib/catalogue/types';
import { computeCouponFigures, NOT_IN_CATALOGUE, scopeWords, type CouponUsage } from './couponFigures';

const coupon = (code: string, fields: Partial<Coupon> = {}): Coupon => ({
  code,
  coupon: { percent_off: 10 },
  currencyCode: null,
  validFrom: null,
  validUntil: null,
  scope: 'all',
  maxRedemptions: null,
  maxRedemptionsPerCustomer: null,
  ...fields,
});

const usage: CouponUsage[] = [
  { code: 'CAPPED', livemode: true, redeemed: 3, held: 1 },
  { code: 'CAPPED', livemode: false, redeemed: 9, held: 0 },
  { code: 'RETIRED', livemode: true, redeemed: 4, held: 0 },
];
const coupons = [coupon('CAPPED', { maxRedemptions: 5 }), coupon('OPEN'), coupon('UNUSEDTEST')];

describe('computeCouponFigures', () => {
  it('lines up each coupon of the catalogue with its live uses, remaining never below 0', () => {
    const lines = computeCouponFigures(coupons, usage, 'live');
    expect(lines.map((line) => [line.code, line.livemode, line.redeemed, line.held, line.cap, line.remaining])).toEqual([
      ['CAPPED', true, 3, 1, 5, 1],
      ['OPEN', true, 0, 0, null, null],
      ['RETIRED', true, 4, 0, null, null],
      ['UNUSEDTEST', true, 0, 0, null, null],
    ]);
    expect(lines.find((line) => line.code === 'RETIRED')?.scope).toBe(NOT_IN_CATALOGUE);
    expect(computeCouponFigures(coupons, usage, 'test').find((line) => line.code === 'CAPPED')).toMatchObject({
      redeemed: 9,
      remaining: 0,
    });
  });

  it('shows a test line beside the live one only where test orders used the coupon', () => {
    const lines = computeCouponFigures(coupons, usage, 'all');
    expect(lines.map((line) => `${line.code}:${line.livemode ? 'live' : 'test'}`)).toEqual([
      'CAPPED:live',
      'CAPPED:test',
      'OPEN:live',
      'RETIRED:live',
      'UNUSEDTEST:live',
    ]);
  });
});

describe('scopeWords', () => {
  it.each([
    ['all', 'Everywhere'],
    [{ brands: ['vogue', 'gq'], campaigns: null, offers: null }, 'Brands vogue, gq'],
    [{ brands: ['vogue'], campaigns: ['vogue-demo-single'], offers: ['1001'] }, 'Brands vogue · Campaigns vogue-demo-single · Offers 1001'],
  ] as const)('%j: %s', (scope, words) => {
    expect(scopeWords(scope as Coupon['scope'])).toBe(words);
  });
});
