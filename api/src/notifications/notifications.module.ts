import { Module } from '@nestjs/common';
import { RealtimeModule } from '../realtime/realtime.module';
import { BlocksRecordsModule } from '../trust/blocks-records.module';
import { NotificationsController } from './notifications.controller';
import { NotificationsRepository } from './notifications.repository';
import { NotificationsService } from './notifications.service';

@Module({
  imports: [RealtimeModule, BlocksRecordsModule],
  controllers: [NotificationsController],
  providers: [NotificationsRepository, NotificationsService],
  exports: [NotificationsService],
})
export class NotificationsModule {}
