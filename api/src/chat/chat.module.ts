import { Module } from '@nestjs/common';
import { ChatGateway } from '../realtime/chat.gateway';
import { CONVERSATIONS } from '../realtime/conversations.port';
import { RealtimeModule } from '../realtime/realtime.module';
import { BlocksRecordsModule } from '../trust/blocks-records.module';
import { ChatController } from './chat.controller';
import { ChatRepository } from './chat.repository';
import { ChatService } from './chat.service';
import { FirstContactLimit } from './first-contact-limit';

/** The gateway lives in realtime; chat hosts it and answers its conversation calls. */
@Module({
  imports: [RealtimeModule, BlocksRecordsModule],
  controllers: [ChatController],
  providers: [
    ChatRepository,
    ChatService,
    FirstContactLimit,
    { provide: CONVERSATIONS, useExisting: ChatService },
    ChatGateway,
  ],
  exports: [ChatRepository, ChatService, FirstContactLimit],
})
export class ChatModule {}
