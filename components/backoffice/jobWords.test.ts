import { describe, expect, it } from 'vitest';
import { agoWords, spanWords } from './jobWords';

describe('spanWords', () => {
  it('says a span in the largest unit that fits, with the minutes under a day', () => {
    expect(spanWords(250)).toBe('under a second');
    expect(spanWords(1_000)).toBe('1 second');
    expect(spanWords(42_500)).toBe('42 seconds');
    expect(spanWords(4 * 60_000 + 5_000)).toBe('4 minutes');
    expect(spanWords(3_600_000)).toBe('1 hour');
    expect(spanWords(2 * 3_600_000 + 5 * 60_000)).toBe('2 hours 5 minutes');
    expect(spanWords(3 * 86_400_000 + 3_600_000)).toBe('3 days');
  });

  it('says how long ago against the page’s time', () => {
    expect(agoWords('2026-12-01T11:56:00.000Z', '2026-12-01T12:00:00.000Z')).toBe('4 minutes ago');
  });
});
