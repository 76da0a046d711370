/**
 * How the reports write numbers and dates. Fixed locale and UTC, so that the server's
 * render and the browser's hydration agree whatever the reader's settings.
 */
import { isCurrencyCode } from '@/lib/pricing/currencies';
import { formatMoney } from '@/lib/pricing/money';

const counts = new Intl.NumberFormat('en-US');
const days = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' });

export function formatCount(value: number): string {
  return counts.format(value);
}

/** "2025-03-01" → "1 Mar 2025". */
export function formatDay(day: string): string {
  return days.format(new Date(`${day}T00:00:00.000Z`));
}

export function formatPeriod(from: string, to: string): string {
  return from === to ? formatDay(from) : `${formatDay(from)} – ${formatDay(to)}`;
}

/** An ISO instant to the minute, in UTC: "2025-03-01 10:04 UTC". */
export function formatInstant(iso: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(iso);
  return match ? `${match[1]} ${match[2]} UTC` : iso;
}

/**
 * Cents in a currency as the rest of the app writes them ("$12.99", "£5.00"); a currency
 * the app cannot format (an order older than the list) by its code, never as dollars.
 */
export function formatAmount(cents: number, currencyCode: string): string {
  return isCurrencyCode(currencyCode) ? formatMoney(cents, currencyCode) : `${currencyCode} ${(cents / 100).toFixed(2)}`;
}
