import { Body, Controller, Get, Post, Query, UseGuards } from '@nestjs/common';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';
import {
  type ConversationQuery,
  conversationQuerySchema,
  type SendMessageInput,
  sendMessageSchema,
} from '@skillers/domain';
import { CurrentUser } from '../auth/current-user.decorator';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import type { AuthenticatedUser } from '../auth/token.service';
import { ZodPipe } from '../common/zod-body.pipe';
import { ChatService } from './chat.service';

const SEND_LIMIT = { default: { limit: 120, ttl: 60_000 } };

@Controller('chat')
@UseGuards(JwtAuthGuard)
export class ChatController {
  constructor(private readonly chat: ChatService) {}

  @Get('conversation')
  conversation(
    @CurrentUser() user: AuthenticatedUser,
    @Query(new ZodPipe(conversationQuerySchema)) query: ConversationQuery,
  ) {
    return this.chat.conversationWith(user.id, query.friendId);
  }

  @Get('conversations')
  conversations(@CurrentUser() user: AuthenticatedUser) {
    return this.chat.conversations(user.id);
  }

  @Post('sendMessage')
  @UseGuards(ThrottlerGuard)
  @Throttle(SEND_LIMIT)
  send(@CurrentUser() user: AuthenticatedUser, @Body(new ZodPipe(sendMessageSchema)) body: SendMessageInput) {
    return this.chat.sendTo(user.id, body.id, body.message);
  }

  /** The same send, under the path the single project and teammate pages use. */
  @Post('singlePage/sendMessage')
  @UseGuards(ThrottlerGuard)
  @Throttle(SEND_LIMIT)
  sendFromSinglePage(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodPipe(sendMessageSchema)) body: SendMessageInput,
  ) {
    return this.chat.sendTo(user.id, body.id, body.message);
  }
}
