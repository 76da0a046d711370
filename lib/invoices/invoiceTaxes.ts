import type { MessageKey } from '@/lib/i18n/messageKey';
import type { Words } from '@/lib/i18n/words';
import type { TaxLine, TaxRate, VatExemption } from '@/lib/pricing/tax';
import { taxKindLabel, taxRowLabel, taxRows } from '@/lib/pricing/taxLabels';

/** The mention an invoice without VAT must carry (Art. 226(11) and (11a) of Directive 2006/112/EC). */
const EXEMPTION_NOTES: Readonly<Record<VatExemption, MessageKey>> = {
  'reverse-charge': 'billing.invoice.exemption.reverseCharge',
  'intra-community-supply': 'billing.invoice.exemption.intraCommunity',
};

/**
 * The tax rows of an invoice or credit note, each with its rate ("VAT (19%)", "€3.99
 * included"), and, on a sale without VAT to a business, its one "VAT (0%)" row and the
 * mention of why. `money` writes an amount as the document does (a credit note's negative).
 */
export function invoiceTaxes(
  words: Words,
  rate: TaxRate,
  lines: readonly TaxLine[],
  tax: number,
  money: (cents: number) => string,
): { taxes: { label: string; amount: string }[]; taxNote?: string } {
  const { t } = words;
  if (rate.exemption) {
    return {
      taxes: [{ label: t('order.taxRate', { label: taxKindLabel(words, 'vat'), rate: '0' }), amount: money(0) }],
      taxNote: t(EXEMPTION_NOTES[rate.exemption.ground]),
    };
  }
  return {
    taxes: taxRows(words, lines, tax).map((row) => ({
      label: taxRowLabel(words, row),
      amount: rate.inclusive && row.amount > 0 ? t('billing.invoice.taxIncluded', { amount: money(row.amount) }) : money(row.amount),
    })),
  };
}
