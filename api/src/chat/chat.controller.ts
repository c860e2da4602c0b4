import { Body, Controller, Get, Post, Query, UseGuards } from '@nestjs/common';
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
import { PerMinuteLimit } from '../common/per-minute-limit.decorator';
import { USER_LIMITS } from '../common/rate-limits';
import { PerUserLimit } from '../auth/per-user-limit';

const SENDS_PER_MINUTE = 120;

@Controller('chat')
@UseGuards(JwtAuthGuard)
export class ChatController {
  constructor(private readonly chat: ChatService) {}

  @Get('conversation')
  conversation(
    @CurrentUser() user: AuthenticatedUser,
    @Query(new ZodPipe(conversationQuerySchema)) query: ConversationQuery,
  ) {
    return this.chat.conversationWith(user.id, query.friendId, { before: query.before, limit: query.limit });
  }

  @Get('unread')
  unread(@CurrentUser() user: AuthenticatedUser) {
    return this.chat.unread(user.id);
  }

  @Get('conversations')
  conversations(@CurrentUser() user: AuthenticatedUser) {
    return this.chat.conversations(user.id);
  }

  @Post('sendMessage')
  @PerMinuteLimit(SENDS_PER_MINUTE)
  @PerUserLimit(USER_LIMITS.messages)
  send(@CurrentUser() user: AuthenticatedUser, @Body(new ZodPipe(sendMessageSchema)) body: SendMessageInput) {
    return this.chat.sendTo(user.id, body.id, body.message);
  }

  /** The same send, under the path the single project and profile pages use. */
  @Post('singlePage/sendMessage')
  @PerMinuteLimit(SENDS_PER_MINUTE)
  @PerUserLimit(USER_LIMITS.messages)
  sendFromSinglePage(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodPipe(sendMessageSchema)) body: SendMessageInput,
  ) {
    return this.chat.sendTo(user.id, body.id, body.message);
  }
}
