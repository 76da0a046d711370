import { describe, expect, it } from 'vitest';
import taxData from '@/data/tax-rates.json';
import { NO_TAX, taxOn, taxRateFor, type TaxTable } from './tax';

const table: TaxTable = {
  GB: { rate: 0.2, inclusive: true, label: 'VAT' },
  CA: { rate: 0.05, inclusive: false, label: 'GST' },
  'CA-ON': { rate: 0.13, inclusive: false, label: 'HST' },
  'US-WA': { rate: 0.065, inclusive: false, label: 'Sales tax' },
};

describe('taxRateFor', () => {
  it.each([
    ['GB', null, 'VAT'],
    ['GB', 'ENG', 'VAT'],
    ['CA', 'QC', 'GST'],
    ['CA', 'ON', 'HST'],
    ['US', 'WA', 'Sales tax'],
  ])('%s / %s uses %s', (country, region, label) => {
    expect(taxRateFor(table, country, region).label).toBe(label);
  });

  it.each([
    ['US', 'NY'],
    ['US', null],
    ['FR', null],
    [null, null],
    ['constructor', null],
    ['__proto__', null],
  ])('%s / %s has no tax', (country, region) => {
    expect(taxRateFor(table, country, region)).toBe(NO_TAX);
  });
});

describe('taxOn', () => {
  it.each([
    [10000, { rate: 0.065, inclusive: false, label: '' }, 650],
    [2999, { rate: 0.13, inclusive: false, label: '' }, 390], // 389.87
    [12000, { rate: 0.2, inclusive: true, label: '' }, 2000], // 12000 - 10000
    [1999, { rate: 0.2, inclusive: true, label: '' }, 333], // 333.17
    [0, { rate: 0.2, inclusive: false, label: '' }, 0],
    [5000, NO_TAX, 0],
  ])('%d cents at %o is %d', (amount, rate, expected) => {
    expect(taxOn(amount, rate)).toBe(expected);
  });
});

describe('the shipped tax table', () => {
  it('has only well-formed keys and rates', () => {
    for (const [key, rate] of Object.entries(taxData.rates)) {
      expect(key).toMatch(/^[A-Z]{2}(-[A-Z0-9]{1,3})?$/);
      expect(rate.rate).toBeGreaterThanOrEqual(0);
      expect(rate.rate).toBeLessThan(0.3);
      expect(rate.label.length).toBeGreaterThan(0);
    }
  });
});
