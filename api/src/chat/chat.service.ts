import {
  BadRequestException,
  ForbiddenException,
  Injectable,
  Logger,
  NotFoundException,
} from '@nestjs/common';
import {
  CHAT_MESSAGES,
  type ChatMessage,
  CONVERSATION_LIST_LIMIT,
  CONVERSATION_MESSAGES_LIMIT,
  DELETED_USERNAME,
  type ConversationPage,
  type ConversationRecord,
  type ConversationSummary,
  TRUST_MESSAGES,
  UNREAD_COUNT_LIMIT,
  type UnreadMessages,
} from '@skillers/domain';
import { DuplicateKeyError, newId } from '@skillers/store';
import { AppEvents } from '../core/events/app-events.service';
import { toPublicUser } from '../users/users.service';
import { UsersRepository } from '../auth/users.repository';
import { RealtimeBroadcaster } from '../realtime/realtime-broadcaster';
import { BlocksRepository } from '../trust/blocks.repository';
import { ChatRepository } from './chat.repository';
import { FirstContactLimit } from './first-contact-limit';

export interface ConversationPaging {
  /** A message id: the page ends just before it. */
  before?: string;
  limit?: number;
}

export interface InvitationOpening {
  messageId: string;
  conversationId: string;
  senderId: string;
  recipientId: string;
  text: string;
}

interface ActiveConversation {
  conversation: ConversationRecord;
  lastMessage: ChatMessage;
}

const friendOf = (conversation: ConversationRecord, userId: string): string =>
  conversation.participants[0] === userId ? conversation.participants[1] : conversation.participants[0];

@Injectable()
export class ChatService {
  private readonly logger = new Logger(ChatService.name);

  constructor(
    private readonly chats: ChatRepository,
    private readonly users: UsersRepository,
    private readonly broadcaster: RealtimeBroadcaster,
    private readonly blocks: BlocksRepository,
    private readonly firstContacts: FirstContactLimit,
    private readonly events: AppEvents,
  ) {}

  /**
   * One page of the conversation with a friend, oldest first: the latest messages, or with `before` the
   * ones just older than that message. Reading the latest page marks the conversation read, which the
   * friend sees as a read receipt.
   */
  async conversationWith(
    userId: string,
    friendId: string,
    paging: ConversationPaging = {},
  ): Promise<ConversationPage> {
    if (friendId === userId) throw new BadRequestException(CHAT_MESSAGES.cannotMessageYourself);
    const conversation = await this.chats.findConversationBetween(userId, friendId);
    // A deleted account's conversation stays readable for the other party.
    if (!conversation) await this.assertCanTalkTo(userId, friendId);
    if (!conversation && paging.before) throw new NotFoundException(CHAT_MESSAGES.messageNotFound);
    // Conversations start with their first message: before that there is simply nothing to show.
    if (!conversation) return { conversation: { messages: [], hasMore: false } };
    const limit = paging.limit ?? CONVERSATION_MESSAGES_LIMIT;
    // One message more than the page tells whether older ones remain, without counting them.
    const page = paging.before
      ? await this.chats.messagesBefore(
          conversation._id,
          await this.cursor(conversation, paging.before),
          limit + 1,
        )
      : await this.chats.latestMessages(conversation._id, limit + 1);
    const hasMore = page.length > limit;
    const shown = hasMore ? page.slice(1) : page;
    // Someone the user blocked is not heard from: their messages are left out while the block lasts.
    const messages = (await this.blocks.hasBlocked(userId, friendId))
      ? shown.filter((message) => message.senderId !== friendId)
      : shown;
    // Read up to the newest message there, withheld ones included: the blocked user's "Seen" comes as it
    // did before the block, so it tells them nothing.
    const newest = shown.at(-1);
    if (!paging.before && newest) await this.markRead(conversation, userId, newest.date);
    const friendMarker = await this.chats.readMarker(conversation._id, friendId);
    return {
      conversation: {
        _id: conversation._id,
        messages,
        hasMore,
        ...(friendMarker?.readAt && { friendReadAt: friendMarker.readAt }),
      },
    };
  }

