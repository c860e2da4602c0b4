import type { ChatMessage } from '@skillers/domain';

/** What the socket gateway asks of conversations; the chat module provides it. */
export interface Conversations {
  /** Throws an HTTP exception unless the user takes part in the conversation. */
  assertParticipant(userId: string, conversationId: string): Promise<unknown>;
  /** Stores and delivers a message, as an HTTP send does. */
  sendInConversation(senderId: string, conversationId: string, text: string): Promise<ChatMessage>;
}

export const CONVERSATIONS = Symbol('CONVERSATIONS');
