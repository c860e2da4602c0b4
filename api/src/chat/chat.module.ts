import { Module } from '@nestjs/common';
import { ChatBroadcaster } from './chat-broadcaster';
import { ChatController } from './chat.controller';
import { ChatGateway } from './chat.gateway';
import { ChatRepository } from './chat.repository';
import { ChatService } from './chat.service';
import { FirstContactLimit } from './first-contact-limit';
import { BlocksRecordsModule } from '../trust/blocks-records.module';

@Module({
  imports: [BlocksRecordsModule],
  controllers: [ChatController],
  providers: [ChatRepository, ChatService, ChatBroadcaster, ChatGateway, FirstContactLimit],
})
export class ChatModule {}
