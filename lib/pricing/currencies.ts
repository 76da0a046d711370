/** The currencies the journey can format and charge in (SPEC §3). */
export const CURRENCY_CODES = ['USD', 'GBP', 'EUR', 'CAD'] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

/** The locale each currency is shown in, so that the visitor sees their own symbol. */
export const CURRENCY_LOCALE: Record<CurrencyCode, string> = {
  USD: 'en-US',
  GBP: 'en-GB',
  EUR: 'en-IE',
  CAD: 'en-CA',
};

export function isCurrencyCode(value: string): value is CurrencyCode {
  return (CURRENCY_CODES as readonly string[]).includes(value);
}

/** The symbol shown for a currency: "$" or "£" for the spec's offers. */
export function currencySymbol(code: CurrencyCode): string {
  const part = new Intl.NumberFormat(CURRENCY_LOCALE[code], { style: 'currency', currency: code })
    .formatToParts(0)
    .find((p) => p.type === 'currency');
  return part?.value ?? code;
}
