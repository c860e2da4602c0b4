import { Body, Controller, Get, Param, Post, Put, Query, UseGuards } from '@nestjs/common';
import {
  objectIdSchema,
  type PageQuery,
  pageQuerySchema,
  profileCreateSchema,
  type ProfileEditInput,
  profileEditSchema,
  type ProfileInput,
} from '@skillers/domain';
import { CurrentUser } from '../auth/current-user.decorator';
import { JwtAuthGuard, OptionalJwtAuthGuard } from '../auth/jwt-auth.guard';
import type { AuthenticatedUser } from '../auth/token.service';
import { withKnownOptions } from '../common/known-options';
import { USER_LIMITS } from '../common/rate-limits';
import { PerUserLimit } from '../auth/per-user-limit';
import { ZodPipe } from '../common/zod-body.pipe';
import { ProfileService } from './profile.service';

/** Profiles; the list answers under both names the web app uses. */
@Controller()
export class ProfileController {
  constructor(private readonly profiles: ProfileService) {}

  @Get(['teammate', 'teammates'])
  @UseGuards(OptionalJwtAuthGuard)
  list(@Query(new ZodPipe(pageQuerySchema)) query: PageQuery, @CurrentUser() user?: AuthenticatedUser) {
    return this.profiles.list(query.page, user?.id);
  }

  @Get('teammate/:id')
  @UseGuards(OptionalJwtAuthGuard)
  detail(@Param('id', new ZodPipe(objectIdSchema)) id: string, @CurrentUser() user?: AuthenticatedUser) {
    return this.profiles.detail(id, user?.id);
  }

  @Post('teammate')
  @UseGuards(JwtAuthGuard)
  @PerUserLimit(USER_LIMITS.listings)
  create(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodPipe(withKnownOptions(profileCreateSchema))) body: ProfileInput,
  ) {
    return this.profiles.create(user.id, body);
  }

  @Put('teammate/editTeammate')
  @UseGuards(JwtAuthGuard)
  @PerUserLimit(USER_LIMITS.listings)
  edit(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodPipe(withKnownOptions(profileEditSchema))) body: ProfileEditInput,
  ) {
    return this.profiles.editOwn(user.id, body);
  }
}
