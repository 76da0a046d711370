import type { TaxKind, TaxLine } from './tax';

/** The words for each kind of tax: the one place they are written, for the message catalogue to take over. */
export function taxKindLabel(kind: TaxKind): string {
  switch (kind) {
    case 'vat':
      return 'VAT';
    case 'sales-tax':
      return 'Sales tax';
    case 'gst':
      return 'GST';
    case 'hst':
      return 'HST';
    case 'qst':
      return 'QST';
    case 'tax':
      return 'Tax';
  }
}

/** One tax row of an order summary or invoice. */
export interface TaxRow {
  kind: TaxKind;
  label: string;
  /** The component's rate, 0 for the plain "Tax" row. */
  rate: number;
  amount: number;
}

/**
 * The tax rows an order states: one per tax levied (Quebec's GST and QST each), or, where
 * none is (no tax, a zero rate), one plain "Tax" row with the whole amount.
 */
export function taxRows(lines: readonly TaxLine[], tax: number): TaxRow[] {
  const levied = lines.filter((line) => line.rate > 0);
  if (levied.length === 0) return [{ kind: 'tax', label: taxKindLabel('tax'), rate: 0, amount: tax }];
  return levied.map((line) => ({ kind: line.kind, label: taxKindLabel(line.kind), rate: line.rate, amount: line.amount }));
}
