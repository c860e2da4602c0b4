import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { describeJobQueueContract } from '../job-queue.contract';
import { BullMqJobQueue } from './bullmq.job-queue';
import {
  findRedisServer,
  REDIS_SERVER_MISSING,
  type RedisServer,
  startRedisServer,
} from './redis-server.testing';

const redisBinary = findRedisServer();
if (!redisBinary) console.warn(REDIS_SERVER_MISSING);
const suiteName = redisBinary
  ? 'BullMQ adapter on a redis-server of its own'
  : `BullMQ adapter: ${REDIS_SERVER_MISSING}`;

describe('BullMqJobQueue settings', () => {
  it('refuses a REDIS_URL that is not a redis address', () => {
    expect(() => new BullMqJobQueue({ redisUrl: 'localhost:6379' })).toThrow(/REDIS_URL/);
    expect(() => new BullMqJobQueue({ redisUrl: 'http://localhost:6379' })).toThrow(/redis:\/\//);
  });
});

describe.skipIf(!redisBinary)(suiteName, () => {
  let redis: RedisServer;
  let queues = 0;
  // A prefix per queue keeps every test's jobs apart on the one server.
  const freshPrefix = () => `test-${++queues}`;

  beforeAll(async () => {
    redis = await startRedisServer(redisBinary as string);
  });
  afterAll(async () => {
    await redis?.stop();
  });

  describeJobQueueContract('bullmq', async (options) => {
    const queue = new BullMqJobQueue({ ...options, redisUrl: redis.url, prefix: freshPrefix() });
    await vi.waitFor(async () => expect(await queue.isReady()).toBe(true));
    return queue;
  });

  it('keeps jobs in Redis for a worker in another process, and keeps their ids stable there', async () => {
    const prefix = freshPrefix();
    const producer = new BullMqJobQueue({ redisUrl: redis.url, prefix });
    await producer.enqueue('index', { id: 'p1', version: 1 }, { jobId: 'project:p1' });
    await producer.enqueue('index', { id: 'p1', version: 2 }, { jobId: 'project:p1' });
    await producer.close();

    const worker = new BullMqJobQueue({ redisUrl: redis.url, prefix });
    const runs: unknown[] = [];
    worker.register('index', async (payload) => void runs.push(payload));
    expect((await worker.stats()).waiting).toBe(1);
    await worker.start();
    await worker.drain();
    await worker.close();
    expect(runs).toEqual([{ id: 'p1', version: 1 }]);
  });

  it('keeps failed jobs listed across a restart', async () => {
    const prefix = freshPrefix();
    const first = new BullMqJobQueue({ redisUrl: redis.url, prefix, retry: { attempts: 2, backoffMs: 1 } });
    first.register('index', async () => {
      throw new Error('search index unavailable');
    });
    await first.start();
    await first.enqueue('index', { id: 'p1' }, { jobId: 'project:p1' });
    await first.drain();
    await first.close();

    const second = new BullMqJobQueue({ redisUrl: redis.url, prefix });
    expect(await second.failed()).toMatchObject([
      { name: 'index', jobId: 'project:p1', error: 'search index unavailable', attempts: 2 },
    ]);
    expect((await second.stats()).failed).toBe(1);
    await second.close();
  });

  it('keeps only the configured number of completed jobs', async () => {
    const queue = new BullMqJobQueue({ redisUrl: redis.url, prefix: freshPrefix(), keepCompleted: 2 });
    queue.register('index', async () => undefined);
    await queue.start();
    for (const id of ['p1', 'p2', 'p3', 'p4']) await queue.enqueue('index', {}, { jobId: id });
    await queue.drain();
    expect((await queue.stats()).completed).toBe(2);
    await queue.close();
  });

  it('reports not ready once its server is gone, and still closes', async () => {
    const ownServer = await startRedisServer(redisBinary as string);
    const errors: Error[] = [];
    const queue = new BullMqJobQueue({ redisUrl: ownServer.url, onError: (error) => errors.push(error) });
    await vi.waitFor(async () => expect(await queue.isReady()).toBe(true));
    await ownServer.stop();
    await vi.waitFor(async () => expect(await queue.isReady()).toBe(false));
    await vi.waitFor(() => expect(errors.length).toBeGreaterThan(0), { timeout: 5_000 });
    await queue.close();
    expect(await queue.isReady()).toBe(false);
  });

  it('rejects an enqueue while Redis is down instead of waiting for it, and enqueues again once it is back', async () => {
    const ownServer = await startRedisServer(redisBinary as string, { appendOnly: true });
    const queue = new BullMqJobQueue({ redisUrl: ownServer.url, onError: () => undefined });
    try {
      await queue.enqueue('index', { id: 'p1' }, { jobId: 'project:p1' });
      await ownServer.pause();
      // Before producer and worker had connections of their own, this waited for Redis to come back.
      await expect(queue.enqueue('index', { id: 'p2' }, { jobId: 'project:p2' })).rejects.toThrow(
        /Redis is not reachable/,
      );
      await ownServer.resume();
      await vi.waitFor(() => queue.enqueue('index', { id: 'p3' }, { jobId: 'project:p3' }), {
        timeout: 10_000,
        interval: 200,
      });
      // The first job was kept on disk across the restart; the refused one was never added.
      expect((await queue.stats()).waiting).toBe(2);
    } finally {
      await queue.close();
      await ownServer.stop();
    }
  }, 30_000);

  it('rejects an enqueue when Redis was never reachable', async () => {
    const ownServer = await startRedisServer(redisBinary as string);
    const url = ownServer.url;
    await ownServer.stop();
    const queue = new BullMqJobQueue({ redisUrl: url, onError: () => undefined });
    try {
      await expect(queue.enqueue('index', {}, { jobId: 'project:p1' })).rejects.toThrow(
        /Redis is not reachable/,
      );
    } finally {
      await queue.close();
    }
  });
});
