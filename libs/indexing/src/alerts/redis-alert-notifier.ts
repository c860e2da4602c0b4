import { Emitter } from '@socket.io/redis-emitter';
import { CHAT_EVENTS, userRoom } from '@skillers/domain';
import type * as IoRedis from 'ioredis';
import type { NotificationPush } from './stored-alert-notifier';

/** ioredis, loaded when first used: a node without Redis never uses it (it took tens of milliseconds of every start). */
const ioredisPackage = (): typeof IoRedis =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
  require('ioredis') as typeof IoRedis;

export interface RedisNotificationPush {
  push: NotificationPush;
  close(): Promise<void>;
}

/**
 * Pushes into the api nodes' user rooms from another process: `@socket.io/redis-emitter` publishes on the
 * socket.io Redis adapter's own channel, which every api node listens to (REDIS_URL), so the owner's open
 * tabs get the `notification` event as if an api node had sent it.
 */
export const openRedisNotificationPush = (
  redisUrl: string,
  onError: (error: Error) => void,
): RedisNotificationPush => {
  const client = new (ioredisPackage().Redis)(redisUrl, { maxRetriesPerRequest: 3 });
  // ioredis reconnects by itself; an outage is worth a log line, not an unhandled error event.
  client.on('error', onError);
  const emitter = new Emitter(client);
  return {
    push: (userId, payload) => {
      emitter.to(userRoom(userId)).emit(CHAT_EVENTS.notification, payload);
    },
    close: async () => {
      await client.quit().catch(() => client.disconnect());
    },
  };
};
