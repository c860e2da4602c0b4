import type { ChatMessage, ConversationPage, ConversationSummary } from '@skillers/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** A conversation with no message yet has no id: the first message creates it. */
export type Conversation = ConversationPage['conversation'];

/** Messages load this many at a time: the latest on opening, older ones on scrolling up. */
export const CHAT_PAGE_SIZE = 30;

const conversationPath = (friendId: string, before?: string) =>
  `/chat/conversation?friendId=${encodeURIComponent(friendId)}&limit=${CHAT_PAGE_SIZE}` +
  (before ? `&before=${encodeURIComponent(before)}` : '');

export const conversationsQuery = queryOptions({
  queryKey: ['chat', 'conversations'],
  queryFn: () =>
    api
      .get<{ conversations: ConversationSummary[] }>('/chat/conversations')
      .then((answer) => answer.conversations),
  staleTime: 0,
});

/** The latest page, read fresh every time: reading it is what marks the conversation read on the server. */
export const conversationQuery = (friendId: string) =>
  queryOptions({
    queryKey: ['chat', 'conversation', friendId],
    queryFn: () =>
      api.get<ConversationPage>(conversationPath(friendId)).then((answer) => answer.conversation),
    staleTime: 0,
  });

/** The page just older than `beforeId`. */
export const olderMessages = (friendId: string, beforeId: string): Promise<Conversation> =>
  api.get<ConversationPage>(conversationPath(friendId, beforeId)).then((answer) => answer.conversation);

/** Sends over HTTP, which also creates the conversation when this is the first message. */
export const sendMessageTo = (friendId: string, text: string): Promise<ChatMessage> =>
  api
    .post<{ message: ChatMessage }>('/chat/sendMessage', { id: friendId, message: text })
    .then((answer) => answer.message);
