import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { AUTH_MESSAGES } from '@skillers/domain';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

export const LOGIN_FAILURES_ALLOWED = 10;
export const LOGIN_FAILURE_WINDOW_SECONDS = 60;

/**
 * Counts failed logins per client address and per account. Past the limit on either, logins are
 * refused with 429 until the window passes, so neither one address nor many can guess a password.
 */
@Injectable()
export class LoginRateLimiter {
  private readonly failures = new RateLimiterMemory({
    points: LOGIN_FAILURES_ALLOWED,
    duration: LOGIN_FAILURE_WINDOW_SECONDS,
  });

  async assertAllowed(ip: string, account: string): Promise<void> {
    const [byIp, byAccount] = await Promise.all([
      this.failures.get(ipKey(ip)),
      this.failures.get(accountKey(account)),
    ]);
    const blocked = [byIp, byAccount].filter(
      (state): state is RateLimiterRes => state !== null && state.consumedPoints >= LOGIN_FAILURES_ALLOWED,
    );
    if (blocked.length === 0) return;
    const retryAfter = Math.ceil(Math.max(...blocked.map((state) => state.msBeforeNext)) / 1000);
    throw new HttpException(
      { message: AUTH_MESSAGES.tooManyLoginAttempts, retryAfterSeconds: retryAfter },
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }

  async recordFailure(ip: string, account: string): Promise<void> {
    await Promise.all([ipKey(ip), accountKey(account)].map((key) => this.failures.penalty(key, 1)));
  }

  async recordSuccess(account: string): Promise<void> {
    await this.failures.delete(accountKey(account));
  }
}

const ipKey = (ip: string) => `ip:${ip}`;
const accountKey = (account: string) => `account:${account.toLowerCase()}`;
