import { Inject, Injectable } from '@nestjs/common';
import {
  type ChatMessage,
  conversationPairKey,
  type ConversationReadRecord,
  type ConversationRecord,
} from '@skillers/domain';
import { COLLECTIONS, type CountOf, DuplicateKeyError, newId, type RecordStore } from '@skillers/store';
import { RECORD_STORE } from '../core/tokens';

const NEWEST_FIRST = [
  { field: 'date', direction: 'desc' },
  { field: '_id', direction: 'desc' },
] as const;

/** What a participant's unread counter counts: the friend's messages dated after the participant's marker. */
const unreadFrom = (conversationId: string, friendId: string): CountOf<ConversationReadRecord> => ({
  collection: COLLECTIONS.messages,
  where: ({ readAt }) => ({ conversationId, senderId: friendId, ...(readAt && { date: { $gt: readAt } }) }),
});

@Injectable()
export class ChatRepository {
  constructor(@Inject(RECORD_STORE) private readonly store: RecordStore) {}

  private get conversations() {
    return this.store.collection<ConversationRecord>(COLLECTIONS.conversations);
  }

  private get messages() {
    return this.store.collection<ChatMessage>(COLLECTIONS.messages);
  }

  private get reads() {
    return this.store.collection<ConversationReadRecord>(COLLECTIONS.conversationReads);
  }

  findConversation(id: string) {
    return this.conversations.findById(id);
  }

  findConversationBetween(a: string, b: string) {
    return this.conversations.findOne({ pairKey: conversationPairKey(a, b) });
  }

  /**
   * The pair's conversation, created on first use by `startedBy` (one of the pair); the unique pair key
   * settles two first messages racing.
   */
  async conversationBetween(startedBy: string, other: string, now: string): Promise<ConversationRecord> {
    const [a, b] = [startedBy, other];
    const existing = await this.findConversationBetween(a, b);
    if (existing) return existing;
    const participants = [a, b].sort() as [string, string];
    try {
      return await this.conversations.insert({
        _id: newId(),
        participants,
        pairKey: conversationPairKey(a, b),
        startedBy,
        createdAt: now,
      });
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      const winner = await this.findConversationBetween(a, b);
      if (!winner) throw error;
      return winner;
    }
  }

  /** The latest conversations the user started, newest first. */
  startedBy(userId: string, limit: number) {
    return this.conversations.find(
      { startedBy: userId },
      {
        sort: [
          { field: 'createdAt', direction: 'desc' },
          { field: '_id', direction: 'desc' },
        ],
        limit,
      },
    );
  }

  conversationsOf(userId: string) {
    return this.conversations.find({ participants: { $contains: userId } });
  }

  /** Stores the message and raises the recipient's unread counter with it, in one write. */
  insertMessage(message: ChatMessage, recipientId: string) {
    return this.messages.insert(message, {
      raise: [
        {
          collection: COLLECTIONS.conversationReads,
          match: { conversationId: message.conversationId, userId: recipientId },
          field: 'unread',
          unlessReached: { field: 'readAt', value: message.date },
        },
      ],
    });
  }

  async latestMessage(conversationId: string): Promise<ChatMessage | null> {
    const [newest] = await this.messages.find({ conversationId }, { sort: NEWEST_FIRST, limit: 1 });
    return newest ?? null;
  }

  /** The latest messages, oldest first. */
  async latestMessages(conversationId: string, limit: number): Promise<ChatMessage[]> {
    const newest = await this.messages.find({ conversationId }, { sort: NEWEST_FIRST, limit });
    return newest.reverse();
  }

  findMessage(id: string) {
    return this.messages.findById(id);
  }

  /**
   * Up to `limit` messages just older than `before` in (date, id) order, oldest first. Messages sharing the
   * cursor's date are read by equality (a handful at most), the rest through the date index below it.
   */
  async messagesBefore(conversationId: string, before: ChatMessage, limit: number): Promise<ChatMessage[]> {
    const [sameDate, older] = await Promise.all([
      this.messages.find({ conversationId, date: before.date }, { sort: NEWEST_FIRST }),
      this.messages.find({ conversationId, date: { $lt: before.date } }, { sort: NEWEST_FIRST, limit }),
    ]);
    const newestFirst = [...sameDate.filter((message) => message._id < before._id), ...older];
    return newestFirst.slice(0, limit).reverse();
  }

  readMarkers(userId: string, conversationIds: string[]) {
    return this.reads.find({ userId, conversationId: { $in: conversationIds } });
  }

  readMarker(conversationId: string, userId: string) {
    return this.reads.findOne({ conversationId, userId });
  }

  /**
   * Moves the participant's read marker forward to `readAt` and recounts their unread messages with it; it
   * never moves back. Resolves to whether it moved.
   */
  markRead(conversationId: string, userId: string, friendId: string, readAt: string): Promise<boolean> {
    return this.reads.recount({ conversationId, userId }, 'unread', unreadFrom(conversationId, friendId), {
      field: 'readAt',
      to: readAt,
    });
  }

  /** Counts the participant's unread messages from the messages and stores the count as their counter. */
  async recountUnread(conversationId: string, userId: string, friendId: string): Promise<number> {
    await this.reads.recount({ conversationId, userId }, 'unread', unreadFrom(conversationId, friendId));
    return (await this.readMarker(conversationId, userId))?.unread ?? 0;
  }
}
