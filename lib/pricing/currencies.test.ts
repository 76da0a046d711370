import { describe, expect, it } from 'vitest';
import { CURRENCY_CODES, CURRENCY_LOCALE, currencySymbol, isCurrencyCode, type CurrencyCode } from './currencies';

describe('CURRENCY_CODES', () => {
  it('holds exactly the four currencies supported for formatting (SPEC §3)', () => {
    expect([...CURRENCY_CODES].sort()).toEqual(['CAD', 'EUR', 'GBP', 'USD']);
  });

  it('has a locale for every currency', () => {
    expect(Object.keys(CURRENCY_LOCALE).sort()).toEqual([...CURRENCY_CODES].sort());
  });
});

describe('isCurrencyCode', () => {
  it.each([
    ['USD', true],
    ['GBP', true],
    ['EUR', true],
    ['CAD', true],
    ['usd', false],
    ['Usd', false],
    ['JPY', false],
    ['AUD', false],
    ['', false],
    [' USD', false],
    ['USD ', false],
    ['$', false],
    ['£', false],
    ['constructor', false],
    ['toString', false],
    ['__proto__', false],
  ])('%j → %s', (value, expected) => {
    expect(isCurrencyCode(value)).toBe(expected);
  });
});

describe('currencySymbol', () => {
  it.each<[CurrencyCode, string]>([
    ['USD', '$'],
    ['GBP', '£'],
    ['EUR', '€'],
    ['CAD', '$'],
  ])('%s → %s', (code, expected) => {
    expect(currencySymbol(code)).toBe(expected);
  });
});
