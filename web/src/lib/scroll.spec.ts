import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isPastThreshold, SCROLL_THRESHOLD, SCROLL_THROTTLE_MS, throttle } from './scroll';

describe('isPastThreshold', () => {
  it('uses the 0.8 threshold of the specification', () => {
    expect(SCROLL_THRESHOLD).toBe(0.8);
  });

  it('is true once the bottom of the viewport passes 80 % of the content', () => {
    expect(isPastThreshold({ scrollTop: 0, viewportHeight: 800, contentHeight: 2000 })).toBe(false);
    expect(isPastThreshold({ scrollTop: 799, viewportHeight: 800, contentHeight: 2000 })).toBe(false);
    expect(isPastThreshold({ scrollTop: 800, viewportHeight: 800, contentHeight: 2000 })).toBe(true);
  });

  it('is true when the content does not fill the viewport', () => {
    expect(isPastThreshold({ scrollTop: 0, viewportHeight: 900, contentHeight: 600 })).toBe(true);
  });
});

describe('throttle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs at once, then at most once per 150 ms, ending with a trailing run', () => {
    expect(SCROLL_THROTTLE_MS).toBe(150);
    const run = vi.fn();
    const throttled = throttle(run, SCROLL_THROTTLE_MS);
    throttled();
    expect(run).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 10; i += 1) {
      vi.advanceTimersByTime(10);
      throttled();
    }
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(49);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1_000);
    expect(run).toHaveBeenCalledTimes(2);
    throttled();
    expect(run).toHaveBeenCalledTimes(3);
  });

  it('drops a pending run when cancelled', () => {
    const run = vi.fn();
    const throttled = throttle(run, SCROLL_THROTTLE_MS);
    throttled();
    throttled();
    throttled.cancel();
    vi.advanceTimersByTime(1_000);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
