import type { CurrencyCode } from '@/lib/pricing/currencies';

/** The choices the campaign editor's form offers, and the currency a brand's language suggests. */

/** The currency a brand's pages are written in, for a first offer or a coupon's amount. */
export function currencyForLocale(locale: string): CurrencyCode {
  const region = locale.split('-')[1]?.toUpperCase();
  if (region === 'GB') return 'GBP';
  if (region === 'CA') return 'CAD';
  if (region === 'US' || !region) return 'USD';
  return 'EUR';
}

/** The choices of the campaign's language: the brand's own first, and the one it has if another. */
export function localeChoices(brandLocale: string, current: string): string[] {
  return [...new Set([brandLocale, 'en-US', 'en-GB', 'en-CA', 'de-DE', 'fr-FR', 'fr-CA', ...(current ? [current] : [])].filter(Boolean))];
}

export const BILLING_INTERVALS = ['month', 'year'] as const;
