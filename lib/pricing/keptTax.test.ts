import { describe, expect, it } from 'vitest';
import { keptTaxLines, keptTaxRate } from './keptTax';
import type { TaxRate } from './tax';
import { QUEBEC_TAX } from '@/tests/fixtures/taxRates';

describe('keptTaxRate', () => {
  it.each([
    ['VAT', 0.2, true, 'vat'],
    ['VAT (zero-rated e-publication)', 0, true, 'vat'],
    ['Sales tax', 0.065, false, 'sales-tax'],
    ['GST', 0.05, false, 'gst'],
    ['HST', 0.13, false, 'hst'],
    ['QST', 0.09975, false, 'qst'],
    ['Tax', 0, false, 'tax'],
  ] as const)('reads a rate kept with the label "%s" as its kind', (label, rate, inclusive, kind) => {
    expect(keptTaxRate({ rate, inclusive, label })).toEqual({ rate, inclusive, components: [{ kind, rate }] });
  });

  it('reads a rate kept with its components as it is', () => {
    expect(keptTaxRate(QUEBEC_TAX)).toBe(QUEBEC_TAX);
  });
});

describe('keptTaxLines', () => {
  const hst: TaxRate = { rate: 0.13, inclusive: false, components: [{ kind: 'hst', rate: 0.13 }] };

  it('answers the lines kept', () => {
    const lines = [{ kind: 'hst' as const, rate: 0.13, amount: 390 }];
    expect(keptTaxLines(hst, 390, lines)).toEqual(lines);
  });

  it("gives an order kept without lines its whole tax as its one tax's", () => {
    expect(keptTaxLines(hst, 390, undefined)).toEqual([{ kind: 'hst', rate: 0.13, amount: 390 }]);
    expect(keptTaxLines(hst, 390, null)).toEqual([{ kind: 'hst', rate: 0.13, amount: 390 }]);
  });

  it('refuses to guess how a tax of several was shared', () => {
    expect(() => keptTaxLines(QUEBEC_TAX, 449, undefined)).toThrow(/without what each came to/);
  });
});
