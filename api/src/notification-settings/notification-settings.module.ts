import { Module } from '@nestjs/common';
import { NotificationSettingsController } from './notification-settings.controller';
import { NotificationSettingsRepository } from './notification-settings.repository';

/** The user's choices of delivery; exported for whatever sends notifications by email. */
@Module({
  controllers: [NotificationSettingsController],
  providers: [NotificationSettingsRepository],
  exports: [NotificationSettingsRepository],
})
export class NotificationSettingsModule {}
