import { BadRequestException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import {
  CHAT_MESSAGES,
  type ChatMessage,
  CONVERSATION_LIST_LIMIT,
  CONVERSATION_MESSAGES_LIMIT,
  type ConversationRecord,
  type ConversationSummary,
  TRUST_MESSAGES,
  UNREAD_COUNT_LIMIT,
} from '@skillers/domain';
import { newId } from '@skillers/store';
import { toPublicUser } from '../users/users.service';
import { UsersRepository } from '../users/users.repository';
import { ChatBroadcaster } from './chat-broadcaster';
import { BlocksRepository } from '../trust/blocks.repository';
import { ChatRepository } from './chat.repository';
import { FirstContactLimit } from './first-contact-limit';

export interface ConversationView {
  conversation: { _id?: string; messages: ChatMessage[] };
}

interface ActiveConversation {
  conversation: ConversationRecord;
  lastMessage: ChatMessage;
}

const friendOf = (conversation: ConversationRecord, userId: string): string =>
  conversation.participants[0] === userId ? conversation.participants[1] : conversation.participants[0];

@Injectable()
export class ChatService {
  constructor(
    private readonly chats: ChatRepository,
    private readonly users: UsersRepository,
    private readonly broadcaster: ChatBroadcaster,
    private readonly blocks: BlocksRepository,
    private readonly firstContacts: FirstContactLimit,
  ) {}

  /** The conversation with a friend, its latest messages oldest first; reading it marks it read. */
  async conversationWith(userId: string, friendId: string): Promise<ConversationView> {
    await this.assertCanTalkTo(userId, friendId);
    const conversation = await this.chats.findConversationBetween(userId, friendId);
    // Conversations start with their first message: before that there is simply nothing to show.
    if (!conversation) return { conversation: { messages: [] } };
    const latest = await this.chats.latestMessages(conversation._id, CONVERSATION_MESSAGES_LIMIT);
    // Someone the user blocked is not heard from: their messages are left out while the block lasts.
    const messages = (await this.blocks.hasBlocked(userId, friendId))
      ? latest.filter((message) => message.senderId !== friendId)
      : latest;
    const newest = messages.at(-1);
    if (newest) await this.chats.markRead(conversation._id, userId, newest.date);
    return { conversation: { _id: conversation._id, messages } };
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
    await this.assertNotBlockedBySender(senderId, recipientId);
    return this.store(conversationId, senderId, recipientId, text);
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

    const [friends, markers] = await Promise.all([
      this.users.findByIds(newest.map(({ conversation }) => friendOf(conversation, userId))),
      this.chats.readMarkers(
        userId,
        newest.map(({ conversation }) => conversation._id),
      ),
    ]);
    const friendById = new Map(friends.map((friend) => [friend._id, friend]));
    const readAtById = new Map(markers.map((marker) => [marker.conversationId, marker.readAt]));
    const summaries = await Promise.all(
      newest.map(async ({ conversation, lastMessage }): Promise<ConversationSummary | undefined> => {
        const friend = friendById.get(friendOf(conversation, userId));
        // An account that no longer exists is left out of the list.
        if (!friend) return undefined;
        const readAt = readAtById.get(conversation._id);
        return {
          _id: conversation._id,
          friend: toPublicUser(friend),
          lastMessage,
          unread: await this.unreadCount(conversation._id, friend._id, lastMessage, readAt),
        };
      }),
    );
    return { conversations: summaries.filter((summary) => summary !== undefined) };
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

  private async unreadCount(
    conversationId: string,
    friendId: string,
    lastMessage: ChatMessage,
    readAt: string | undefined,
  ): Promise<number> {
    if (readAt !== undefined && lastMessage.date <= readAt) return 0;
    const fromFriend = await this.chats.latestMessagesFrom(conversationId, friendId, UNREAD_COUNT_LIMIT);
    return fromFriend.filter((message) => readAt === undefined || message.date > readAt).length;
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
  ): Promise<ChatMessage> {
    const message: ChatMessage = {
      _id: newId(),
      conversationId,
      senderId,
      message: text,
      date: new Date().toISOString(),
    };
    await this.chats.insertMessage(message);
    // A message to someone who blocked the sender is accepted and kept, so the sender sees it sent as
    // always and cannot tell; it only reaches the sender's own sockets, and the blocker's views skip it.
    if (await this.blocks.hasBlocked(recipientId, senderId))
      this.broadcaster.messageWithheld(message, senderId);
    else this.broadcaster.messageStored(message, [senderId, recipientId]);
    return message;
  }
}
