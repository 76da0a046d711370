import { describe, expect, it } from 'vitest';
import { addDays, addInterval, formatDate, isoDate, nextChargeDate } from './renewalDates';

describe('renewal dates', () => {
  it.each([
    ['2026-11-22', 'year', '2027-11-22'],
    ['2026-11-22', 'month', '2026-12-22'],
    ['2026-12-15', 'month', '2027-01-15'],
    ['2027-01-31', 'month', '2027-02-28'],
    ['2028-01-31', 'month', '2028-02-29'],
    ['2028-02-29', 'year', '2029-02-28'],
  ] as const)('%s plus a %s is %s', (start, interval, expected) => {
    expect(addInterval(start, interval)).toBe(expected);
  });

  it.each([
    ['2026-11-22', 30, '2026-12-22'],
    ['2026-12-20', 14, '2027-01-03'],
    ['2026-11-22', 0, '2026-11-22'],
  ])('%s plus %i days is %s', (start, days, expected) => {
    expect(addDays(start, days)).toBe(expected);
  });

  it.each([
    [{ billingInterval: 'year', trialOffer: false, trialDays: null }, '2027-11-22'],
    [{ billingInterval: 'month', trialOffer: false, trialDays: null }, '2026-12-22'],
    [{ billingInterval: 'year', trialOffer: true, trialDays: 30 }, '2026-12-22'],
  ] as const)('the next charge of %j after 2026-11-22 is %s', (offer, expected) => {
    expect(nextChargeDate(offer, '2026-11-22')).toBe(expected);
  });

  it('formats in UTC, whatever the time zone, and takes the UTC day of a moment', () => {
    expect(formatDate('2027-11-22')).toBe('November 22, 2027');
    expect(isoDate(new Date('2026-11-22T23:30:00-05:00'))).toBe('2026-11-23');
  });
});
