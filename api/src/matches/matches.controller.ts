import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import {
  type PageQuery,
  pageQuerySchema,
  type ProfileMatchesQuery,
  profileMatchesQuerySchema,
} from '@skillers/domain';
import { CurrentUser } from '../auth/current-user.decorator';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import type { AuthenticatedUser } from '../auth/token.service';
import { ZodPipe } from '../common/zod-body.pipe';
import { MatchesService } from './matches.service';

/** Matches for you: `GET /matches/teammates?projectId=` (the project's owner) and `GET /matches/projects`. */
@Controller('matches')
@UseGuards(JwtAuthGuard)
export class MatchesController {
  constructor(private readonly matches: MatchesService) {}

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
}
