import { describe, expect, it } from 'vitest';
import { campaignState, isOnSale, msUntilChange } from './campaignWindow';

const window = { startsAt: '2026-06-01T00:00:00Z', endsAt: '2026-07-01T00:00:00+02:00' };
const at = (iso: string) => new Date(iso);

describe('campaignState', () => {
  it.each([
    ['a millisecond before the start', '2026-05-31T23:59:59.999Z', 'upcoming'],
    ['at the start (inclusive)', '2026-06-01T00:00:00.000Z', 'on_sale'],
    ['between the dates', '2026-06-15T12:00:00Z', 'on_sale'],
    ['a millisecond before the end, in the end date’s own offset', '2026-06-30T21:59:59.999Z', 'on_sale'],
    ['at the end (exclusive)', '2026-06-30T22:00:00.000Z', 'ended'],
    ['long after the end', '2030-01-01T00:00:00Z', 'ended'],
  ])('%s: %s', (_, now, state) => {
    expect(campaignState(window, at(now))).toBe(state);
  });

  it('a campaign without dates is always on sale; one date leaves the other side open', () => {
    expect(campaignState({ startsAt: null, endsAt: null }, at('1990-01-01T00:00:00Z'))).toBe('on_sale');
    expect(campaignState({ startsAt: null, endsAt: window.endsAt }, at('1990-01-01T00:00:00Z'))).toBe('on_sale');
    expect(campaignState({ startsAt: window.startsAt, endsAt: null }, at('2099-01-01T00:00:00Z'))).toBe('on_sale');
  });

  it('isOnSale is the on_sale state', () => {
    expect(isOnSale(window, at('2026-06-10T00:00:00Z'))).toBe(true);
    expect(isOnSale(window, at('2026-07-10T00:00:00Z'))).toBe(false);
    expect(isOnSale(window, at('2026-05-10T00:00:00Z'))).toBe(false);
  });

  it('msUntilChange counts to the end date, past it below zero, and is null without one', () => {
    expect(msUntilChange(window, at('2026-06-30T21:59:00Z'))).toBe(60_000);
    expect(msUntilChange(window, at('2026-06-30T22:00:01Z'))).toBe(-1_000);
    expect(msUntilChange({ startsAt: null, endsAt: null }, at('2026-06-30T21:59:00Z'))).toBeNull();
  });

  it('msUntilChange counts to a version scheduled before the end, or without one', () => {
    expect(msUntilChange(window, at('2026-06-30T21:59:00Z'), '2026-06-30T21:59:30Z')).toBe(30_000);
    expect(msUntilChange(window, at('2026-06-30T21:59:00Z'), '2026-07-30T00:00:00Z')).toBe(60_000);
    expect(msUntilChange({ startsAt: null, endsAt: null }, at('2026-06-30T21:59:00Z'), '2026-06-30T22:00:00Z')).toBe(60_000);
  });
});
