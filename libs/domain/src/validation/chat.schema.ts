import { z } from 'zod';
import { isPlainText, unsafeTextMessage } from './text';
import { MESSAGE_MAX_LENGTH } from '../chat';
import { CHAT_MESSAGES } from '../messages';
import { OBJECT_ID_PATTERN } from './object-id';

const messageText = z
  .string({ error: CHAT_MESSAGES.messageRequired })
  .trim()
  .min(1, CHAT_MESSAGES.messageRequired)
  .max(MESSAGE_MAX_LENGTH, `A message must be at most ${MESSAGE_MAX_LENGTH} characters`)
  .refine(isPlainText, unsafeTextMessage('A message'));

const idOf = (what: string) =>
  z.string({ error: `Send the ${what} id` }).regex(OBJECT_ID_PATTERN, `Malformed ${what} id`);

/** `POST /chat/sendMessage`: `id` is the recipient. */
export const sendMessageSchema = z.strictObject({
  id: idOf('recipient'),
  message: messageText,
});

/** Extra query parameters (cache busters) are ignored rather than refused. */
export const conversationQuerySchema = z.object({
  friendId: idOf('friend'),
});

/** The `join` event carries the conversation id alone. */
export const joinEventSchema = idOf('conversation');

/**
 * The `chat` event. `user` is accepted because the spec's client sends it, but the sender is always
 * the user the socket signed in as.
 */
export const chatEventSchema = z.strictObject(
  {
    room: idOf('conversation'),
    user: z.string().max(100).optional(),
    text: messageText,
  },
  { error: 'Send the chat event as { room, text }' },
);

export type SendMessageInput = z.infer<typeof sendMessageSchema>;
export type ConversationQuery = z.infer<typeof conversationQuerySchema>;
export type ChatEventInput = z.infer<typeof chatEventSchema>;
