import type { CurrencyCode } from '@/lib/pricing/currencies';
import { CURRENCY_CODES } from '@/lib/pricing/currencies';

/**
 * How a locale writes an amount of one currency, taken from Intl once on the server and
 * sent with the page: the browser then writes prices by hand, without the 50–130 ms its
 * first Intl.NumberFormat costs a phone in hydration (lib/pricing/money.ts).
 */
export interface MoneyStyle {
  /** What comes before the digits ("$", "£"), after the minus sign. */
  before: string;
  /** What comes after them ("\u00a0€" in German and French). */
  after: string;
  group: string;
  decimal: string;
}

export type MoneyStyles = Readonly<Record<CurrencyCode, MoneyStyle>>;

/** The style of one currency in one locale, read from Intl's parts of a sample amount. */
export function moneyStyleOf(locale: string, currency: CurrencyCode): MoneyStyle {
  const parts = new Intl.NumberFormat(locale, { style: 'currency', currency }).formatToParts(1234567.89);
  const firstDigit = parts.findIndex((part) => part.type === 'integer');
  let lastDigit = firstDigit;
  parts.forEach((part, index) => {
    if (part.type === 'fraction' || part.type === 'integer') lastDigit = index;
  });
  const text = (from: number, to: number) =>
    parts
      .slice(from, to)
      .map((part) => part.value)
      .join('');
  return {
    before: text(0, firstDigit),
    after: text(lastDigit + 1, parts.length),
    group: parts.find((part) => part.type === 'group')?.value ?? '',
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
  };
}

/** Every currency's style in a locale: what a page carries (a few hundred bytes). */
export function moneyStylesOf(locale: string): MoneyStyles {
  return Object.fromEntries(CURRENCY_CODES.map((code) => [code, moneyStyleOf(locale, code)])) as Record<CurrencyCode, MoneyStyle>;
}

/**
 * The amount rounded half up to `digits` decimals, as Intl does: from its shortest decimal
 * form ("1000.045" rounds to 1000.05), not its binary value (1000.04499…, which toFixed rounds down).
 */
export function roundHalfUp(amount: number, digits: number): string {
  const decimal = String(amount);
  if (decimal.includes('e')) return amount.toFixed(digits);
  const [whole = '0', fraction = ''] = decimal.split('.');
  let units = BigInt(whole + fraction.slice(0, digits).padEnd(digits, '0'));
  if ((fraction[digits] ?? '0') >= '5') units += 1n;
  const text = units.toString().padStart(digits + 1, '0');
  return digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** An amount (in units, not cents) written in a style with `fractionDigits` decimals, as Intl would. */
export function formatInStyle(style: MoneyStyle, amount: number, fractionDigits: number): string {
  const negative = amount < 0 || Object.is(amount, -0);
  const [whole = '0', fraction] = roundHalfUp(Math.abs(amount), fractionDigits).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, style.group);
  return `${negative ? '-' : ''}${style.before}${grouped}${fraction === undefined ? '' : `${style.decimal}${fraction}`}${style.after}`;
}
