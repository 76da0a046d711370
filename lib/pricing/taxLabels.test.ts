import { describe, expect, it } from 'vitest';
import { fallbackWords } from '@/lib/i18n/words';
import { serverWords } from '@/lib/server/i18n/pageI18n';
import { TAX_KINDS } from './tax';
import { taxKindLabel, taxRowLabel, taxRows } from './taxLabels';

const english = fallbackWords();

describe('taxKindLabel', () => {
  it('words every kind of tax', () => {
    expect(TAX_KINDS.map((kind) => taxKindLabel(english, kind))).toEqual(['VAT', 'Sales tax', 'GST', 'HST', 'QST', 'Tax']);
  });

  it('words them as a German and a French reader expects', () => {
    expect(TAX_KINDS.map((kind) => taxKindLabel(serverWords('de-DE'), kind))).toEqual([
      'MwSt.',
      'Umsatzsteuer',
      'GST',
      'HST',
      'QST',
      'Steuer',
    ]);
    expect(TAX_KINDS.map((kind) => taxKindLabel(serverWords('fr-CA'), kind))).toEqual([
      'TVA',
      'Taxe de vente',
      'TPS',
      'TVH',
      'TVQ',
      'Taxes',
    ]);
  });
});

describe('taxRows', () => {
  it("gives Quebec's GST and QST a row each", () => {
    const lines = [
      { kind: 'gst' as const, rate: 0.05, amount: 150 },
      { kind: 'qst' as const, rate: 0.09975, amount: 299 },
    ];
    expect(taxRows(english, lines, 449)).toEqual([
      { kind: 'gst', label: 'GST', rate: 0.05, amount: 150 },
      { kind: 'qst', label: 'QST', rate: 0.09975, amount: 299 },
    ]);
  });

  it('gives one plain "Tax" row where no tax is levied (none known, a zero rate)', () => {
    expect(taxRows(english, [], 0)).toEqual([{ kind: 'tax', label: 'Tax', rate: 0, amount: 0 }]);
    expect(taxRows(english, [{ kind: 'vat', rate: 0, amount: 0 }], 0)).toEqual([{ kind: 'tax', label: 'Tax', rate: 0, amount: 0 }]);
  });
});

describe('taxRowLabel', () => {
  it('says the rate as the page writes numbers', () => {
    const qst = { kind: 'qst' as const, rate: 0.09975, amount: 299 };
    expect(taxRowLabel(english, { ...qst, label: 'QST' })).toBe('QST (9.975%)');
    const french = serverWords('fr-CA');
    expect(taxRowLabel(french, taxRows(french, [qst], 299)[0]!)).toBe('TVQ (9,975\u00a0%)');
    const german = serverWords('de-DE');
    expect(taxRowLabel(german, taxRows(german, [{ kind: 'vat', rate: 0.19, amount: 399 }], 399)[0]!)).toBe('MwSt. (19\u00a0%)');
  });

  it('says no rate on the plain "Tax" row', () => {
    expect(taxRowLabel(english, { kind: 'tax', label: 'Tax', rate: 0, amount: 0 })).toBe('Tax');
  });
});
