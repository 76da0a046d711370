import { describe, expect, it } from 'vitest';
import taxData from '@/data/tax-rates.json';
import { NO_TAX, TAX_KINDS, taxLinesOn, taxOn, taxRateFor, taxRateOfEntry, taxTableOf, type TaxRate } from './tax';
import { QUEBEC_TAX } from '@/tests/fixtures/taxRates';

const one = (kind: TaxRate['components'][number]['kind'], rate: number, inclusive: boolean): TaxRate => ({
  rate,
  inclusive,
  components: [{ kind, rate }],
});

const QUEBEC: TaxRate = QUEBEC_TAX;

const table = taxTableOf({
  GB: { kind: 'vat', rate: 0.2, inclusive: true },
  CA: { kind: 'gst', rate: 0.05, inclusive: false },
  'CA-QC': { inclusive: false, components: QUEBEC.components },
  'CA-ON': { kind: 'hst', rate: 0.13, inclusive: false },
  'US-WA': { kind: 'sales-tax', rate: 0.065, inclusive: false },
});

describe('taxRateFor', () => {
  it.each([
    ['GB', null, ['vat']],
    ['GB', 'ENG', ['vat']],
    ['CA', 'AB', ['gst']],
    ['CA', 'QC', ['gst', 'qst']],
    ['CA', 'ON', ['hst']],
    ['US', 'WA', ['sales-tax']],
  ])('%s / %s levies %o', (country, region, kinds) => {
    expect(taxRateFor(table, country, region).components.map((component) => component.kind)).toEqual(kinds);
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

describe('taxTableOf', () => {
  it('reads one tax as one component, and a rate of several as their sum', () => {
    expect(table.GB).toEqual(one('vat', 0.2, true));
    expect(table['CA-QC']).toEqual(QUEBEC);
  });

  it.each([
    ['an unknown kind', { kind: 'pst', rate: 0.07, inclusive: false }, /unknown kind "pst"/],
    ['no components', { inclusive: false, components: [] }, /no components/],
    ['a percentage for a fraction', { kind: 'vat', rate: 20, inclusive: true }, /out of bounds/],
    ['a negative rate', { inclusive: false, components: [{ kind: 'gst', rate: -0.05 }] }, /out of bounds/],
  ])('refuses %s', (_, entry, message) => {
    expect(() => taxRateOfEntry('XX', entry)).toThrow(message);
  });
});

describe('taxOn', () => {
  it.each([
    [10000, one('sales-tax', 0.065, false), 650],
    [2999, one('hst', 0.13, false), 390], // 389.87
    [12000, one('vat', 0.2, true), 2000], // 12000 - 10000
    [1999, one('vat', 0.2, true), 333], // 333.17
    [0, one('vat', 0.2, false), 0],
    [5000, NO_TAX, 0],
  ])('%d cents at %o is %d', (amount, rate, expected) => {
    expect(taxOn(amount, rate)).toBe(expected);
  });
});

describe('taxLinesOn', () => {
  it.each([
    // 150 + 299.25: each rounded on the net price, the QST not on the GST.
    [3000, 150, 299],
    // 124.95 + 249.28
    [2499, 125, 249],
    // 4.95 + 9.88: both round up, and the sum is of the rounded lines (15), not 14.83 rounded.
    [99, 5, 10],
  ])("Quebec's GST and QST on %d cents: %d and %d", (amount, gst, qst) => {
    const lines = taxLinesOn(amount, QUEBEC);
    expect(lines).toEqual([
      { kind: 'gst', rate: 0.05, amount: gst },
      { kind: 'qst', rate: 0.09975, amount: qst },
    ]);
    expect(taxOn(amount, QUEBEC)).toBe(gst + qst);
  });

  it('gives one line for one tax, its amount the tax (Ontario HST, Alberta GST alone)', () => {
    expect(taxLinesOn(2999, one('hst', 0.13, false))).toEqual([{ kind: 'hst', rate: 0.13, amount: 390 }]);
    expect(taxLinesOn(2999, one('gst', 0.05, false))).toEqual([{ kind: 'gst', rate: 0.05, amount: 150 }]);
  });

  it('shares an included tax between its components in whole cents that add up to it', () => {
    const both: TaxRate = {
      rate: 0.2,
      inclusive: true,
      components: [
        { kind: 'vat', rate: 0.1 },
        { kind: 'tax', rate: 0.1 },
      ],
    };
    // 1999 includes 333.17: 166.58 each, the cent left to the larger remainder.
    const lines = taxLinesOn(1999, both);
    expect(lines.map((line) => line.amount).sort()).toEqual([166, 167]);
    expect(taxOn(1999, both)).toBe(taxOn(1999, one('vat', 0.2, true)));
  });

  it('is nothing on nothing, a line per component still', () => {
    expect(taxLinesOn(0, QUEBEC).map((line) => line.amount)).toEqual([0, 0]);
    expect(taxLinesOn(5000, NO_TAX)).toEqual([{ kind: 'tax', rate: 0, amount: 0 }]);
  });
});

describe('the shipped tax table', () => {
  const shipped = taxTableOf(taxData.rates);

  it('has only well-formed keys, known kinds and rates', () => {
    for (const [key, rate] of Object.entries(shipped)) {
      expect(key).toMatch(/^[A-Z]{2}(-[A-Z0-9]{1,3})?$/);
      expect(rate.rate).toBeGreaterThanOrEqual(0);
      expect(rate.rate).toBeLessThan(0.3);
      for (const component of rate.components) expect(TAX_KINDS).toContain(component.kind);
    }
  });

  it("levies Quebec's GST and QST side by side, HST in Ontario and the GST alone in Alberta", () => {
    expect(taxRateFor(shipped, 'CA', 'QC')).toEqual(QUEBEC);
    expect(taxRateFor(shipped, 'CA', 'ON')).toEqual(one('hst', 0.13, false));
    expect(taxRateFor(shipped, 'CA', 'AB')).toEqual(one('gst', 0.05, false));
  });
});
