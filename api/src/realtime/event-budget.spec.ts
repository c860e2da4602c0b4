import { describe, expect, it } from 'vitest';
import { EVENT_BUDGET, scaledEventBudget, TokenBucket } from './event-budget';

const NOW = Date.parse('2031-05-04T12:00:00.000Z');

describe('token bucket', () => {
  it('gives a burst at once, then tokens at the refill rate, never more than the burst', () => {
    const bucket = new TokenBucket(3, 2, NOW);
    expect([1, 2, 3, 4].map(() => bucket.take(NOW))).toEqual([true, true, true, false]);
    expect(bucket.secondsToNext).toBe(1);
    // Half a second at 2 a second brings one back.
    expect(bucket.take(NOW + 500)).toBe(true);
    expect(bucket.take(NOW + 500)).toBe(false);
    // A long pause refills up to the burst only.
    const later = NOW + 60_000;
    expect([1, 2, 3, 4].map(() => bucket.take(later))).toEqual([true, true, true, false]);
  });

  it('scales the event rates with RATE_LIMIT_SCALE, not the refusals before a disconnect', () => {
    const scaled = scaledEventBudget(5);
    expect(scaled.socketBurst).toBe(EVENT_BUDGET.socketBurst * 5);
    expect(scaled.userPerSecond).toBe(EVENT_BUDGET.userPerSecond * 5);
    expect(scaled.refusalsBeforeDisconnect).toBe(EVENT_BUDGET.refusalsBeforeDisconnect);
  });
});
