import { describe, expect, it } from 'vitest';
import { BEHIND_AFTER_INTERVALS, isBehind } from './jobsOverview';

const now = new Date('2026-12-01T12:00:00.000Z');
const startedAgo = (ms: number) => ({ startedAt: new Date(now.getTime() - ms).toISOString() });

describe('isBehind', () => {
  it('is behind once the last run started more than a few intervals ago, or never ran', () => {
    expect(isBehind(60_000, startedAgo(BEHIND_AFTER_INTERVALS * 60_000), now)).toBe(false);
    expect(isBehind(60_000, startedAgo(BEHIND_AFTER_INTERVALS * 60_000 + 1), now)).toBe(true);
    expect(isBehind(60_000, null, now)).toBe(true);
  });

  it('is never behind when it is not on a schedule (switched off, or run at start and on kicks only)', () => {
    expect(isBehind(0, null, now)).toBe(false);
    expect(isBehind(0, startedAgo(86_400_000), now)).toBe(false);
  });
});
