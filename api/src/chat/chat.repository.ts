import { Inject, Injectable } from '@nestjs/common';
import {
  type ChatMessage,
  conversationPairKey,
  type ConversationReadRecord,
  type ConversationRecord,
} from '@skillers/domain';
import { COLLECTIONS, DuplicateKeyError, newId, type RecordStore } from '@skillers/store';
import { RECORD_STORE } from '../core/tokens';

const NEWEST_FIRST = [
  { field: 'date', direction: 'desc' },
  { field: '_id', direction: 'desc' },
] as const;

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

  insertMessage(message: ChatMessage) {
    return this.messages.insert(message);
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

  /** The latest messages one participant sent, newest first. */
  latestMessagesFrom(conversationId: string, senderId: string, limit: number) {
    return this.messages.find({ conversationId, senderId }, { sort: NEWEST_FIRST, limit });
  }

  readMarkers(userId: string, conversationIds: string[]) {
    return this.reads.find({ userId, conversationId: { $in: conversationIds } });
  }

  readMarker(conversationId: string, userId: string) {
    return this.reads.findOne({ conversationId, userId });
  }

  /** Moves the participant's read marker forward to `readAt`; it never moves back. Resolves to whether it moved. */
  async markRead(conversationId: string, userId: string, readAt: string): Promise<boolean> {
    const marker = await this.reads.findOne({ conversationId, userId });
    if (marker) {
      if (marker.readAt >= readAt) return false;
      await this.reads.update(marker._id, { readAt });
      return true;
    }
    try {
      await this.reads.insert({ _id: newId(), conversationId, userId, readAt });
      return true;
    } catch (error) {
      // Two reads racing to create the marker: the other one made it, so move that one instead.
      if (!(error instanceof DuplicateKeyError)) throw error;
      return this.markRead(conversationId, userId, readAt);
    }
  }
}
