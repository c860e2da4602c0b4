import type { ChatMessage, ConversationSummary } from '@skillers/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** A conversation with no message yet has no id: the first message creates it. */
export interface Conversation {
  _id?: string;
  messages: ChatMessage[];
}

export const conversationsQuery = queryOptions({
  queryKey: ['chat', 'conversations'],
  queryFn: () =>
    api
      .get<{ conversations: ConversationSummary[] }>('/chat/conversations')
      .then((answer) => answer.conversations),
  staleTime: 0,
});

/** Read fresh every time: reading is what marks the conversation read on the server. */
export const conversationQuery = (friendId: string) =>
  queryOptions({
    queryKey: ['chat', 'conversation', friendId],
    queryFn: () =>
      api
        .get<{ conversation: Conversation }>(`/chat/conversation?friendId=${encodeURIComponent(friendId)}`)
        .then((answer) => answer.conversation),
    staleTime: 0,
  });

/** Sends over HTTP, which also creates the conversation when this is the first message. */
export const sendMessageTo = (friendId: string, text: string): Promise<ChatMessage> =>
  api
    .post<{ message: ChatMessage }>('/chat/sendMessage', { id: friendId, message: text })
    .then((answer) => answer.message);
