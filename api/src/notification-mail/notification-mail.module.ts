import { Module } from '@nestjs/common';
import { NotificationSettingsModule } from '../notification-settings/notification-settings.module';
import { DigestService } from './digest.service';
import { DigestsSentRepository } from './digests-sent.repository';
import { InstantMailsService } from './instant-mails.service';
import { PendingMailsRepository } from './pending-mails.repository';
import { UnsubscribeLinks } from './unsubscribe-links';
import { UnsubscribeController } from './unsubscribe.controller';

/**
 * Notifications by email: right away (a message after 10 minutes unread), or in a daily digest; each
 * with a one-click unsubscribe link.
 */
@Module({
  imports: [NotificationSettingsModule],
  controllers: [UnsubscribeController],
  providers: [
    PendingMailsRepository,
    InstantMailsService,
    DigestsSentRepository,
    DigestService,
    UnsubscribeLinks,
  ],
  // The weekly matches record their sending in the same table, as periods of their own.
  exports: [DigestsSentRepository],
})
export class NotificationMailModule {}
