import { formatInStyle, type MoneyStyle } from '@/lib/i18n/moneyStyle';
import { CURRENCY_CODES, currencySymbol, type CurrencyCode } from './currencies';

/**
 * Money is held in integer cents (fractions of a cent only after a percentage discount)
 * and formatted only for display.
 *
 * Formatted by hand rather than with Intl.NumberFormat: a page's first NumberFormat loads
 * the browser's locale data, 50–130 ms of one task on a phone (measured with the CPU slowed
 * 4×), paid in the hydration of every journey page for prices the server already wrote. The
 * four currencies are shown in English locales (en-US, en-GB, en-IE, en-CA), which all write
 * "-£1,234.56"; money.test.ts checks every format against Intl's.
 */
const ENGLISH_STYLES = Object.fromEntries(
  CURRENCY_CODES.map((code) => [code, { before: currencySymbol(code), after: '', group: ',', decimal: '.' }]),
) as Record<CurrencyCode, MoneyStyle>;

/** How the English locales write a currency ("-£1,234.56"): made once, as every price on a page reads it. */
export function englishMoneyStyle(currency: CurrencyCode): MoneyStyle {
  return ENGLISH_STYLES[currency];
}

function format(amount: number, currency: CurrencyCode, fractionDigits: number): string {
  return formatInStyle(englishMoneyStyle(currency), amount, fractionDigits);
}

/** "$12.99", "£5.00": cents in the given currency (USD by default), two decimals. */
export function formatMoney(cents: number, currency: CurrencyCode = 'USD'): string {
  return format(cents / 100, currency, 2);
}

/** "$13": whole dollars, no decimals (rounded), for headline prices. */
export function formatWholeDollars(cents: number): string {
  return format(cents / 100, 'USD', 0);
}

/** "$25", "$24.99", "£5": an amount in its currency, without decimals when it is whole, for sentences. */
export function formatMoneyShort(cents: number, currency: CurrencyCode = 'USD'): string {
  return format(cents / 100, currency, Number.isInteger(cents) && cents % 100 === 0 ? 0 : 2);
}
