import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  findRedisServer,
  REDIS_SERVER_MISSING,
  type RedisServer,
  startRedisServer,
} from './bullmq/redis-server.testing';
import { openJobQueue } from './open-job-queue';

const redisBinary = findRedisServer();
if (!redisBinary) console.warn(REDIS_SERVER_MISSING);

describe('openJobQueue', () => {
  it('opens the in-process queue when no Redis URL is set', async () => {
    const queue = openJobQueue({ concurrency: 2 });
    expect(queue.adapter).toBe('in-process');
    await queue.close();
  });

  it('passes its settings on to the adapter', () => {
    expect(() => openJobQueue({ concurrency: 0 })).toThrow(/concurrency/);
  });

  describe.skipIf(!redisBinary)(redisBinary ? 'with Redis' : `with Redis: ${REDIS_SERVER_MISSING}`, () => {
    let redis: RedisServer;
    beforeAll(async () => {
      redis = await startRedisServer(redisBinary as string);
    });
    afterAll(async () => {
      await redis?.stop();
    });

    it('opens BullMQ when a Redis URL is set', async () => {
      const queue = openJobQueue({ redisUrl: redis.url, prefix: 'open-test' });
      expect(queue.adapter).toBe('bullmq');
      await queue.enqueue('index', {}, { jobId: 'project:p1' });
      expect((await queue.stats()).waiting).toBe(1);
      await queue.close();
    });
  });
});
