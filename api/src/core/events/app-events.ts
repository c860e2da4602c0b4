import type { ChatMessage, PublicUser, SavedKind } from '@skillers/domain';

/**
 * What happened in one feature that others react to, by event name. A feature publishes these instead of
 * calling the features that care, so it never imports them.
 */
export interface AppEventMap {
  /** A message was stored and delivered to a recipient who has not blocked its sender. */
  'message.sent': { message: ChatMessage; recipientId: string; sender: PublicUser };
  /** The reader's read marker in a conversation moved. */
  'conversation.read': { userId: string; conversationId: string };
  /** The user marked all their notifications read. */
  'notifications.read': { userId: string };
  /** A project or profile was deleted from the store. */
  'record.deleted': { kind: SavedKind; id: string };
}

export type AppEventName = keyof AppEventMap;

export type AppEventHandler<Name extends AppEventName> = (payload: AppEventMap[Name]) => unknown;
