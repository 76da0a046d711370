import type { BillingInterval } from '@/lib/catalogue/types';

/** Calendar dates as ISO strings ("2026-11-22"), computed in UTC so that server and browser agree. */
export type IsoDate = string;

export function isoDate(date: Date): IsoDate {
  return date.toISOString().slice(0, 10);
}

function parse(date: IsoDate): Date {
  return new Date(`${date}T00:00:00Z`);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  const next = parse(date);
  next.setUTCDate(next.getUTCDate() + days);
  return isoDate(next);
}

/** One billing period later; a month from 31 January is the last day of February. */
export function addInterval(date: IsoDate, interval: BillingInterval): IsoDate {
  const start = parse(date);
  const months = interval === 'year' ? 12 : 1;
  const target = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  return isoDate(target);
}

export interface RenewingOffer {
  billingInterval: BillingInterval;
  trialOffer: boolean;
  trialDays: number | null;
}

/** The first charge after today's: the trial's end, or one period after a paid start. */
export function nextChargeDate(offer: RenewingOffer, start: IsoDate): IsoDate {
  return offer.trialOffer ? addDays(start, offer.trialDays ?? 0) : addInterval(start, offer.billingInterval);
}

// Made at first use, not when the module loads: a page's first Intl formatter loads the
// browser's locale data (tens of ms on a phone), and most pages that load this never format a date.
let longDate: Intl.DateTimeFormat | null = null;

/** "November 22, 2027": the same on the server and in any browser time zone. */
export function formatDate(date: IsoDate): string {
  longDate ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
  return longDate.format(parse(date));
}
