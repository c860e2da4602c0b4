import { Body, Controller, Delete, Get, Query, UseGuards } from '@nestjs/common';
import {
  type DeleteProjectInput,
  deleteProjectSchema,
  type PageQuery,
  pageQuerySchema,
} from '@skillers/domain';
import { CurrentUser } from '../auth/current-user.decorator';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import type { AuthenticatedUser } from '../auth/token.service';
import { USER_LIMITS } from '../common/rate-limits';
import { PerUserLimit } from '../auth/per-user-limit';
import { ZodPipe } from '../common/zod-body.pipe';
import { ProjectService } from './project.service';

/** The signed-in user's own projects. */
@Controller('user')
@UseGuards(JwtAuthGuard)
export class MyProjectsController {
  constructor(private readonly projects: ProjectService) {}

  @Get('myProjects')
  list(@CurrentUser() user: AuthenticatedUser, @Query(new ZodPipe(pageQuerySchema)) query: PageQuery) {
    return this.projects.mine(user.id, query.page);
  }

  @Delete('myProjects')
  @PerUserLimit(USER_LIMITS.listings)
  remove(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodPipe(deleteProjectSchema)) body: DeleteProjectInput,
  ) {
    return this.projects.remove(user.id, body.project_id);
  }

  @Get('myProjectsIds')
  ids(@CurrentUser() user: AuthenticatedUser) {
    return this.projects.myIds(user.id);
  }
}
