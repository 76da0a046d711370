import { describe, expect, it } from 'vitest';
import { isStudioTimeZone, isTimeZone, STUDIO_TIME_ZONES, utcToZoned, zonedToUtc } from './zonedTime';

describe('zonedToUtc', () => {
  it('reads a wall time in winter and in summer time', () => {
    expect(zonedToUtc('2026-12-24T09:00', 'Europe/Berlin')).toBe('2026-12-24T08:00:00.000Z');
    expect(zonedToUtc('2026-07-01T09:00', 'Europe/Berlin')).toBe('2026-07-01T07:00:00.000Z');
    expect(zonedToUtc('2026-12-24T09:00', 'America/New_York')).toBe('2026-12-24T14:00:00.000Z');
    expect(zonedToUtc('2026-07-01T09:00', 'America/New_York')).toBe('2026-07-01T13:00:00.000Z');
    expect(zonedToUtc('2026-12-24T09:00', 'UTC')).toBe('2026-12-24T09:00:00.000Z');
    // Sydney's summer is in January: eleven hours ahead, the day before in UTC.
    expect(zonedToUtc('2027-01-01T00:00', 'Australia/Sydney')).toBe('2026-12-31T13:00:00.000Z');
  });

  it('takes the seconds a datetime-local input may give', () => {
    expect(zonedToUtc('2026-12-24T09:00:30', 'Europe/London')).toBe('2026-12-24T09:00:30.000Z');
  });

  it('reads a time the clocks skip as if they had not changed yet: as far past the gap', () => {
    // Berlin, 29 March 2026: 02:00 CET becomes 03:00 CEST, so 02:30 never shows.
    expect(zonedToUtc('2026-03-29T02:30', 'Europe/Berlin')).toBe('2026-03-29T01:30:00.000Z');
    expect(utcToZoned('2026-03-29T01:30:00.000Z', 'Europe/Berlin')).toBe('2026-03-29T03:30');
    // New York, 8 March 2026: 02:00 EST becomes 03:00 EDT.
    expect(zonedToUtc('2026-03-08T02:15', 'America/New_York')).toBe('2026-03-08T07:15:00.000Z');
  });

  it('means the earlier of a time the clocks show twice', () => {
    // Berlin, 25 October 2026: 03:00 CEST goes back to 02:00 CET, so 02:30 shows twice.
    expect(zonedToUtc('2026-10-25T02:30', 'Europe/Berlin')).toBe('2026-10-25T00:30:00.000Z');
    expect(zonedToUtc('2026-11-01T01:30', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
    // Either side of the overlap is plain.
    expect(zonedToUtc('2026-10-25T03:00', 'Europe/Berlin')).toBe('2026-10-25T02:00:00.000Z');
    expect(zonedToUtc('2026-10-25T01:59', 'Europe/Berlin')).toBe('2026-10-24T23:59:00.000Z');
  });

  it('says null for text that is no date and time, or a zone Intl does not know', () => {
    for (const text of [
      '',
      '2026-12-24',
      '2026-02-30T09:00',
      '2026-13-01T09:00',
      '2026-12-24T24:00',
      '24.12.2026 09:00',
      '2026-12-24T9:00',
    ]) {
      expect(zonedToUtc(text, 'Europe/Berlin')).toBeNull();
    }
    expect(zonedToUtc('2026-12-24T09:00', 'Europe/Atlantis')).toBeNull();
    expect(zonedToUtc('2026-12-24T09:00', '')).toBeNull();
  });

  it('knows leap days', () => {
    expect(zonedToUtc('2028-02-29T12:00', 'UTC')).toBe('2028-02-29T12:00:00.000Z');
    expect(zonedToUtc('2027-02-29T12:00', 'UTC')).toBeNull();
  });
});

describe('utcToZoned', () => {
  it('shows an instant on the zone’s wall clock, as a datetime-local input takes it', () => {
    expect(utcToZoned('2026-12-24T08:00:00.000Z', 'Europe/Berlin')).toBe('2026-12-24T09:00');
    expect(utcToZoned('2026-07-01T07:00:00Z', 'Europe/Berlin')).toBe('2026-07-01T09:00');
    expect(utcToZoned('2026-12-24T14:00:00+00:00', 'America/New_York')).toBe('2026-12-24T09:00');
    expect(utcToZoned('2026-12-24T00:00:00Z', 'America/Los_Angeles')).toBe('2026-12-23T16:00');
    expect(utcToZoned('2026-12-24T00:00:00Z', 'UTC')).toBe('2026-12-24T00:00');
    expect(utcToZoned('2026-12-24T00:00:45Z', 'UTC')).toBe('2026-12-24T00:00:45');
  });

  it('gives back what zonedToUtc read, every zone the studio offers', () => {
    for (const zone of STUDIO_TIME_ZONES) {
      for (const local of ['2026-01-15T09:00', '2026-07-15T23:45', '2027-02-28T00:00']) {
        expect(utcToZoned(zonedToUtc(local, zone)!, zone)).toBe(local);
      }
    }
  });

  it('gives an empty input for an instant or a zone that is not one', () => {
    expect(utcToZoned('soon', 'UTC')).toBe('');
    expect(utcToZoned('2026-12-24T00:00:00Z', 'Mars/Olympus')).toBe('');
  });
});

describe('time zones', () => {
  it('knows the zones Intl knows, and which of them the studio offers', () => {
    expect(STUDIO_TIME_ZONES.every(isTimeZone)).toBe(true);
    expect(isTimeZone('Asia/Tokyo')).toBe(true);
    expect(isTimeZone('Europe/Atlantis')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isStudioTimeZone('Europe/Berlin')).toBe(true);
    expect(isStudioTimeZone('Asia/Tokyo')).toBe(false);
  });
});
