import type { PublicUser } from './entities';

export const MESSAGE_MAX_LENGTH = 2000;
/** A conversation answers with its latest messages only, oldest first, so one read stays bounded. */
export const CONVERSATION_MESSAGES_LIMIT = 200;
/** The conversation list shows this many of the most recently active conversations. */
export const CONVERSATION_LIST_LIMIT = 200;
/** Unread counts stop here; a client shows the cap as "100+". */
export const UNREAD_COUNT_LIMIT = 100;

/**
 * Every socket joins its user's room on connecting, so a conversation's first message and notifications
 * reach it; other processes (the index worker) push to the same room through Redis.
 */
export const userRoom = (userId: string): string => `user:${userId}`;

/** Real-time channel event names (docs/api.md, "Real-time channel"), plus the one carrying refusals. */
export const CHAT_EVENTS = {
  join: 'join',
  chat: 'chat',
  message: 'message',
  exception: 'exception',
  /** Server to client, to the user's own sockets: their unread message total changed. */
  unread: 'unread',
  /** Server to client, to the other participant: this user has read the conversation up to `readAt`. */
  read: 'read',
  /** Server to client, to the user's own sockets: a new notification, with the new unread count. */
  notification: 'notification',
  /** Server to client, to the user's own sockets: notifications were marked read (in any tab). */
  notificationsRead: 'notifications-read',
} as const;

/**
 * One conversation per pair of users; `pairKey` is the two ids sorted and joined, unique in the store.
 * Its last activity is read from its messages, so sending a message is a single write.
 */
export interface ConversationRecord {
  _id: string;
  participants: [string, string];
  pairKey: string;
  /** Who sent the first message; conversations stored before this field have none. */
  startedBy?: string;
  createdAt: string;
}

/** A stored message; the API answers with the same shape. */
export interface ChatMessage {
  _id: string;
  conversationId: string;
  senderId: string;
  message: string;
  date: string;
}

/**
 * How far a participant has read a conversation, and their unread counter there: messages from the other
 * side after `readAt` are unread, and `unread` counts them, raised with each message and recounted with
 * each read. A counter made before the first read has no `readAt`; a marker from before counters has no
 * `unread`.
 */
export interface ConversationReadRecord {
  _id: string;
  conversationId: string;
  userId: string;
  readAt?: string;
  unread?: number;
}

export interface ConversationSummary {
  _id: string;
  friend: PublicUser;
  lastMessage: ChatMessage | null;
  unread: number;
}

/** The `unread` event and `GET /chat/unread`: unread messages over all conversations (each capped). */
export interface UnreadMessages {
  messages: number;
}

/** The `read` event: a read receipt for the other participant. */
export interface ReadReceipt {
  conversationId: string;
  userId: string;
  readAt: string;
}

/** `GET /chat/conversation`: one page of messages, oldest first, with the friend's read marker. */
export interface ConversationPage {
  conversation: {
    _id?: string;
    messages: ChatMessage[];
    /** Whether older messages exist before the first one in `messages`. */
    hasMore: boolean;
    /** How far the friend has read, so the sender can show "Seen"; absent until they open it. */
    friendReadAt?: string;
  };
}

/** The `message` event pushed to a conversation room. */
export interface RealtimeMessage {
  _id: string;
  conversationId: string;
  senderId: string;
  text: string;
  date: string;
}

/** What the server sends on the `exception` event when it refuses an event. */
export interface ChatEventError {
  event: string;
  message: string;
  errors?: { field: string; message: string }[];
  /** With a rate-limit refusal: how long to wait before sending again. */
  retryAfterSeconds?: number;
}

export const conversationPairKey = (a: string, b: string): string => [a, b].sort().join(':');
