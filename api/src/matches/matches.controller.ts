import { Body, Controller, Get, Post, Query, UseGuards } from '@nestjs/common';
import {
  type HideMatch,
  hideMatchSchema,
  type PageQuery,
  pageQuerySchema,
  type ProfileMatchesQuery,
  profileMatchesQuerySchema,
} from '@skillers/domain';
import { CurrentUser } from '../auth/current-user.decorator';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import type { AuthenticatedUser } from '../auth/token.service';
import { ZodPipe } from '../common/zod-body.pipe';
import { HiddenMatches } from './hidden-matches';
import { MatchesService } from './matches.service';

/**
 * Matches for you: `GET /matches/teammates?projectId=` (the project's owner), `GET /matches/projects`, and
 * `POST /matches/hidden` to hide one for good.
 */
@Controller('matches')
@UseGuards(JwtAuthGuard)
export class MatchesController {
  constructor(
    private readonly matches: MatchesService,
    private readonly hidden: HiddenMatches,
  ) {}

  @Get('teammates')
  profilesForProject(
    @Query(new ZodPipe(profileMatchesQuerySchema)) query: ProfileMatchesQuery,
    @CurrentUser() user: AuthenticatedUser,
  ) {
    return this.matches.profilesForProject(user.id, query.projectId, query.page);
  }

  @Get('projects')
  projectsForProfile(
    @Query(new ZodPipe(pageQuerySchema)) query: PageQuery,
    @CurrentUser() user: AuthenticatedUser,
  ) {
    return this.matches.projectsForProfile(user.id, query.page);
  }

  /** "Not interested": the record never comes back among the caller's matches. */
  @Post('hidden')
  hide(@Body(new ZodPipe(hideMatchSchema)) body: HideMatch, @CurrentUser() user: AuthenticatedUser) {
    return this.hidden.hide(user.id, body.id);
  }
}
