import type { ChatMessage } from '@skillers/domain';
import { api } from '../../lib/api-client';

/** The send the project and profile pages use; it starts the conversation if needed. */
export const sendToOwner = (recipientId: string, text: string): Promise<ChatMessage> =>
  api
    .post<{ message: ChatMessage }>('/chat/singlePage/sendMessage', { id: recipientId, message: text })
    .then((answer) => answer.message);
