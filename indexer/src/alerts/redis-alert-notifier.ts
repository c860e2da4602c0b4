import { Emitter } from '@socket.io/redis-emitter';
import {
  CHAT_EVENTS,
  COUNTED_NOTIFICATION_KINDS,
  type Notification,
  type NotificationRecord,
  type RealtimeNotification,
  userRoom,
} from '@skillers/domain';
import { COLLECTIONS, newId, type RecordStore } from '@skillers/store';
import { Redis } from 'ioredis';
import type { AlertNotifier, SavedSearchAlert } from './saved-search-alerts';

/** The notification an alert becomes: the search's name as its text, the publisher as its actor. */
export const alertNotification = (alert: SavedSearchAlert): NotificationRecord => ({
  _id: newId(),
  userId: alert.search.ownerId,
  kind: 'saved_search',
  actor: alert.publisher,
  savedSearchId: alert.search._id,
  recordKind: alert.recordKind,
  recordId: alert.recordId,
  text: alert.search.name,
  read: false,
  createdAt: new Date().toISOString(),
});

/** Something that puts an event in a user's socket.io room on whichever api node holds their sockets. */
export type RoomEmitter = (room: string, event: string, payload: unknown) => void;

/**
 * The cluster's alerts, from the index worker: the notification is stored first (the bell reads it at
 * once), then pushed to the owner's room through the socket.io Redis adapter's channel, which every api
 * node listens to, so their open tabs hear it live. A push is fire and forget, like any room broadcast: a
 * tab that missed it sees the notification when it next loads the bell.
 */
export const storedAndPushedAlerts =
  (store: RecordStore, emit: RoomEmitter): AlertNotifier =>
  async (alert) => {
    const notifications = store.collection<NotificationRecord>(COLLECTIONS.notifications);
    const { userId, ...notification } = await notifications.insert(alertNotification(alert));
    const unread = await notifications.count({
      userId,
      read: false,
      kind: { $in: COUNTED_NOTIFICATION_KINDS },
    });
    const payload: RealtimeNotification = { notification: notification satisfies Notification, unread };
    emit(userRoom(userId), CHAT_EVENTS.notification, payload);
  };

export interface RedisRoomEmitter {
  emit: RoomEmitter;
  close(): Promise<void>;
}

/** Emits into the api nodes' rooms through Redis (`@socket.io/redis-emitter`, the adapter's own protocol). */
export const openRedisRoomEmitter = (redisUrl: string, onError: (error: Error) => void): RedisRoomEmitter => {
  const client = new Redis(redisUrl, { maxRetriesPerRequest: 3 });
  // ioredis reconnects by itself; an outage is worth a log line, not an unhandled error event.
  client.on('error', onError);
  const emitter = new Emitter(client);
  return {
    emit: (room, event, payload) => {
      emitter.to(room).emit(event, payload);
    },
    close: async () => {
      await client.quit().catch(() => client.disconnect());
    },
  };
};
