import type { BillingInterval } from '@/lib/catalogue/types';

/** What a subscription's first period is made of. */
export interface PeriodOffer {
  billingInterval: BillingInterval;
  trialOffer: boolean;
  trialDays: number | null;
}

/**
 * One billing period after an instant, at the same time of day; a month from 31 January
 * ends on the last day of February (as lib/pricing/renewalDates does for dates).
 */
export function addBillingInterval(start: Date, interval: BillingInterval): Date {
  const months = interval === 'year' ? 12 : 1;
  const target = new Date(start.getTime());
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  return target;
}

/** The first period of a purchase made at `paidAt`: the trial, or one paid interval. */
export function firstPeriod(offer: PeriodOffer, paidAt: Date): { start: Date; end: Date; trialEnd: Date | null } {
  if (offer.trialOffer) {
    const trialEnd = new Date(paidAt.getTime() + (offer.trialDays ?? 0) * 24 * 3600_000);
    return { start: paidAt, end: trialEnd, trialEnd };
  }
  return { start: paidAt, end: addBillingInterval(paidAt, offer.billingInterval), trialEnd: null };
}
