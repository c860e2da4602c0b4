import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, UseGuards } from '@nestjs/common';
import {
  type CreateSavedSearchRequest,
  createSavedSearchSchema,
  objectIdSchema,
  type UpdateSavedSearchRequest,
  updateSavedSearchSchema,
} from '@skillers/domain';
import { CurrentUser } from '../auth/current-user.decorator';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import type { AuthenticatedUser } from '../auth/token.service';
import { USER_LIMITS } from '../common/rate-limits';
import { PerUserLimit } from '../auth/per-user-limit';
import { withKnownFilterOptions } from '../common/known-options';
import { ZodPipe } from '../common/zod-body.pipe';
import { SavedSearchesService } from './saved-searches.service';

const searchId = new ZodPipe(objectIdSchema);

@Controller('user/saved-searches')
@UseGuards(JwtAuthGuard)
export class SavedSearchesController {
  constructor(private readonly searches: SavedSearchesService) {}

  @Get()
  list(@CurrentUser() user: AuthenticatedUser) {
    return this.searches.list(user.id);
  }

  @Post()
  @PerUserLimit(USER_LIMITS.savedSearches)
  create(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodPipe(withKnownFilterOptions(createSavedSearchSchema, 'activeFilters')))
    body: CreateSavedSearchRequest,
  ) {
    return this.searches.create(user.id, body);
  }

  @Patch(':id')
  @PerUserLimit(USER_LIMITS.savedSearches)
  update(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', searchId) id: string,
    @Body(new ZodPipe(updateSavedSearchSchema)) body: UpdateSavedSearchRequest,
  ) {
    return this.searches.update(user.id, id, body);
  }

  /** New criteria under the same id: how a search that needs attention is fixed. */
  @Put(':id')
  @PerUserLimit(USER_LIMITS.savedSearches)
  replace(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', searchId) id: string,
    @Body(new ZodPipe(createSavedSearchSchema)) body: CreateSavedSearchRequest,
  ) {
    return this.searches.replace(user.id, id, body);
  }

  @Delete(':id')
  @PerUserLimit(USER_LIMITS.savedSearches)
  delete(@CurrentUser() user: AuthenticatedUser, @Param('id', searchId) id: string) {
    return this.searches.delete(user.id, id);
  }

  @Post(':id/view')
  @HttpCode(200)
  @PerUserLimit(USER_LIMITS.savedSearches)
  view(@CurrentUser() user: AuthenticatedUser, @Param('id', searchId) id: string) {
    return this.searches.view(user.id, id);
  }
}
