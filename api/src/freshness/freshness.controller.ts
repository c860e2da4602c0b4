import { Body, Controller, Param, Put, UseGuards } from '@nestjs/common';
import { objectIdSchema, type OpenSwitchInput, openSwitchSchema } from '@skillers/domain';
import { CurrentUser } from '../auth/current-user.decorator';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import type { AuthenticatedUser } from '../auth/token.service';
import { USER_LIMITS } from '../common/rate-limits';
import { PerUserLimit } from '../auth/per-user-limit';
import { ZodPipe } from '../common/zod-body.pipe';
import { FreshnessService } from './freshness.service';

/** The owner's "Open to collaborate" switch: `{"open": true}` turns it on or reconfirms it for 60 days. */
@Controller()
@UseGuards(JwtAuthGuard)
export class FreshnessController {
  constructor(private readonly freshness: FreshnessService) {}

  @Put('project/:id/open')
  @PerUserLimit(USER_LIMITS.listings)
  project(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', new ZodPipe(objectIdSchema)) id: string,
    @Body(new ZodPipe(openSwitchSchema)) body: OpenSwitchInput,
  ) {
    return this.freshness.setProjectOpen(user.id, id, body.open);
  }

  @Put('user/myTeammate/open')
  @PerUserLimit(USER_LIMITS.listings)
  profile(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodPipe(openSwitchSchema)) body: OpenSwitchInput,
  ) {
    return this.freshness.setOwnProfileOpen(user.id, body.open);
  }
}
