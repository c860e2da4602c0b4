import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import {
  objectIdSchema,
  type PageQuery,
  pageQuerySchema,
  type SavedFilteringRequest,
  savedFilteringRequestSchema,
} from '@skillers/domain';
import { CurrentUser } from '../auth/current-user.decorator';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import type { AuthenticatedUser } from '../auth/token.service';
import { PerMinuteLimit } from '../common/per-minute-limit.decorator';
import { USER_LIMITS } from '../common/rate-limits';
import { PerUserLimit } from '../auth/per-user-limit';
import { withKnownFilterOptions } from '../common/known-options';
import { ZodPipe } from '../common/zod-body.pipe';
import { SavedFilteringService } from './saved-filtering.service';
import { SavedService } from './saved.service';

/** Projects and profiles the signed-in user keeps for later. Saving twice answers the same as once. */
@Controller('user')
@UseGuards(JwtAuthGuard)
export class SavedController {
  constructor(
    private readonly saved: SavedService,
    private readonly filtering: SavedFilteringService,
  ) {}

  @Get('projects/found')
  foundProjects(
    @CurrentUser() user: AuthenticatedUser,
    @Query(new ZodPipe(pageQuerySchema)) query: PageQuery,
  ) {
    return this.saved.foundProjects(user.id, query.page);
  }

  /** The saved projects the filters match; when none do, the closest saved ones (it may embed, as `/sort`). */
  @Post('projects/found/filter')
  @HttpCode(200)
  @PerMinuteLimit(60)
  @PerUserLimit(USER_LIMITS.similarity)
  filterFoundProjects(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodPipe(withKnownFilterOptions(savedFilteringRequestSchema, 'activeFilters')))
    body: SavedFilteringRequest,
  ) {
    return this.filtering.filterProjects(user.id, body);
  }

  @Post('projects/:id')
  @PerUserLimit(USER_LIMITS.saves)
  @HttpCode(200)
  saveProject(@CurrentUser() user: AuthenticatedUser, @Param('id', new ZodPipe(objectIdSchema)) id: string) {
    return this.saved.saveProject(user.id, id);
  }

  @Delete('projects/:id')
  @PerUserLimit(USER_LIMITS.saves)
  forgetProject(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', new ZodPipe(objectIdSchema)) id: string,
  ) {
    return this.saved.forget(user.id, 'project', id);
  }

  @Get('teammates/found')
  foundProfiles(
    @CurrentUser() user: AuthenticatedUser,
    @Query(new ZodPipe(pageQuerySchema)) query: PageQuery,
  ) {
    return this.saved.foundProfiles(user.id, query.page);
  }

  @Post('teammates/:id')
  @PerUserLimit(USER_LIMITS.saves)
  @HttpCode(200)
  saveProfile(@CurrentUser() user: AuthenticatedUser, @Param('id', new ZodPipe(objectIdSchema)) id: string) {
    return this.saved.saveProfile(user.id, id);
  }

  @Delete('teammates/:id')
  @PerUserLimit(USER_LIMITS.saves)
  forgetProfile(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', new ZodPipe(objectIdSchema)) id: string,
  ) {
    return this.saved.forget(user.id, 'teammate', id);
  }

  @Get('savedIds')
  savedIds(@CurrentUser() user: AuthenticatedUser) {
    return this.saved.savedIds(user.id);
  }
}
