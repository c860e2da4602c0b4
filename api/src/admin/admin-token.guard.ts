import {
  type CanActivate,
  type ExecutionContext,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  UnauthorizedException,
} from '@nestjs/common';
import type { Request } from 'express';
import { createHash, timingSafeEqual } from 'node:crypto';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { ADMIN_MESSAGES } from './admin.messages';
import { ADMIN_TOKEN } from './admin-token';

export const ADMIN_FAILURES_ALLOWED = 10;
export const ADMIN_FAILURE_WINDOW_SECONDS = 60;

/** Equal-length digests, so the comparison takes the same time whatever was sent. */
const digest = (token: string): Buffer => createHash('sha256').update(token).digest();

const bearerToken = (request: Request): string | undefined => {
  const [scheme, token] = request.headers.authorization?.split(' ') ?? [];
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
};

/**
 * Admin routes take the admin token only: a user's JWT is just another wrong token. Wrong or missing
 * tokens are counted per client address, and past the limit every admin call from that address is
 * refused until the window passes, the right token included, so the token cannot be guessed.
 */
@Injectable()
export class AdminTokenGuard implements CanActivate {
  private readonly expected: Buffer;
  private readonly failures = new RateLimiterMemory({
    points: ADMIN_FAILURES_ALLOWED,
    duration: ADMIN_FAILURE_WINDOW_SECONDS,
  });

  constructor(@Inject(ADMIN_TOKEN) token: string) {
    this.expected = digest(token);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    const client = request.ip ?? 'unknown';
    const state = await this.failures.get(client);
    if (state && state.consumedPoints >= ADMIN_FAILURES_ALLOWED) {
      throw new HttpException(
        { message: ADMIN_MESSAGES.tooManyFailures, retryAfterSeconds: Math.ceil(state.msBeforeNext / 1000) },
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
    const sent = bearerToken(request);
    if (sent !== undefined && timingSafeEqual(digest(sent), this.expected)) return true;
    await this.failures.penalty(client, 1);
    throw new UnauthorizedException(
      sent === undefined ? ADMIN_MESSAGES.tokenMissing : ADMIN_MESSAGES.tokenWrong,
    );
  }
}
