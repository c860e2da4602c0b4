import { createAdapter } from '@socket.io/redis-adapter';
import {
  CHAT_EVENTS,
  firstMatchedAt,
  type NotificationRecord,
  type RealtimeNotification,
  type SavedSearchHitsRecord,
  type SavedSearchRecord,
  type ProfileRecord,
  type UserRecord,
  userRoom,
  SAVED_SEARCH_SCHEMA_VERSION,
} from '@skillers/domain';
import { InProcessJobQueue } from '@skillers/queue';
import { InMemorySavedSearchMatcher, EmbeddedSearchIndex } from '@skillers/search';
import { COLLECTIONS, newId, SqliteRecordStore } from '@skillers/store';
import { Redis } from 'ioredis';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Server } from 'socket.io';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  findRedisServer,
  REDIS_SERVER_MISSING,
  type RedisServer,
  startRedisServer,
} from '../../../libs/queue/src/bullmq/redis-server.testing';
import {
  INDEX_RECORD_JOB,
  indexRecordJobId,
  type IndexRecordPayload,
  openRedisNotificationPush,
  type RedisNotificationPush,
  storedAndPushedAlerts,
} from '@skillers/indexing';
import { profileRecord, userRecord } from '../../../libs/indexing/src/record-fixtures.testing';
import { IndexWorker } from './index-worker';

const redisBinary = findRedisServer();
if (!redisBinary) console.warn(REDIS_SERVER_MISSING);

/** A profile in the store, as the API writes it. */
const profile = (ownerId: string, tool: string): ProfileRecord =>
  profileRecord(`${tool} person`, { ownerId, toolsExperience: [{ tool, mep: 4 }] });

/*
 * The cluster's path on real parts where they can run here: the index worker (SQLite standing in for
 * MongoDB, the in-memory matcher for the percolator) records the match and the notification, and pushes it
 * through a real Redis to a socket.io server with the Redis adapter, as an api node runs it, whose real
 * client is in the owner's room.
 */
describe.skipIf(!redisBinary)(
  redisBinary ? 'saved-search alerts from the index worker' : `saved-search alerts: ${REDIS_SERVER_MISSING}`,
  () => {
    let folder: string;
    let redis: RedisServer;
    let store: SqliteRecordStore;
    let queue: InProcessJobQueue;
    let worker: IndexWorker;
    let sockets: RedisNotificationPush;
    let http: HttpServer;
    let socketServer: Server;
    let adapterClients: Redis[];
    let client: Socket;
    const matcher = new InMemorySavedSearchMatcher();
    const [owner, publisher] = [newId(), newId()];
    const search: SavedSearchRecord = {
      _id: newId(),
      ownerId: owner,
      schemaVersion: SAVED_SEARCH_SCHEMA_VERSION,
      kind: 'teammate',
      name: 'Figma people',
      filters: { toolsExperience: ['Figma'] },
      restriction: 'min_1_match',
      alerts: true,
      lastViewedAt: new Date().toISOString(),
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    };

    beforeAll(async () => {
      folder = mkdtempSync(join(tmpdir(), 'skillers-alerts-'));
      redis = await startRedisServer(redisBinary as string);
      store = new SqliteRecordStore(join(folder, 'skillers.sqlite'));
      await store.ensureIndexes(Object.values(COLLECTIONS));
      await store.collection<UserRecord>(COLLECTIONS.users).insert(userRecord('publisher', publisher));
      await store.collection<SavedSearchRecord>(COLLECTIONS.savedSearches).insert(search);
      await matcher.put(search);

      adapterClients = [new Redis(redis.url), new Redis(redis.url)];
      http = createServer();
      socketServer = new Server(http, { adapter: createAdapter(adapterClients[0], adapterClients[1]) });
      socketServer.on('connection', (socket) => void socket.join(userRoom(owner)));
      await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
      client = io(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, {
        transports: ['websocket'],
        reconnection: false,
      });
      await new Promise<void>((resolve) => client.once('connect', () => resolve()));

      sockets = openRedisNotificationPush(redis.url, () => undefined);
      queue = new InProcessJobQueue({ retry: { attempts: 1, backoffMs: 0 } });
      worker = new IndexWorker(
        {
          store,
          index: EmbeddedSearchIndex.create(),
          queue,
          alerts: { matcher, notify: storedAndPushedAlerts(store, sockets.push) },
        },
        () => undefined,
      );
      await worker.start();
    });
    afterAll(async () => {
      client?.close();
      await worker?.stop();
      await sockets?.close();
      await new Promise((resolve) => socketServer?.close(resolve));
      for (const connection of adapterClients ?? []) connection.disconnect();
      await store?.close();
      await redis?.stop();
      rmSync(folder, { recursive: true, force: true });
    });

    const index = async (record: ProfileRecord) => {
      const payload: IndexRecordPayload = { kind: 'teammate', id: record._id };
      await queue.enqueue(INDEX_RECORD_JOB, payload, { jobId: indexRecordJobId(payload) });
      await queue.drain();
    };
    /** The records kept as having matched the search. */
    const matches = async () =>
      (await store.collection<SavedSearchHitsRecord>(COLLECTIONS.savedSearchHits).find({})).filter(
        (row) => firstMatchedAt(row, search._id) !== undefined,
      );
    const notifications = () =>
      store.collection<NotificationRecord>(COLLECTIONS.notifications).find({ userId: owner });

    it('records a matching record once and pushes the notification to the owner over Redis', async () => {
      const live = new Promise<RealtimeNotification>((resolve) =>
        client.once(CHAT_EVENTS.notification, resolve),
      );
      const record = profile(publisher, 'Figma');
      await store.collection<ProfileRecord>(COLLECTIONS.teammates).insert(record);
      await index(record);

      expect(await live).toMatchObject({
        notification: {
          kind: 'saved_search',
          actor: { _id: publisher, username: 'publisher' },
          text: 'Figma people',
          savedSearchId: search._id,
          recordKind: 'teammate',
          recordId: record._id,
          read: false,
        },
        unread: 1,
      });
      expect(await matches()).toMatchObject([{ _id: record._id, recordKind: 'teammate' }]);

      // Indexed again after an edit: no second match, no second notification.
      await index(record);
      expect(await matches()).toHaveLength(1);
      expect(await notifications()).toHaveLength(1);
    });

    it("records nothing for a record that does not match, nor for the owner's own", async () => {
      const other = profile(newId(), 'Blender');
      const own = profile(owner, 'Figma');
      await store.collection<ProfileRecord>(COLLECTIONS.teammates).insertMany([other, own]);
      await index(other);
      await index(own);
      expect(await matches()).toHaveLength(1);
      expect(await notifications()).toHaveLength(1);
    });
  },
);
