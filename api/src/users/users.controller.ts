import { Body, Controller, Get, Patch, UseGuards } from '@nestjs/common';
import { type SettingsInput, settingsSchema } from '@skillers/domain';
import { CurrentUser } from '../auth/current-user.decorator';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import type { AuthenticatedUser } from '../auth/token.service';
import { USER_LIMITS } from '../common/rate-limits';
import { PerUserLimit } from '../auth/per-user-limit';
import { ZodPipe } from '../common/zod-body.pipe';
import { UsersService } from './users.service';

@Controller('user')
@UseGuards(JwtAuthGuard)
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get('settings')
  settings(@CurrentUser() user: AuthenticatedUser) {
    return this.users.settings(user.id);
  }

  @Patch('settings')
  @PerUserLimit(USER_LIMITS.settings)
  updateSettings(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodPipe(settingsSchema)) body: SettingsInput,
  ) {
    return this.users.updateSettings(user.id, body);
  }

  @Get('users')
  others(@CurrentUser() user: AuthenticatedUser) {
    return this.users.others(user.id);
  }
}
