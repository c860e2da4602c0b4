import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { AUTH_MESSAGES } from '@skillers/domain';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

/** Failed logins allowed a minute, per client address and per account. */
export const LOGIN_FAILURES_ALLOWED = 10;
export const LOGIN_FAILURE_WINDOW_SECONDS = 60;
/** ASVS 2.2.1: no more than 100 failed attempts per account an hour, however they are spread. */
export const LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR = 100;
export const LOGIN_FAILURE_HOURLY_WINDOW_SECONDS = 60 * 60;

/** One attempt held against every counter it was taken from, until the password check says how it went. */
export interface LoginReservation {
  /** The login succeeded: the attempt is given back, so owners never lock themselves out. */
  refund(): Promise<void>;
}

interface Counter {
  limiter: RateLimiterMemory;
  key: string;
}

/**
 * Counts failed logins per client address and per account. Each attempt is taken from the counters
 * before the password is checked and given back when it succeeds, so guesses sent all at once cannot
 * slip past a limit that would only be read before and written after the check. Past a limit on any
 * counter, logins are refused with 429 until its window passes.
 */
@Injectable()
export class LoginRateLimiter {
  private readonly perMinute = new RateLimiterMemory({
    keyPrefix: 'login-failures',
    points: LOGIN_FAILURES_ALLOWED,
    duration: LOGIN_FAILURE_WINDOW_SECONDS,
  });
  private readonly perAccountHourly = new RateLimiterMemory({
    keyPrefix: 'login-failures-hourly',
    points: LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR,
    duration: LOGIN_FAILURE_HOURLY_WINDOW_SECONDS,
  });

  /** Takes one attempt from the address's and the account's counters, or throws a 429 taking none. */
  async reserve(ip: string, account: string): Promise<LoginReservation> {
    const counters: Counter[] = [
      { limiter: this.perMinute, key: ipKey(ip) },
      { limiter: this.perMinute, key: accountKey(account) },
      { limiter: this.perAccountHourly, key: accountKey(account) },
    ];
    // consume() counts and compares in one synchronous step of the memory store: no two requests can
    // both take the last point.
    const outcomes = await Promise.allSettled(counters.map(({ limiter, key }) => limiter.consume(key)));
    const refused = outcomes.flatMap((outcome) => {
      if (outcome.status === 'fulfilled') return [];
      if (!(outcome.reason instanceof RateLimiterRes)) throw outcome.reason;
      return [outcome.reason];
    });
    const refund = () => giveBack(counters.filter((_, index) => outcomes[index].status === 'fulfilled'));
    if (refused.length === 0) return { refund };
    // A refused attempt is never checked, so it costs none of the counters that still had room.
    await refund();
    const retryAfter = Math.ceil(Math.max(...refused.map((state) => state.msBeforeNext)) / 1000);
    throw new HttpException(
      { message: AUTH_MESSAGES.tooManyLoginAttempts, retryAfterSeconds: Math.max(1, retryAfter) },
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }
}

const giveBack = async (counters: Counter[]): Promise<void> => {
  await Promise.all(counters.map(({ limiter, key }) => limiter.reward(key, 1)));
};

const ipKey = (ip: string) => `ip:${ip}`;
const accountKey = (account: string) => `account:${account.toLowerCase()}`;
