import { applyDecorators, type ExecutionContext, UseGuards } from '@nestjs/common';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';
import type { Request } from 'express';

/** Express app setting that multiplies every per-minute limit (the RATE_LIMIT_SCALE variable). */
export const RATE_LIMIT_SCALE_SETTING = 'rateLimitScale';

/**
 * At most `requests` calls a minute from one client address. The scale lets load and browser tests
 * run many users from one address without loosening the limits anyone else gets.
 */
export const PerMinuteLimit = (requests: number) =>
  applyDecorators(
    UseGuards(ThrottlerGuard),
    Throttle({
      default: {
        ttl: 60_000,
        limit: (context: ExecutionContext) => {
          const scale = Number(
            context.switchToHttp().getRequest<Request>().app.get(RATE_LIMIT_SCALE_SETTING) ?? 1,
          );
          return Math.max(1, Math.round(requests * scale));
        },
      },
    }),
  );
