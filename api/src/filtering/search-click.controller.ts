import { Body, Controller, HttpCode, Inject, Ip, Post, UseGuards } from '@nestjs/common';
import { type SearchClick, searchClickSchema } from '@skillers/domain';
import { CurrentUser } from '../auth/current-user.decorator';
import { OptionalJwtAuthGuard } from '../auth/jwt-auth.guard';
import type { AuthenticatedUser } from '../auth/token.service';
import { PerMinuteLimit } from '../common/per-minute-limit.decorator';
import { USER_LIMITS } from '../common/rate-limits';
import { PerUserLimit } from '../auth/per-user-limit';
import { ZodPipe } from '../common/zod-body.pipe';
import { SEARCH_EVENT_SINK, type SearchEventSink } from '../analytics/search-event-sink';
import { ServedSearches } from '../analytics/served-searches';

/** A reader opened a result; the web app reports it so analysts can measure click-through by rank. */
export const CLICKS_PER_MINUTE = 120;

@Controller('search')
export class SearchClickController {
  constructor(
    @Inject(SEARCH_EVENT_SINK) private readonly events: SearchEventSink,
    private readonly served: ServedSearches,
  ) {}

  /**
   * Recorded like a search event: buffered, never slowing the answer; nothing to return. A click that does
   * not name a result this process served to the caller is answered the same and not recorded, so the
   * answer tells nothing about other people's searches.
   */
  @Post('click')
  @HttpCode(204)
  @PerMinuteLimit(CLICKS_PER_MINUTE)
  @PerUserLimit(USER_LIMITS.clicks)
  @UseGuards(OptionalJwtAuthGuard)
  click(
    @Body(new ZodPipe(searchClickSchema)) click: SearchClick,
    @Ip() address: string,
    @CurrentUser() user?: AuthenticatedUser,
  ): void {
    if (!this.served.claim(click, { userId: user?.id, address })) return;
    this.events.record({
      type: 'click',
      at: new Date().toISOString(),
      ...click,
      signedIn: user !== undefined,
    });
  }
}
