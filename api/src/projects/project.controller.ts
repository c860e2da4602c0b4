import { Body, Controller, Get, Param, Post, Put, Query, UseGuards } from '@nestjs/common';
import {
  objectIdSchema,
  type PageQuery,
  pageQuerySchema,
  projectCreateSchema,
  type ProjectEditInput,
  projectEditSchema,
  type ProjectInput,
} from '@skillers/domain';
import { CurrentUser } from '../auth/current-user.decorator';
import { JwtAuthGuard, OptionalJwtAuthGuard } from '../auth/jwt-auth.guard';
import type { AuthenticatedUser } from '../auth/token.service';
import { withKnownOptions } from '../common/known-options';
import { USER_LIMITS } from '../common/rate-limits';
import { PerUserLimit } from '../auth/per-user-limit';
import { ZodPipe } from '../common/zod-body.pipe';
import { ProjectService } from './project.service';

@Controller('project')
export class ProjectController {
  constructor(private readonly projects: ProjectService) {}

  @Get()
  @UseGuards(OptionalJwtAuthGuard)
  list(@Query(new ZodPipe(pageQuerySchema)) query: PageQuery, @CurrentUser() user?: AuthenticatedUser) {
    return this.projects.list(query.page, user?.id);
  }

  @Get(':id')
  @UseGuards(OptionalJwtAuthGuard)
  detail(@Param('id', new ZodPipe(objectIdSchema)) id: string, @CurrentUser() user?: AuthenticatedUser) {
    return this.projects.detail(id, user?.id);
  }

  @Post()
  @UseGuards(JwtAuthGuard)
  @PerUserLimit(USER_LIMITS.listings, USER_LIMITS.newProjects)
  create(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodPipe(withKnownOptions(projectCreateSchema))) body: ProjectInput,
  ) {
    return this.projects.create(user.id, body);
  }

  @Put('editProject/:id')
  @UseGuards(JwtAuthGuard)
  @PerUserLimit(USER_LIMITS.listings)
  edit(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', new ZodPipe(objectIdSchema)) id: string,
    @Body(new ZodPipe(withKnownOptions(projectEditSchema))) body: ProjectEditInput,
  ) {
    return this.projects.edit(user.id, id, body);
  }
}
