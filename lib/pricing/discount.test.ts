import { describe, expect, it } from 'vitest';
import { applyDiscount, type CouponDiscount } from './discount';

describe('applyDiscount', () => {
  // Expected values are computed by hand: amount − amount × percent / 100, rounded to 3 decimals.
  it.each<[number, number, number]>([
    [1999, 20, 1599.2], // 1999 × 0.2 = 399.8
    [333, 33.333, 222.001], // 333 × 0.33333 = 110.99889 → 222.00111
    [1000, 33.3333, 666.667], // 333.333 → 666.667
    [7, 33.3333, 4.667], // 2.333331 → 4.666669
    [1, 33.3333, 0.667], // 0.333333 → 0.666667
    [999, 15, 849.15], // 149.85
    [1999, 15, 1699.15], // 299.85
    [2999, 10, 2699.1], // 299.9
    [12345, 12.5, 10801.875], // 1543.125
    [100, 2.5, 97.5],
    [5000, 50, 2500],
    [3999, 50, 1999.5],
    [5000, 0, 5000],
    [5000, 100, 0],
    [0, 20, 0],
    [1, 1, 0.99],
    [9999, 99.999, 0.1], // 9999 × 0.99999 = 9998.90001 → 0.09999 → 0.1
  ])('%d cents with %d%% off → %d', (amount, percent, expected) => {
    expect(applyDiscount(amount, { percent_off: percent })).toBe(expected);
  });

  it.each<[number, number, number]>([
    [5000, 1000, 4000],
    [1999, 1, 1998],
    [1999, 1999, 0],
    [500, 1000, 0],
    [0, 100, 0],
    [1599.2, 100, 1499.2],
    [1000, 0, 1000],
  ])('%d cents with %d cents off → %d', (amount, amountOff, expected) => {
    expect(applyDiscount(amount, { amount_off: amountOff })).toBe(expected);
  });

  it.each<[number, CouponDiscount]>([
    [5000, { percent_off: 150 }],
    [5000, { percent_off: 100.0001 }],
    [5000, { amount_off: 5001 }],
    [1, { amount_off: 1000000 }],
    [0, { amount_off: 1 }],
  ])('never goes below zero: %d with %j → +0', (amount, coupon) => {
    const result = applyDiscount(amount, coupon);
    expect(result).toBe(0);
    expect(Object.is(result, -0)).toBe(false);
  });

  it.each<[number, null | undefined, number]>([
    [1999, null, 1999],
    [1999, undefined, 1999],
    [0, null, 0],
    [1599.2344, null, 1599.234],
    [1599.2346, undefined, 1599.235],
  ])('without a coupon, %d → %d (rounded to 3 decimals)', (amount, coupon, expected) => {
    expect(applyDiscount(amount, coupon)).toBe(expected);
  });

  it.each<[number, CouponDiscount]>([
    [1999, { percent_off: 20 }],
    [333, { percent_off: 33.333 }],
    [1234, { percent_off: 17.77777 }],
    [98765, { percent_off: 3.14159 }],
    [1234.56789, { amount_off: 1 }],
  ])('rounds %d with %j to at most 3 decimals', (amount, coupon) => {
    const result = applyDiscount(amount, coupon);
    expect(Math.round(result * 1000) / 1000).toBe(result);
    expect(result).toBeGreaterThanOrEqual(0);
    expect(result).toBeLessThanOrEqual(amount);
  });
});
