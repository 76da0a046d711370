import { describe, expect, it } from 'vitest';
import { TAX_KINDS } from './tax';
import { taxKindLabel, taxRows } from './taxLabels';

describe('taxKindLabel', () => {
  it('words every kind of tax', () => {
    expect(TAX_KINDS.map(taxKindLabel)).toEqual(['VAT', 'Sales tax', 'GST', 'HST', 'QST', 'Tax']);
  });
});

describe('taxRows', () => {
  it("gives Quebec's GST and QST a row each", () => {
    const lines = [
      { kind: 'gst' as const, rate: 0.05, amount: 150 },
      { kind: 'qst' as const, rate: 0.09975, amount: 299 },
    ];
    expect(taxRows(lines, 449)).toEqual([
      { kind: 'gst', label: 'GST', rate: 0.05, amount: 150 },
      { kind: 'qst', label: 'QST', rate: 0.09975, amount: 299 },
    ]);
  });

  it('gives one plain "Tax" row where no tax is levied (none known, a zero rate)', () => {
    expect(taxRows([], 0)).toEqual([{ kind: 'tax', label: 'Tax', rate: 0, amount: 0 }]);
    expect(taxRows([{ kind: 'vat', rate: 0, amount: 0 }], 0)).toEqual([{ kind: 'tax', label: 'Tax', rate: 0, amount: 0 }]);
  });
});
