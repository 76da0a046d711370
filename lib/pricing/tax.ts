/** What a tax is, as a code: its words are the reader's (taxLabels.ts), so that they can be translated in one place. */
export const TAX_KINDS = ['vat', 'sales-tax', 'gst', 'hst', 'qst', 'tax'] as const;
export type TaxKind = (typeof TAX_KINDS)[number];

export const isTaxKind = (value: unknown): value is TaxKind => (TAX_KINDS as readonly unknown[]).includes(value);

/** One tax of a rate: Quebec levies two, the GST and the QST, each on the net price. */
export interface TaxComponent {
  kind: TaxKind;
  /** A fraction: 0.05 is 5 %. */
  rate: number;
}

/**
 * Why a verified business of another EU member state is charged no VAT: it accounts for the
 * VAT on a service itself (the reverse charge, Art. 196 of Directive 2006/112/EC), or it
 * receives goods dispatched to it as an exempt intra-Community supply (Art. 138).
 */
export const VAT_EXEMPTIONS = ['reverse-charge', 'intra-community-supply'] as const;
export type VatExemption = (typeof VAT_EXEMPTIONS)[number];

/** A tax rate that applies to a buyer's location. */
export interface TaxRate {
  /** The whole rate, the sum of its components: 0.2 is 20 %. */
  rate: number;
  /** True where prices already include the tax (VAT in Europe); false where it is added (US sales tax). */
  inclusive: boolean;
  /** At least one; several where taxes are levied side by side (Quebec's GST and QST). */
  components: readonly TaxComponent[];
  /**
   * Set on the zero rate of a sale without VAT to a business (lib/pricing/reverseCharge.ts):
   * its ground, and the VAT the prices hold for any other buyer there (0 where it is added),
   * which is taken out of them.
   */
  exemption?: { ground: VatExemption; includedRate: number };
}

/** What one component of a rate comes to on an order, in whole cents. */
export interface TaxLine extends TaxComponent {
  amount: number;
}

export type TaxTable = Readonly<Record<string, TaxRate>>;

export const NO_TAX: TaxRate = { rate: 0, inclusive: false, components: [{ kind: 'tax', rate: 0 }] };

/**
 * A rate as data/tax-rates.json writes it: one tax (`kind`, `rate`), or several
 * (`components`), the simple form staying as short as one tax needs.
 */
export type TaxEntry =
  { kind: string; rate: number; inclusive: boolean } | { components: readonly { kind: string; rate: number }[]; inclusive: boolean };

/** A rate from its entry; a kind we have no words for, or a rate out of bounds, is an error in the data. */
export function taxRateOfEntry(key: string, entry: TaxEntry): TaxRate {
  const components = 'components' in entry ? entry.components : [{ kind: entry.kind, rate: entry.rate }];
  if (components.length === 0) throw new Error(`tax rate ${key} has no components`);
  for (const component of components) {
    if (!isTaxKind(component.kind)) throw new Error(`tax rate ${key} has an unknown kind "${component.kind}"`);
    if (!(component.rate >= 0 && component.rate < 1)) throw new Error(`tax rate ${key} has a rate out of bounds: ${component.rate}`);
  }
  const typed = components as readonly TaxComponent[];
  return { rate: typed.reduce((sum, component) => sum + component.rate, 0), inclusive: entry.inclusive, components: typed };
}

/** The table the checkout applies, from the data's entries. */
export function taxTableOf(entries: Readonly<Record<string, TaxEntry>>): TaxTable {
  return Object.fromEntries(Object.entries(entries).map(([key, entry]) => [key, taxRateOfEntry(key, entry)]));
}

/** The region's rate ("US-WA") where there is one, else the country's ("GB"), else none. */
export function taxRateFor(table: TaxTable, country: string | null, region?: string | null): TaxRate {
  if (!country) return NO_TAX;
  const regional = region ? table[`${country}-${region}`] : undefined;
  if (regional && Object.hasOwn(table, `${country}-${region}`)) return regional;
  return Object.hasOwn(table, country) ? table[country]! : NO_TAX;
}

/**
 * Each component's tax on an amount in cents, in whole cents: added on top for exclusive
 * rates, each on the net price (Quebec's QST is not levied on the GST since 2013), each
 * rounded. For inclusive ones, the part already inside the amount is worked out for the
 * whole rate and shared between the components by largest remainder, so that one VAT rate
 * rounds as it always did.
 */
export function taxLinesOn(amountCents: number, tax: TaxRate): TaxLine[] {
  const taxed = amountCents > 0 && tax.rate > 0;
  if (!tax.inclusive) {
    return tax.components.map((component) => ({ ...component, amount: taxed ? Math.round(amountCents * component.rate) : 0 }));
  }
  const included = taxed ? Math.round(amountCents - amountCents / (1 + tax.rate)) : 0;
  const shares = tax.components.map((component) => (tax.rate > 0 ? (included * component.rate) / tax.rate : 0));
  const lines = tax.components.map((component, index) => ({ ...component, amount: Math.floor(shares[index]!) }));
  let left = included - lines.reduce((sum, line) => sum + line.amount, 0);
  const byRemainder = shares
    .map((share, index) => ({ index, remainder: share - Math.floor(share) }))
    .sort((a, b) => b.remainder - a.remainder);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    lines[index]!.amount += 1;
    left -= 1;
  }
  return lines;
}

/** The tax on an amount in cents, in whole cents: the sum of its components' (taxLinesOn). */
export function taxOn(amountCents: number, tax: TaxRate): number {
  return taxLinesOn(amountCents, tax).reduce((sum, line) => sum + line.amount, 0);
}
