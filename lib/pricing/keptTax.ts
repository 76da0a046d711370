import type { TaxKind, TaxLine, TaxRate } from './tax';

/** A rate as orders and invoices kept it before its taxes were codes: one tax, named in English. */
interface LabelledTaxRate {
  rate: number;
  inclusive: boolean;
  label: string;
}

/** The kind each English label the tax table used to carry stood for; any other (the 'Tax' of no tax) is a tax in general. */
function kindOfLabel(label: string): TaxKind {
  if (label.startsWith('VAT')) return 'vat';
  if (label === 'Sales tax') return 'sales-tax';
  if (label === 'GST') return 'gst';
  if (label === 'HST') return 'hst';
  if (label === 'QST') return 'qst';
  return 'tax';
}

/**
 * A rate as a stored order or invoice keeps it: rows written before rates had kinds carry an
 * English `label` instead, which is read as its kind, so that every stored row still reads.
 */
export type KeptTaxRate = TaxRate | LabelledTaxRate;

export function keptTaxRate(stored: KeptTaxRate): TaxRate {
  if ('components' in stored) return stored;
  return { rate: stored.rate, inclusive: stored.inclusive, components: [{ kind: kindOfLabel(stored.label), rate: stored.rate }] };
}

/**
 * What each component came to on a stored order or invoice: the lines it kept, or, for one
 * kept before it had lines (all of one tax), its whole tax as its one component's.
 */
export function keptTaxLines(rate: TaxRate, tax: number, lines: readonly TaxLine[] | null | undefined): TaxLine[] {
  if (lines) return [...lines];
  if (rate.components.length !== 1) throw new Error('a rate of several taxes was kept without what each came to');
  return [{ ...rate.components[0]!, amount: tax }];
}
