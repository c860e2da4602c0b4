import type {
  ChatMessage,
  FilteringRestriction,
  InvitationRecord,
  NotificationRecord,
  PublicUser,
  SavedKind,
  SearchKind,
} from '@skillers/domain';

/**
 * What happened in one feature that others react to, by event name. A feature publishes these instead of
 * calling the features that care, so it never imports them.
 */
export interface AppEventMap {
  /** A message was stored and delivered to a recipient who has not blocked its sender. */
  'message.sent': { message: ChatMessage; recipientId: string; sender: PublicUser };
  /** An invitation reached its receiver (withheld ones, to a user who blocked the sender, do not). */
  'invitation.sent': { invitation: InvitationRecord; sender: PublicUser; projectName: string };
  /** The receiver accepted or declined an invitation. */
  'invitation.answered': {
    invitation: InvitationRecord;
    status: 'accepted' | 'declined';
    answerer: PublicUser;
    projectName: string;
  };
  /** The reader's read marker in a conversation moved. */
  'conversation.read': { userId: string; conversationId: string };
  /** A notification was stored for its user, or an unread one refreshed (a later message in a conversation). */
  'notification.stored': { notification: NotificationRecord };
  /** The user marked all their notifications read. */
  'notifications.read': { userId: string };
  /** A project or profile was deleted from the store. */
  'record.deleted': { kind: SavedKind; id: string };
  /** An address needs confirming: its account signed up with it, or its owner changed to it. */
  'email.unverified': { userId: string; username: string; email: string };
  /** An account was deleted: each feature removes what it kept of the user (may be published again). */
  'account.deleted': { userId: string };
  /** A search was answered: a filtering search, or the similarity ranking the web app falls back to. */
  'search.answered': {
    kind: SearchKind;
    restriction: FilteringRestriction;
    withText: boolean;
    latencyMs: number;
    /** Records matching in all. */
    hits: number;
    similarityFallback: boolean;
  };
  /** An index job wrote a record's document; `writtenAtMs` is the record's write time (its version). */
  'record.indexed': { kind: SearchKind; writtenAtMs: number };
}

export type AppEventName = keyof AppEventMap;

export type AppEventHandler<Name extends AppEventName> = (payload: AppEventMap[Name]) => unknown;
