import type { NotificationRecord, RealtimeNotification } from '@skillers/domain';
import { COLLECTIONS, newId, type RecordStore } from '@skillers/store';
import { countUnreadNotifications } from '../audience/blocked-pairs';
import { scheduleNotificationMails } from './notification-mail-schedule';
import type { AlertNotifier, SavedSearchAlert } from './saved-search-alerts';

/** The notification an alert becomes: the search's name as its text, the publisher as its actor. */
export const alertNotification = (alert: SavedSearchAlert, createdAt: string): NotificationRecord => ({
  _id: newId(),
  userId: alert.search.ownerId,
  kind: 'saved_search',
  actor: alert.publisher,
  savedSearchId: alert.search._id,
  recordKind: alert.recordKind,
  recordId: alert.recordId,
  text: alert.search.name,
  read: false,
  createdAt,
});

/** Puts a notification on a user's open sockets, on whichever api node holds them. */
export type NotificationPush = (userId: string, payload: RealtimeNotification) => void;

/**
 * Stores the alerts' notifications in one write (the bell reads them at once), then the mails of owners who
 * want alerts by email; resolves to the notifications.
 */
export const storeAlertNotifications = async (
  store: RecordStore,
  alerts: readonly SavedSearchAlert[],
): Promise<NotificationRecord[]> => {
  const createdAt = new Date().toISOString();
  const records = alerts.map((alert) => alertNotification(alert, createdAt));
  await store.collection<NotificationRecord>(COLLECTIONS.notifications).insertMany(records);
  await scheduleNotificationMails(store, records);
  return records;
};

/**
 * Pushes stored notifications to their owners' sockets with their new unread count: in the embedded profile
 * through this process's socket.io server, in the cluster from the index worker through Redis
 * (`redis-alert-notifier.ts`). A push is fire and forget, like any room broadcast: a tab that missed it sees
 * the notification when it next loads.
 */
export const pushStoredNotifications =
  (
    store: RecordStore,
    push: NotificationPush,
    /** Whether the user has a socket to push to; unread counts are read only for those. Everyone when left out. */
    listening: (userId: string) => boolean = () => true,
  ) =>
  async (records: readonly NotificationRecord[]): Promise<void> => {
    const unread = new Map<string, number>();
    for (const { userId, ...notification } of records) {
      if (!listening(userId)) continue;
      if (!unread.has(userId)) unread.set(userId, await countUnreadNotifications(store, userId));
      push(userId, { notification, unread: unread.get(userId) ?? 0 });
    }
  };

/** Stores the alerts' notifications, then pushes each (`storeAlertNotifications`, `pushStoredNotifications`). */
export const storedAndPushedAlerts = (
  store: RecordStore,
  push: NotificationPush,
  listening?: (userId: string) => boolean,
): AlertNotifier => {
  const pushAll = pushStoredNotifications(store, push, listening);
  return async (alerts) => pushAll(await storeAlertNotifications(store, alerts));
};
