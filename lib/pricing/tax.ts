/** A tax rate that applies to a buyer's location. */
export interface TaxRate {
  /** A fraction: 0.2 is 20 %. */
  rate: number;
  /** True where prices already include the tax (VAT in Europe); false where it is added (US sales tax). */
  inclusive: boolean;
  label: string;
}

export type TaxTable = Readonly<Record<string, TaxRate>>;

export const NO_TAX: TaxRate = { rate: 0, inclusive: false, label: 'Tax' };

/** The region's rate ("US-WA") where there is one, else the country's ("GB"), else none. */
export function taxRateFor(table: TaxTable, country: string | null, region?: string | null): TaxRate {
  if (!country) return NO_TAX;
  const regional = region ? table[`${country}-${region}`] : undefined;
  if (regional && Object.hasOwn(table, `${country}-${region}`)) return regional;
  return Object.hasOwn(table, country) ? table[country]! : NO_TAX;
}

/**
 * The tax on an amount in cents, in whole cents: added on top for exclusive rates, the
 * part already inside the amount for inclusive ones.
 */
export function taxOn(amountCents: number, tax: TaxRate): number {
  if (tax.rate === 0 || amountCents <= 0) return 0;
  const cents = tax.inclusive ? amountCents - amountCents / (1 + tax.rate) : amountCents * tax.rate;
  return Math.round(cents);
}
