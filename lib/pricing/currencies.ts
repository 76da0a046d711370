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

/** The symbol each currency shows in its locale (CURRENCY_LOCALE), as Intl.NumberFormat gives it (currencies.test.ts). */
const CURRENCY_SYMBOL: Record<CurrencyCode, string> = {
  USD: '$',
  GBP: '£',
  EUR: '€',
  CAD: '$',
};

/** The symbol shown for a currency: "$" or "£" for the spec's offers. */
export function currencySymbol(code: CurrencyCode): string {
  return CURRENCY_SYMBOL[code];
}
