import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { type SortRequest, sortRequestSchema } from '@skillers/domain';
import { CurrentUser } from '../auth/current-user.decorator';
import { OptionalJwtAuthGuard } from '../auth/jwt-auth.guard';
import type { AuthenticatedUser } from '../auth/token.service';
import { PerMinuteLimit } from '../common/per-minute-limit.decorator';
import { PerUserLimit, USER_LIMITS } from '../common/rate-limits';
import { ZodPipe } from '../common/zod-body.pipe';
import { SortService } from './sort.service';

/** `/api/sort`: the web app calls it, relative to the API base, when a filter finds nothing. */
@Controller()
export class SortController {
  constructor(private readonly sorting: SortService) {}

  @Post('sort')
  @HttpCode(200)
  @PerMinuteLimit(60)
  @PerUserLimit(USER_LIMITS.similarity)
  @UseGuards(OptionalJwtAuthGuard)
  sort(@Body(new ZodPipe(sortRequestSchema)) body: SortRequest, @CurrentUser() user?: AuthenticatedUser) {
    return this.sorting.sort(body, user !== undefined);
  }
}
