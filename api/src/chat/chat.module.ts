import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications/notifications.module';
import { ChatController } from './chat.controller';
import { ChatGateway } from './chat.gateway';
import { ChatRepository } from './chat.repository';
import { ChatService } from './chat.service';
import { FirstContactLimit } from './first-contact-limit';
import { RealtimeModule } from './realtime.module';
import { BlocksRecordsModule } from '../trust/blocks-records.module';

@Module({
  imports: [RealtimeModule, NotificationsModule, BlocksRecordsModule],
  controllers: [ChatController],
  providers: [ChatRepository, ChatService, ChatGateway, FirstContactLimit],
})
export class ChatModule {}
