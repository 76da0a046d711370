import { CURRENCY_LOCALE, type CurrencyCode } from './currencies';

/**
 * Money is held in integer cents (fractions of a cent only after a percentage discount)
 * and formatted only for display.
 */
const formatters = new Map<string, Intl.NumberFormat>();

function formatter(currency: CurrencyCode, fractionDigits: number): Intl.NumberFormat {
  const key = `${currency}:${fractionDigits}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.NumberFormat(CURRENCY_LOCALE[currency], {
      style: 'currency',
      currency,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    formatters.set(key, cached);
  }
  return cached;
}

/** "$12.99", "£5.00": cents in the given currency (USD by default), two decimals. */
export function formatMoney(cents: number, currency: CurrencyCode = 'USD'): string {
  return formatter(currency, 2).format(cents / 100);
}

/** "$13": whole dollars, no decimals (rounded), for headline prices. */
export function formatWholeDollars(cents: number): string {
  return formatter('USD', 0).format(cents / 100);
}

/** "$25", "$24.99", "£5": an amount in its currency, without decimals when it is whole, for sentences. */
export function formatMoneyShort(cents: number, currency: CurrencyCode = 'USD'): string {
  return formatter(currency, Number.isInteger(cents) && cents % 100 === 0 ? 0 : 2).format(cents / 100);
}
