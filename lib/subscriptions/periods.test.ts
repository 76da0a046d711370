import { describe, expect, it } from 'vitest';
import { addBillingInterval, firstPeriod } from './periods';

describe('subscription periods', () => {
  it('adds a month or a year at the same time of day', () => {
    expect(addBillingInterval(new Date('2026-11-26T16:30:00.000Z'), 'month').toISOString()).toBe('2026-12-26T16:30:00.000Z');
    expect(addBillingInterval(new Date('2026-11-26T16:30:00.000Z'), 'year').toISOString()).toBe('2027-11-26T16:30:00.000Z');
  });

  it('ends a month from the 31st on the last day of the shorter month', () => {
    expect(addBillingInterval(new Date('2027-01-31T08:00:00.000Z'), 'month').toISOString()).toBe('2027-02-28T08:00:00.000Z');
    expect(addBillingInterval(new Date('2028-02-29T08:00:00.000Z'), 'year').toISOString()).toBe('2029-02-28T08:00:00.000Z');
  });

  it('makes a trial the first period', () => {
    const period = firstPeriod({ billingInterval: 'month', trialOffer: true, trialDays: 14 }, new Date('2026-11-26T10:00:00.000Z'));
    expect(period.end.toISOString()).toBe('2026-12-10T10:00:00.000Z');
    expect(period.trialEnd?.toISOString()).toBe('2026-12-10T10:00:00.000Z');
  });

  it('makes a paid interval the first period of a paid offer', () => {
    const period = firstPeriod({ billingInterval: 'year', trialOffer: false, trialDays: null }, new Date('2026-11-26T10:00:00.000Z'));
    expect(period).toEqual({ start: new Date('2026-11-26T10:00:00.000Z'), end: new Date('2027-11-26T10:00:00.000Z'), trialEnd: null });
  });
});
