import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications/notifications.module';
import { ChatController } from './chat.controller';
import { ChatGateway } from './chat.gateway';
import { ChatRepository } from './chat.repository';
import { ChatService } from './chat.service';
import { RealtimeModule } from './realtime.module';

@Module({
  imports: [RealtimeModule, NotificationsModule],
  controllers: [ChatController],
  providers: [ChatRepository, ChatService, ChatGateway],
})
export class ChatModule {}
