import type { MessageKey } from '@/lib/i18n/messageKey';
import type { Words } from '@/lib/i18n/words';
import type { TaxKind, TaxLine } from './tax';

/** The message of each kind of tax. */
const TAX_KIND_KEYS: Readonly<Record<TaxKind, MessageKey>> = {
  vat: 'order.tax.vat',
  'sales-tax': 'order.tax.salesTax',
  gst: 'order.tax.gst',
  hst: 'order.tax.hst',
  qst: 'order.tax.qst',
  tax: 'order.tax.tax',
};

/** The words for each kind of tax, as the page's market says them ("MwSt.", "TPS"). */
export function taxKindLabel(words: Words, kind: TaxKind): string {
  return words.t(TAX_KIND_KEYS[kind]);
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
export function taxRows(words: Words, lines: readonly TaxLine[], tax: number): TaxRow[] {
  const levied = lines.filter((line) => line.rate > 0);
  if (levied.length === 0) return [{ kind: 'tax', label: taxKindLabel(words, 'tax'), rate: 0, amount: tax }];
  return levied.map((line) => ({ kind: line.kind, label: taxKindLabel(words, line.kind), rate: line.rate, amount: line.amount }));
}

/**
 * A tax row's label with its rate: "VAT (20%)", "MwSt. (19 %)", "TVQ (9,975 %)". The decimal
 * sign is the one the page writes money with, so that no Intl.NumberFormat runs in the browser.
 */
export function taxRowLabel(words: Words, row: TaxRow): string {
  if (row.rate <= 0) return row.label;
  const decimal = /0(\D+)01/.exec(words.money(1, 'USD'))?.[1] ?? '.';
  const rate = String(+(row.rate * 100).toFixed(3)).replace('.', decimal);
  return words.t('order.taxRate', { label: row.label, rate });
}
