import { z } from 'zod';
import { isPlainText, unsafeTextMessage } from './text';
import { CONVERSATION_MESSAGES_LIMIT, MESSAGE_MAX_LENGTH } from '../chat';
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

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${CONVERSATION_MESSAGES_LIMIT}`;

/**
 * Extra query parameters (cache busters) are ignored rather than refused. `before` (a message id) pages
 * backwards: the messages just older than that one; `limit` caps the page (default and most: 200).
 */
export const conversationQuerySchema = z.object({
  friendId: idOf('friend'),
  before: idOf('message').optional(),
  limit: z
    .string({ error: LIMIT_MESSAGE })
    .regex(/^\d{1,3}$/, LIMIT_MESSAGE)
    .transform(Number)
    .pipe(z.number().min(1, LIMIT_MESSAGE).max(CONVERSATION_MESSAGES_LIMIT, LIMIT_MESSAGE))
    .optional(),
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
export type ConversationQuery = z.output<typeof conversationQuerySchema>;
export type ChatEventInput = z.infer<typeof chatEventSchema>;
