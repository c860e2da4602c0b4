import { Module } from '@nestjs/common';
import { NotificationSettingsModule } from '../notification-settings/notification-settings.module';
import { InstantMailsService } from './instant-mails.service';
import { PendingMailsRepository } from './pending-mails.repository';

/** Notifications by email: right away (a message after 10 minutes unread). */
@Module({
  imports: [NotificationSettingsModule],
  providers: [PendingMailsRepository, InstantMailsService],
})
export class NotificationMailModule {}
