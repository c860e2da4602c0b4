import { type ChatMessage, type RealtimeMessage, UNREAD_COUNT_LIMIT } from '@skillers/domain';
import { format } from 'date-fns';

/** A pushed message carries its text as `text`; stored ones as `message`. */
export const fromRealtime = (payload: RealtimeMessage): ChatMessage => ({
  _id: payload._id,
  conversationId: payload.conversationId,
  senderId: payload.senderId,
  message: payload.text,
  date: payload.date,
});

/**
 * Adds a message unless it is already there: the sender's own socket gets its message pushed back,
 * and that echo may arrive before or after the send's own answer.
 */
export const withMessage = (messages: readonly ChatMessage[], message: ChatMessage): ChatMessage[] =>
  messages.some((known) => known._id === message._id) ? [...messages] : [...messages, message];

/** Server messages and this screen's file notes, oldest first (ISO dates sort as text). */
export const inDateOrder = (messages: readonly ChatMessage[]): ChatMessage[] =>
  [...messages].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));

/** Spec section 2: every message shows its hour and minute. */
export const messageTime = (date: string): string => format(new Date(date), 'HH:mm');

/** The API stops counting at its limit, so reaching it means "that many or more". */
export const unreadLabel = (count: number): string =>
  count >= UNREAD_COUNT_LIMIT ? `${UNREAD_COUNT_LIMIT}+` : String(count);

export const PAPERCLIP = '\u{1F4CE}';

/** A picked file is only named in the chat, never uploaded (spec section 2). */
export const fileNote = (fileName: string): string => `${PAPERCLIP} ${fileName}`;
