import { Body, Controller, Get, Put, UseGuards } from '@nestjs/common';
import {
  NOTIFICATION_SETTINGS_MESSAGES,
  type NotificationSettings,
  notificationSettingsSchema,
} from '@skillers/domain';
import { CurrentUser } from '../auth/current-user.decorator';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import { PerUserLimit } from '../auth/per-user-limit';
import type { AuthenticatedUser } from '../auth/token.service';
import { USER_LIMITS } from '../common/rate-limits';
import { ZodPipe } from '../common/zod-body.pipe';
import { NotificationSettingsRepository } from './notification-settings.repository';

/** How the user wants each group of notifications delivered: in the app, by email, or in a daily digest. */
@Controller('user/notification-settings')
@UseGuards(JwtAuthGuard)
export class NotificationSettingsController {
  constructor(private readonly settings: NotificationSettingsRepository) {}

  @Get()
  async read(@CurrentUser() user: AuthenticatedUser) {
    return { notificationSettings: await this.settings.of(user.id) };
  }

  @Put()
  @PerUserLimit(USER_LIMITS.settings)
  async save(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodPipe(notificationSettingsSchema)) body: NotificationSettings,
  ) {
    return {
      message: NOTIFICATION_SETTINGS_MESSAGES.saved,
      notificationSettings: await this.settings.put(user.id, body),
    };
  }
}
