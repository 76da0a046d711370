import { describe, expect, it } from 'vitest';
import { isCouponActive } from './couponValidity';

const from = '2025-01-01T00:00:00Z';
const until = '2025-02-01T00:00:00Z';

describe('isCouponActive', () => {
  it.each<[string | null, string | null, string, boolean]>([
    // Open on both sides.
    [null, null, '1970-01-01T00:00:00Z', true],
    [null, null, '2099-12-31T23:59:59Z', true],
    // validFrom is inclusive.
    [from, null, '2024-12-31T23:59:59.999Z', false],
    [from, null, '2025-01-01T00:00:00.000Z', true],
    [from, null, '2025-01-01T00:00:00.001Z', true],
    [from, null, '2099-01-01T00:00:00Z', true],
    // validUntil is exclusive.
    [null, until, '2025-01-31T23:59:59.999Z', true],
    [null, until, '2025-02-01T00:00:00.000Z', false],
    [null, until, '2025-02-01T00:00:00.001Z', false],
    [null, until, '1970-01-01T00:00:00Z', true],
    // Both.
    [from, until, '2024-12-31T23:59:59.999Z', false],
    [from, until, '2025-01-01T00:00:00Z', true],
    [from, until, '2025-01-15T12:00:00Z', true],
    [from, until, '2025-01-31T23:59:59.999Z', true],
    [from, until, '2025-02-01T00:00:00Z', false],
    // Offsets are honoured: 01:00+01:00 is midnight UTC.
    ['2025-01-01T01:00:00+01:00', null, '2025-01-01T00:00:00Z', true],
    ['2025-01-01T01:00:00+01:00', null, '2024-12-31T23:59:59.999Z', false],
    [null, '2025-01-31T19:00:00-05:00', '2025-02-01T00:00:00Z', false],
    [null, '2025-01-31T19:00:00-05:00', '2025-01-31T23:59:59.999Z', true],
  ])('validFrom %j, validUntil %j, now %s → %s', (validFrom, validUntil, now, expected) => {
    expect(isCouponActive({ validFrom, validUntil }, new Date(now))).toBe(expected);
  });

  it('is never active when validUntil is not after validFrom', () => {
    for (const now of ['2024-06-01T00:00:00Z', '2025-01-01T00:00:00Z', '2026-01-01T00:00:00Z']) {
      expect(isCouponActive({ validFrom: from, validUntil: from }, new Date(now))).toBe(false);
    }
  });
});