  /** Unread messages over all the user's conversations but those with users they blocked, from the counters. */
  async unread(userId: string): Promise<UnreadMessages> {
    const [blocked, conversations] = await Promise.all([
      this.blocks.blockedIdsOf(userId),
      this.chats.conversationsOf(userId),
    ]);
    const heard = conversations.filter((conversation) => !blocked.has(friendOf(conversation, userId)));
    const counts = await this.unreadCounts(userId, heard);
    return { messages: [...counts.values()].reduce((total, count) => total + count, 0) };
  }

  async sendTo(senderId: string, recipientId: string, text: string): Promise<{ message: ChatMessage }> {
    await this.assertCanTalkTo(senderId, recipientId);
    await this.assertNotBlockedBySender(senderId, recipientId);
    // Only a first message starts a conversation, and only that counts toward the daily limit.
    const conversation = await this.firstContacts.startExclusive(senderId, async () => {
      const existing = await this.chats.findConversationBetween(senderId, recipientId);
      if (existing) return existing;
      await this.firstContacts.assertMayStart(senderId);
      return this.chats.conversationBetween(senderId, recipientId, new Date().toISOString());
    });
    return { message: await this.store(conversation._id, senderId, recipientId, text) };
  }

  async sendInConversation(senderId: string, conversationId: string, text: string): Promise<ChatMessage> {
    const conversation = await this.assertParticipant(senderId, conversationId);
    const recipientId = friendOf(conversation, senderId);
    await this.assertCanTalkTo(senderId, recipientId);
    await this.assertNotBlockedBySender(senderId, recipientId);
    return this.store(conversationId, senderId, recipientId, text);
  }

  /**
   * The first message of a conversation an accepted invitation opens, sent as the inviter. Its id is the
   * invitation's, so accepting again after a failure stores it once.
   */
  async openWithInvitation(opening: InvitationOpening): Promise<ChatMessage> {
    const stored = await this.chats.findMessage(opening.messageId);
    if (stored) return stored;
    const { conversationId, senderId, recipientId, text, messageId } = opening;
    try {
      return await this.store(conversationId, senderId, recipientId, text, messageId);
    } catch (error) {
      const raced = error instanceof DuplicateKeyError && (await this.chats.findMessage(messageId));
      if (!raced) throw error;
      return raced;
    }
  }

  /** Refuses alike whether the conversation is someone else's or does not exist, so ids reveal nothing. */
  async assertParticipant(userId: string, conversationId: string): Promise<ConversationRecord> {
    const conversation = await this.chats.findConversation(conversationId);
    if (!conversation?.participants.includes(userId)) {
      throw new ForbiddenException(CHAT_MESSAGES.notInConversation);
    }
    return conversation;
  }

  /**
   * The user's conversations that have messages, most recently active first, each with its friend,
   * last message and unread count. Activity is read from the messages (one indexed query each).
   */
  async conversations(userId: string): Promise<{ conversations: ConversationSummary[] }> {
    const blocked = await this.blocks.blockedIdsOf(userId);
    // Conversations with users this one blocked are left out of the list while the block lasts.
    const newest = (await this.activeConversations(userId))
      .filter(({ conversation }) => !blocked.has(friendOf(conversation, userId)))
      .slice(0, CONVERSATION_LIST_LIMIT);
    if (newest.length === 0) return { conversations: [] };

    const [friends, unread] = await Promise.all([
      this.users.findByIds(newest.map(({ conversation }) => friendOf(conversation, userId))),
      this.unreadCounts(
        userId,
        newest.map(({ conversation }) => conversation),
      ),
    ]);
    const friendById = new Map(friends.map((friend) => [friend._id, friend]));
    const summaries = newest.map(({ conversation, lastMessage }): ConversationSummary => {
      const friendId = friendOf(conversation, userId);
      const friend = friendById.get(friendId);
      return {
        _id: conversation._id,
        // A deleted account's messages stay with the other party, from a "deleted user".
        friend: friend ? toPublicUser(friend) : { _id: friendId, username: DELETED_USERNAME },
        lastMessage,
        unread: unread.get(conversation._id) ?? 0,
      };
    });
    return { conversations: summaries };
  }

  /** Conversations with at least one message, with that message, most recently active first. */
  private async activeConversations(userId: string): Promise<ActiveConversation[]> {
    const conversations = await this.chats.conversationsOf(userId);
    const withLast = await Promise.all(
      conversations.map(async (conversation) => ({
        conversation,
        lastMessage: await this.chats.latestMessage(conversation._id),
      })),
    );
    return withLast
      .filter((item): item is ActiveConversation => item.lastMessage !== null)
      .sort((a, b) => (a.lastMessage.date < b.lastMessage.date ? 1 : -1));
  }

