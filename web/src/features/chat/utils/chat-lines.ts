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

/** Older pages and the latest page may overlap by a message that arrived meanwhile: keep each once. */
export const withoutRepeats = (messages: readonly ChatMessage[]): ChatMessage[] => {
  const seen = new Set<string>();
  return messages.filter((message) => !seen.has(message._id) && seen.add(message._id));
};

/** The newest of my messages the friend has read (their read marker is at or after it), if any. */
export const lastSeenMessageId = (
  messages: readonly ChatMessage[],
  ownId: string | undefined,
  friendReadAt: string | undefined,
): string | undefined => {
  if (!friendReadAt || !ownId) return undefined;
  return messages.findLast((message) => message.senderId === ownId && message.date <= friendReadAt)?._id;
};

/** Every message shows its hour and minute. */
export const messageTime = (date: string): string => format(new Date(date), 'HH:mm');

/** The API stops counting at its limit, so reaching it means "that many or more". */
export const unreadLabel = (count: number): string =>
  count >= UNREAD_COUNT_LIMIT ? `${UNREAD_COUNT_LIMIT}+` : String(count);

export const PAPERCLIP = '\u{1F4CE}';

/** A picked file is only named in the chat, never uploaded. */
export const fileNote = (fileName: string): string => `${PAPERCLIP} ${fileName}`;
