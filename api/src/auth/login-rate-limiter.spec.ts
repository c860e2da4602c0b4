import { HttpException } from '@nestjs/common';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LOGIN_FAILURES_ALLOWED,
  LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR,
  LoginRateLimiter,
} from './login-rate-limiter';

/** The status of a reservation: 'reserved', or the refusal's status code. */
const attempt = (limiter: LoginRateLimiter, ip: string, account: string) =>
  limiter.reserve(ip, account).then(
    () => 'reserved' as const,
    (error: unknown) => (error instanceof HttpException ? error.getStatus() : error),
  );

describe('LoginRateLimiter', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('never hands out more reservations than the per-minute allowance, however many ask at once', async () => {
    const limiter = new LoginRateLimiter();
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, n) => attempt(limiter, `10.0.0.${n}`, 'victim@example.com')),
    );
    expect(outcomes.filter((outcome) => outcome === 'reserved')).toHaveLength(LOGIN_FAILURES_ALLOWED);
    expect(outcomes.filter((outcome) => outcome === 429)).toHaveLength(50 - LOGIN_FAILURES_ALLOWED);
  });

  it(`holds an account to ${LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR} failures an hour, spread over the minutes`, async () => {
    const limiter = new LoginRateLimiter();
    let reserved = 0;
    // Eleven minutes of guessing at the per-minute allowance from fresh addresses.
    for (let minute = 0; minute < 11; minute += 1) {
      for (let n = 0; n < LOGIN_FAILURES_ALLOWED; n += 1) {
        if ((await attempt(limiter, `10.1.${minute}.${n}`, 'victim@example.com')) === 'reserved')
          reserved += 1;
      }
      vi.advanceTimersByTime(61_000);
    }
    expect(reserved).toBe(LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR);
    expect(await attempt(limiter, '10.2.0.1', 'victim@example.com')).toBe(429);
    // Other accounts are not affected; the account itself is free again once the hour has passed.
    expect(await attempt(limiter, '10.2.0.2', 'other@example.com')).toBe('reserved');
    vi.advanceTimersByTime(60 * 60 * 1000);
    expect(await attempt(limiter, '10.2.0.3', 'victim@example.com')).toBe('reserved');
  });

  it('gives a refunded attempt back, and a refused one costs the other counters nothing', async () => {
    const limiter = new LoginRateLimiter();
    for (let n = 0; n < LOGIN_FAILURES_ALLOWED * 3; n += 1) {
      await (await limiter.reserve('10.3.0.1', 'owner@example.com')).refund();
    }
    // The address is spent on one account; refusals there must not use up the address for others.
    for (let n = 0; n < LOGIN_FAILURES_ALLOWED; n += 1)
      await limiter.reserve('10.3.0.2', `a${n}@example.com`);
    for (let n = 0; n < LOGIN_FAILURES_ALLOWED * 2; n += 1) {
      expect(await attempt(limiter, '10.3.0.2', 'owner@example.com')).toBe(429);
    }
    expect(await attempt(limiter, '10.3.0.1', 'owner@example.com')).toBe('reserved');
  });
});
