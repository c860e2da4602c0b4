import {
  type ChatMessage,
  type ConversationReadRecord,
  type ConversationRecord,
  UNREAD_COUNT_LIMIT,
} from '@skillers/domain';
import { COLLECTIONS, type RecordStore } from '@skillers/store';

/** Per conversation of a user: their stored counter, and their unread messages counted from the messages. */
export interface UnreadCheck {
  stored: Map<string, number | undefined>;
  fromMessages: Map<string, number>;
}

/**
 * Reads a user's unread counters and counts the same from the messages, as the totals were computed before
 * they were stored: the friend's messages dated after the user's read marker.
 */
export const unreadCheck = async (store: RecordStore, userId: string): Promise<UnreadCheck> => {
  const conversations = await store
    .collection<ConversationRecord>(COLLECTIONS.conversations)
    .find({ participants: { $contains: userId } });
  const check: UnreadCheck = { stored: new Map(), fromMessages: new Map() };
  for (const conversation of conversations) {
    const friendId = conversation.participants.find((participant) => participant !== userId);
    const marker = await store
      .collection<ConversationReadRecord>(COLLECTIONS.conversationReads)
      .findOne({ conversationId: conversation._id, userId });
    const fromFriend = await store
      .collection<ChatMessage>(COLLECTIONS.messages)
      .find({ conversationId: conversation._id, senderId: friendId ?? '' });
    const unread = fromFriend.filter((message) => !marker?.readAt || message.date > marker.readAt).length;
    check.stored.set(conversation._id, marker?.unread);
    check.fromMessages.set(conversation._id, unread);
  }
  return check;
};

/** The unread total the API shows for these counts: each conversation's capped at UNREAD_COUNT_LIMIT. */
export const shownTotal = (counts: Map<string, number>): number =>
  [...counts.values()].reduce((sum, count) => sum + Math.min(count, UNREAD_COUNT_LIMIT), 0);
