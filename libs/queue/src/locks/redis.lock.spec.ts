import { afterAll, beforeAll, describe } from 'vitest';
import {
  findRedisServer,
  REDIS_SERVER_MISSING,
  type RedisServer,
  startRedisServer,
} from '../bullmq/redis-server.testing';
import { RedisLock } from './redis.lock';
import { describeSharedLockContract } from './shared-lock.contract';

const redisBinary = findRedisServer();
if (!redisBinary) console.warn(REDIS_SERVER_MISSING);

describe.skipIf(!redisBinary)('Redis lock on a redis-server of its own', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedisServer(redisBinary as string);
  });
  afterAll(async () => {
    await redis?.stop();
  });

  describeSharedLockContract('redis', async (timings) => new RedisLock(redis.url, timings));
});
