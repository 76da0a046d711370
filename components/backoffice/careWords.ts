import { formatMoney } from '@/lib/pricing/money';
import type { CurrencyCode } from '@/lib/pricing/currencies';

/** "27 Nov 2026, 10:00 UTC": the same on the server and in any browser's time zone. */
export const careWhen = (iso: string | null): string =>
  iso ? `${new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })} UTC` : '—';

export const careMoney = (minor: number, currency: CurrencyCode): string => formatMoney(minor, currency);
