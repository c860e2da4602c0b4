import type { PublicUser } from './entities';

/** The notifications list shows the latest events only. */
export const NOTIFICATIONS_LIMIT = 50;

/** `open_lapsed`: the owner's project or profile stopped being open to collaborate (freshness.ts). */
export const NOTIFICATION_KINDS = ['message', 'like', 'comment', 'open_lapsed', 'saved_search'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/**
 * A message is already counted as unread in its conversation until that is read, so the notification
 * count leaves messages out: the top bar's total adds both without counting a message twice.
 */
export const COUNTED_NOTIFICATION_KINDS: readonly NotificationKind[] = [
  'like',
  'comment',
  'open_lapsed',
  'saved_search',
];

/** The project or profile a notification is about, with its name for the list. */
export interface NotificationListing {
  kind: 'project' | 'teammate';
  id: string;
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
  recordKind?: 'project' | 'teammate';
  recordId?: string;
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
