import { describe, expect, it } from 'vitest';
import { firstTapLatency, medianTap } from './firstTap';

describe('firstTapLatency', () => {
  it('is the longest event of the first interaction', () => {
    const entries = [
      { name: 'pointerdown', interactionId: 7, startTime: 100, duration: 40 },
      { name: 'click', interactionId: 7, startTime: 104, duration: 96 },
      { name: 'keydown', interactionId: 9, startTime: 900, duration: 300 },
    ];
    expect(firstTapLatency(entries)).toBe(96);
  });

  it('is null when no event passed the observer’s threshold', () => {
    expect(firstTapLatency([])).toBeNull();
  });
});

describe('medianTap', () => {
  it('takes the middle run, a run under the threshold counting as the threshold', () => {
    expect(medianTap([120, null, 300])).toBe(120);
    expect(medianTap([null, null, 300])).toBeNull();
    expect(medianTap([])).toBeNull();
  });
});
