import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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

  it("reports Redis's errors where it is told to, not on the console", async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const errors: string[] = [];
    const queue = openJobQueue({
      redisUrl: `redis://127.0.0.1:${port}`,
      onError: (error) => errors.push(error.message),
    });
    await vi.waitFor(() => expect(errors.some((message) => message.includes('ECONNREFUSED'))).toBe(true));
    await queue.close();
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
