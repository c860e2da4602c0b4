import { COLLECTIONS, newId, type RecordStore } from '@skillers/store';
import type { OutboxEntry, OutboxRelay } from '@skillers/indexing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  findRedisServer,
  REDIS_SERVER_MISSING,
  type RestartableRedisServer,
  startRedisServer,
} from '../../libs/queue/src/bullmq/redis-server.testing';
import { RECORD_STORE } from '../src/core/tokens';
import { OUTBOX_RELAY } from '../src/indexing/outbox-relay.token';
import { startTestApp, type TestApp } from './test-app';

const redisBinary = findRedisServer();
if (!redisBinary) console.warn(REDIS_SERVER_MISSING);

interface Readiness {
  status: string;
  notReady?: string[];
  index: { outboxEntries: number; oldestOutboxEntrySeconds: number; maxLagSeconds: number };
}

const describeWithRedis = redisBinary ? describe : describe.skip;

describeWithRedis('GET /api/ready (embedded store and index, BullMQ on a real Redis)', () => {
  let redis: RestartableRedisServer;
  let api: TestApp;
  const ready = () => api.request<Readiness>('GET', '/api/ready');

  beforeAll(async () => {
    redis = await startRedisServer(redisBinary as string);
    api = await startTestApp({ REDIS_URL: redis.url, READY_INDEX_LAG_SECONDS: '60' });
  });
  afterAll(async () => {
    await api?.close();
    await redis?.stop();
  });

  it('says no while the index is behind the store, and yes once it has caught up', async () => {
    expect((await ready()).body).toMatchObject({ status: 'ready', index: { outboxEntries: 0 } });

    // With the queue down, a change written two minutes ago waits in the outbox: the index is behind.
    await redis.pause();
    const entry: OutboxEntry = {
      _id: newId(),
      kind: 'project',
      recordId: newId(),
      at: new Date(Date.now() - 120_000).toISOString(),
    };
    await api.app.get<RecordStore>(RECORD_STORE).collection(COLLECTIONS.indexOutbox).insertMany([entry]);
    const behind = await ready();
    expect(behind.status).toBe(503);
    expect(behind.body.status).toBe('not ready');
    expect(behind.body.notReady).toEqual(['queue', 'index caught up']);
    expect(behind.body.index).toMatchObject({ outboxEntries: 1, maxLagSeconds: 60 });
    expect(behind.body.index.oldestOutboxEntrySeconds).toBeGreaterThan(60);
    // Alive all the same: the process answers.
    expect((await api.request('GET', '/api/health')).status).toBe(200);

    await redis.resume();
    await api.app.get<OutboxRelay>(OUTBOX_RELAY).settled();
    const caughtUp = await ready();
    expect(caughtUp.status).toBe(200);
    expect(caughtUp.body).toMatchObject({ status: 'ready', index: { outboxEntries: 0 } });
    expect(caughtUp.body.notReady).toBeUndefined();
  });
});