  /**
   * Per conversation, the user's unread counter, shown up to UNREAD_COUNT_LIMIT. One query reads them all;
   * a conversation from before counters (or whose first message has not been counted yet) is counted from
   * its messages once, and its counter kept from then on.
   */
  private async unreadCounts(
    userId: string,
    conversations: readonly ConversationRecord[],
  ): Promise<Map<string, number>> {
    const markers = await this.chats.readMarkers(
      userId,
      conversations.map((conversation) => conversation._id),
    );
    const counterById = new Map(markers.map((marker) => [marker.conversationId, marker.unread]));
    const counts = await Promise.all(
      conversations.map(async (conversation) => {
        const stored =
          counterById.get(conversation._id) ??
          (await this.chats.recountUnread(conversation._id, userId, friendOf(conversation, userId)));
        return [conversation._id, Math.min(stored, UNREAD_COUNT_LIMIT)] as const;
      }),
    );
    return new Map(counts);
  }

  /** A paging cursor must be a message of this very conversation. */
  private async cursor(conversation: ConversationRecord, messageId: string): Promise<ChatMessage> {
    const message = await this.chats.findMessage(messageId);
    if (message?.conversationId !== conversation._id) {
      throw new NotFoundException(CHAT_MESSAGES.messageNotFound);
    }
    return message;
  }

  /**
   * A marker that moved tells the friend ("Seen"), unless the friend blocked the reader, and the reader's
   * other tabs (their unread total).
   */
  private async markRead(conversation: ConversationRecord, userId: string, readAt: string): Promise<void> {
    const friendId = friendOf(conversation, userId);
    if (!(await this.chats.markRead(conversation._id, userId, friendId, readAt))) return;
    if (!(await this.blocks.hasBlocked(friendId, userId))) {
      this.broadcaster.conversationRead({ conversationId: conversation._id, userId, readAt }, friendId);
    }
    this.broadcaster.unreadChanged(userId, await this.unread(userId));
    await this.events.publish('conversation.read', { userId, conversationId: conversation._id });
  }

  private async assertCanTalkTo(userId: string, friendId: string): Promise<void> {
    if (friendId === userId) throw new BadRequestException(CHAT_MESSAGES.cannotMessageYourself);
    if (!(await this.users.findById(friendId))) throw new NotFoundException(CHAT_MESSAGES.userNotFound);
  }

  /** A user who blocked someone is told so when writing to them; only the blocker ever sees this. */
  private async assertNotBlockedBySender(senderId: string, recipientId: string): Promise<void> {
    if (await this.blocks.hasBlocked(senderId, recipientId))
      throw new ForbiddenException(TRUST_MESSAGES.youBlockedThem);
  }

  private async store(
    conversationId: string,
    senderId: string,
    recipientId: string,
    text: string,
    messageId = newId(),
  ): Promise<ChatMessage> {
    const message: ChatMessage = {
      _id: messageId,
      conversationId,
      senderId,
      message: text,
      date: new Date().toISOString(),
    };
    await this.chats.insertMessage(message, recipientId);
    // A message to someone who blocked the sender is accepted and kept, so the sender sees it sent as
    // always and cannot tell; it only reaches the sender's own sockets, and the blocker's views skip it.
    if (await this.blocks.hasBlocked(recipientId, senderId)) {
      this.broadcaster.messageWithheld(message, senderId);
    } else {
      this.broadcaster.messageStored(message, [senderId, recipientId]);
      await this.tellRecipient(message, recipientId);
    }
    return message;
  }

  /**
   * The recipient's unread total and notification. The message is stored and delivered already, so a
   * failure here is logged rather than turned into a failed send.
   */
  private async tellRecipient(message: ChatMessage, recipientId: string): Promise<void> {
    try {
      const sender = await this.users.findById(message.senderId);
      this.broadcaster.unreadChanged(recipientId, await this.unread(recipientId));
      if (!sender) return;
      await this.events.publish('message.sent', { message, recipientId, sender: toPublicUser(sender) });
    } catch (error) {
      this.logger.warn(
        `Could not tell ${recipientId} of message ${message._id}: ${(error as Error).message}`,
      );
    }
  }
}
