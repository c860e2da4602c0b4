import type { PublicUser } from './entities';
import type { HideableKind } from './trust';

/** The notifications list shows the latest events only. */
export const NOTIFICATIONS_LIMIT = 50;

/**
 * `open_lapsed`: the owner's project or profile stopped being open to collaborate (freshness.ts).
 * `item_hidden` / `item_restored`: a moderator hid the owner's item after a report, or put it back.
 * `invitation` / `join_request`: an owner invites the user to a project, or a skiller asks to join the user's
 * project (`listing` names the project); `invitation_accepted` / `invitation_declined` tell its sender.
 * `weekly_matches`: the week's new strong matches for the user's project and profile (`matches`).
 */
export const NOTIFICATION_KINDS = [
  'message',
  'like',
  'comment',
  'open_lapsed',
  'saved_search',
  'item_hidden',
  'item_restored',
  'invitation',
  'join_request',
  'invitation_accepted',
  'invitation_declined',
  'weekly_matches',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/**
 * A message is already counted as unread in its conversation until that is read, so the notification
 * count leaves messages out: the top bar's total adds both without counting a message twice.
 */
export const COUNTED_NOTIFICATION_KINDS: readonly NotificationKind[] = NOTIFICATION_KINDS.filter(
  (kind) => kind !== 'message',
);

/** The project or profile a notification is about, with its name for the list. */
export interface NotificationListing {
  kind: 'project' | 'teammate';
  id: string;
  name: string;
}

/** The owner's item a moderator hid or restored, named as the owner knows it. */
export interface ModeratedItem {
  kind: HideableKind;
  id: string;
  /** The project's name, the profile's nickname, or the start of the post or comment. */
  name: string;
}

/**
 * One event for one user: who did it, and on what (a conversation, a post, or for `saved_search` the
 * record that matched the saved search `savedSearchId`, whose name is the `text`).
 */
export interface NotificationRecord {
  _id: string;
  userId: string;
  kind: NotificationKind;
  actor: PublicUser;
  conversationId?: string;
  postId?: string;
  /** For `open_lapsed`: the listing that lapsed, so "Still open" can reconfirm it in one click. */
  listing?: NotificationListing;
  savedSearchId?: string;
  /** For `item_hidden` and `item_restored`. */
  moderated?: ModeratedItem;
  recordKind?: 'project' | 'teammate';
  recordId?: string;
  /** For `weekly_matches`: the new strong matches, best first. */
  matches?: NotificationListing[];
  /** A short preview: the message or comment text, cut. */
  text?: string;
  read: boolean;
  createdAt: string;
}

export type Notification = Omit<NotificationRecord, 'userId'>;

/** `GET /notifications`; `unread` counts likes and comments not yet marked read. */
export interface NotificationsPage {
  notifications: Notification[];
  unread: number;
}

/** The `notification` socket event. */
export interface RealtimeNotification {
  notification: Notification;
  unread: number;
}

/** Previews stay short: the full text is one click away. */
export const NOTIFICATION_PREVIEW_LENGTH = 120;
