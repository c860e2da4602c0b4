import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { objectIdSchema, pageQuerySchema } from '@skillers/domain';
import { z } from 'zod';
import { CurrentUser } from '../auth/current-user.decorator';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import type { AuthenticatedUser } from '../auth/token.service';
import { ZodPipe } from '../common/zod-body.pipe';
import { MatchesService } from './matches.service';

const profilesForProjectSchema = pageQuerySchema.and(z.object({ projectId: objectIdSchema }));

/** Matches for you: `GET /matches/teammates?projectId=` (the project's owner) and `GET /matches/projects`. */
@Controller('matches')
@UseGuards(JwtAuthGuard)
export class MatchesController {
  constructor(private readonly matches: MatchesService) {}

  @Get('teammates')
  profilesForProject(
    @Query(new ZodPipe(profilesForProjectSchema)) query: z.output<typeof profilesForProjectSchema>,
    @CurrentUser() user: AuthenticatedUser,
  ) {
    return this.matches.profilesForProject(user.id, query.projectId, query.page);
  }

  @Get('projects')
  projectsForProfile(
    @Query(new ZodPipe(pageQuerySchema)) query: z.output<typeof pageQuerySchema>,
    @CurrentUser() user: AuthenticatedUser,
  ) {
    return this.matches.projectsForProfile(user.id, query.page);
  }
}
