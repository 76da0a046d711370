import { describe, expect, it } from 'vitest';
import { CURRENCY_CODES, CURRENCY_LOCALE, type CurrencyCode } from './currencies';
import { formatMoney, formatMoneyShort, formatWholeDollars } from './money';

describe('formatMoney', () => {
  it.each<[number, string]>([
    [0, '$0.00'],
    [1, '$0.01'],
    [99, '$0.99'],
    [100, '$1.00'],
    [1299, '$12.99'],
    [2500, '$25.00'],
    [123456, '$1,234.56'],
    [100000000, '$1,000,000.00'],
    // A fraction of a cent after a percentage discount shows as two decimals.
    [1599.2, '$15.99'],
    [222.001, '$2.22'],
    [666.667, '$6.67'],
  ])('USD by default: %d cents → %s', (cents, expected) => {
    expect(formatMoney(cents)).toBe(expected);
  });

  it.each<[number, CurrencyCode, string]>([
    [1299, 'USD', '$12.99'],
    [500, 'GBP', '£5.00'],
    [3999, 'GBP', '£39.99'],
    [1999, 'GBP', '£19.99'],
    [123456, 'GBP', '£1,234.56'],
    [1999, 'EUR', '€19.99'],
    [123456, 'EUR', '€1,234.56'],
    [0, 'EUR', '€0.00'],
    [1999, 'CAD', '$19.99'],
    [123456, 'CAD', '$1,234.56'],
  ])('%d cents in %s → %s', (cents, currency, expected) => {
    expect(formatMoney(cents, currency)).toBe(expected);
  });

  it.each<[CurrencyCode]>([['USD'], ['GBP'], ['EUR'], ['CAD']])('always shows exactly two decimals in %s', (currency) => {
    for (const cents of [0, 5, 10, 1000, 1999, 1599.2]) {
      expect(formatMoney(cents, currency)).toMatch(/\d\.\d{2}$/);
    }
  });
});

/** Amounts that test the rounding, the grouping and the sign, in cents. */
const AMOUNTS = [
  0,
  -0,
  1,
  5,
  49,
  50,
  99,
  100,
  149,
  150,
  999,
  1000,
  1234.5,
  1599.2,
  2500,
  2999,
  100004.5,
  123456,
  99999999,
  100000000,
  123456789012,
  0.4,
  0.5,
  222.001,
  666.667,
  1.005 * 100,
  12.345 * 100,
  -1,
  -1299,
  -123456.5,
];
const intl = (cents: number, currency: CurrencyCode, fractionDigits: number) =>
  new Intl.NumberFormat(CURRENCY_LOCALE[currency], {
    style: 'currency',
    currency,
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(cents / 100);

describe("the formats agree with Intl.NumberFormat in each currency's locale", () => {
  it.each(CURRENCY_CODES.map((currency) => [currency]))('%s', (currency) => {
    for (const cents of AMOUNTS) {
      expect(formatMoney(cents, currency), `${cents}`).toBe(intl(cents, currency, 2));
      expect(formatMoneyShort(cents, currency), `${cents}`).toBe(intl(cents, currency, cents % 100 === 0 ? 0 : 2));
    }
    for (let cents = -2000; cents <= 2000; cents += 7.5) expect(formatMoney(cents, currency)).toBe(intl(cents, currency, 2));
    // Prices after percentage discounts: cents with up to three decimals, up to $100,000.
    let seed = 7;
    for (let i = 0; i < 3000; i += 1) {
      seed = (seed * 48271) % 2147483647;
      const cents = (seed % 10000000) / 1000;
      expect(formatMoney(cents, currency), `${cents}`).toBe(intl(cents, currency, 2));
    }
  });

  it('whole dollars', () => {
    for (const cents of AMOUNTS) expect(formatWholeDollars(cents), `${cents}`).toBe(intl(cents, 'USD', 0));
  });
});

describe('formatWholeDollars', () => {
  it.each<[number, string]>([
    [0, '$0'],
    [100, '$1'],
    [2500, '$25'],
    [5000, '$50'],
    [2999, '$30'],
    [149, '$1'],
    [150, '$2'],
    [40, '$0'],
    [1000000, '$10,000'],
    [1599.2, '$16'],
  ])('%d cents → %s', (cents, expected) => {
    expect(formatWholeDollars(cents)).toBe(expected);
  });

  it('never shows a decimal point', () => {
    for (const cents of [1, 99, 1234, 99999]) expect(formatWholeDollars(cents)).not.toContain('.');
  });

  it('does not disturb the two-decimal USD formatter', () => {
    expect(formatWholeDollars(2999)).toBe('$30');
    expect(formatMoney(2999)).toBe('$29.99');
  });
});
