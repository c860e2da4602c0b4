import { Module } from '@nestjs/common';
import { NotificationSettingsModule } from '../notification-settings/notification-settings.module';
import { DigestService } from './digest.service';
import { DigestsSentRepository } from './digests-sent.repository';
import { InstantMailsService } from './instant-mails.service';
import { PendingMailsRepository } from './pending-mails.repository';

/** Notifications by email: right away (a message after 10 minutes unread), or in a daily digest. */
@Module({
  imports: [NotificationSettingsModule],
  providers: [PendingMailsRepository, InstantMailsService, DigestsSentRepository, DigestService],
})
export class NotificationMailModule {}
