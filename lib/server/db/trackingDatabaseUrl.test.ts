import { describe, expect, it } from 'vitest';
import { trackingDatabaseUrl, tracksInAppDatabase } from './trackingDatabaseUrl';

describe('trackingDatabaseUrl', () => {
  it.each([
    ['file:data/journey.db', 'file:data/journey-tracking.db'],
    ['file:/var/lib/journey/orders.sqlite', 'file:/var/lib/journey/orders-tracking.sqlite'],
    ['file:journey', 'file:journey-tracking.db'],
    ['file::memory:', 'file::memory:'],
    ['postgres://journey@db.internal/journey', 'postgres://journey@db.internal/journey'],
  ])('beside %s: %s', (appUrl, expected) => {
    expect(trackingDatabaseUrl(appUrl)).toBe(expected);
  });

  it('takes TRACKING_DATABASE_URL when it is set', () => {
    expect(trackingDatabaseUrl('postgres://db/journey', 'postgres://events-db/tracking')).toBe('postgres://events-db/tracking');
  });
});

describe('tracksInAppDatabase', () => {
  it.each([
    ['file:data/journey.db', undefined, false],
    ['file:data/journey.db', 'file:data/journey.db', true],
    ['file::memory:', undefined, false],
    ['postgres://journey@db.internal/journey', undefined, true],
    ['postgres://db/journey', 'postgres://events-db/tracking', false],
  ])('of %s with TRACKING_DATABASE_URL %s: %s', (appUrl, configured, expected) => {
    expect(tracksInAppDatabase(appUrl, configured)).toBe(expected);
  });
});
