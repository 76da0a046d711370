// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from './afterNextPaint';

/** Frames come only when the test says so. */
let frames: FrameRequestCallback[] = [];
const paint = () => frames.splice(0).forEach((frame) => frame(performance.now()));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout'] });
  frames = [];
  vi.stubGlobal('requestAnimationFrame', (frame: FrameRequestCallback) => frames.push(frame));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('afterNextPaint', () => {
  it('runs the work after the next frame, in a task of its own, once', () => {
    const work = vi.fn();
    afterNextPaint(work);
    vi.advanceTimersByTime(0);
    expect(work).not.toHaveBeenCalled();
    paint();
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(work).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    paint();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('still runs when no frame comes (a hidden page)', () => {
    const work = vi.fn();
    afterNextPaint(work);
    vi.advanceTimersByTime(99);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(work).toHaveBeenCalledTimes(1);
  });
});
