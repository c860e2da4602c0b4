import { Body, Controller, HttpCode, Inject, Post, UseGuards } from '@nestjs/common';
import { type SearchClick, searchClickSchema } from '@skillers/domain';
import { CurrentUser } from '../auth/current-user.decorator';
import { OptionalJwtAuthGuard } from '../auth/jwt-auth.guard';
import type { AuthenticatedUser } from '../auth/token.service';
import { PerMinuteLimit } from '../common/per-minute-limit.decorator';
import { ZodPipe } from '../common/zod-body.pipe';
import { SEARCH_EVENT_SINK, type SearchEventSink } from './search-events/search-event-sink';

/** A reader opened a result; the web app reports it so analysts can measure click-through by rank. */
export const CLICKS_PER_MINUTE = 120;

@Controller('search')
export class SearchClickController {
  constructor(@Inject(SEARCH_EVENT_SINK) private readonly events: SearchEventSink) {}

  /** Recorded like a search event: buffered, never slowing the answer; nothing to return. */
  @Post('click')
  @HttpCode(204)
  @PerMinuteLimit(CLICKS_PER_MINUTE)
  @UseGuards(OptionalJwtAuthGuard)
  click(
    @Body(new ZodPipe(searchClickSchema)) click: SearchClick,
    @CurrentUser() user?: AuthenticatedUser,
  ): void {
    this.events.record({
      type: 'click',
      at: new Date().toISOString(),
      ...click,
      signedIn: user !== undefined,
    });
  }
}
