import { Module } from '@nestjs/common';
import { ChatBroadcaster } from './chat-broadcaster';
import { ChatController } from './chat.controller';
import { ChatGateway } from './chat.gateway';
import { ChatRepository } from './chat.repository';
import { ChatService } from './chat.service';

@Module({
  controllers: [ChatController],
  providers: [ChatRepository, ChatService, ChatBroadcaster, ChatGateway],
})
export class ChatModule {}
