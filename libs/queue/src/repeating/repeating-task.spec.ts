import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  findRedisServer,
  REDIS_SERVER_MISSING,
  type RestartableRedisServer,
  startRedisServer,
} from '../bullmq/redis-server.testing';
import { BullMqRepeatingTask } from './bullmq.repeating-task';
import { TimerRepeatingTask } from './timer.repeating-task';

const redisBinary = findRedisServer();
if (!redisBinary) console.warn(REDIS_SERVER_MISSING);
const HOUR_MS = 60 * 60 * 1000;

/** A task that counts its runs and stays running until let go. */
const heldTask = () => {
  let release = () => {};
  const runs = { started: 0, finished: 0 };
  const task = vi.fn(async () => {
    runs.started += 1;
    await new Promise<void>((resolve) => (release = resolve));
    runs.finished += 1;
  });
  return { task, runs, release: () => release() };
};

describe('TimerRepeatingTask', () => {
  it('runs the task at start, and closing waits for the run under way', async () => {
    const { task, runs, release } = heldTask();
    const repeating = new TimerRepeatingTask(HOUR_MS, () => undefined);
    await repeating.start(task);
    expect(runs.started).toBe(1);
    const closed = repeating.close();
    release();
    await closed;
    expect(runs.finished).toBe(1);
  });

  it('reports a failed run and keeps its schedule', async () => {
    const errors: Error[] = [];
    const repeating = new TimerRepeatingTask(HOUR_MS, (error) => errors.push(error));
    await repeating.start(() => Promise.reject(new Error('no mail server')));
    await repeating.close();
    expect(errors.map((error) => error.message)).toEqual(['no mail server']);
  });
});

describe.skipIf(!redisBinary)('BullMqRepeatingTask', () => {
  let redis: RestartableRedisServer;
  beforeAll(async () => {
    redis = await startRedisServer(redisBinary as string);
  });
  afterAll(() => redis?.stop());

  it('keeps one scheduler however many processes start the task, and runs its first job in one of them', async () => {
    const options = { redisUrl: redis.url, name: 'digest-test', everyMs: HOUR_MS, onError: () => undefined };
    const runs: string[] = [];
    const first = new BullMqRepeatingTask(options);
    const second = new BullMqRepeatingTask(options);
    let ran = () => {};
    const firstRun = new Promise<void>((resolve) => (ran = resolve));
    await first.start(async () => {
      runs.push('first');
      ran();
    });
    await second.start(async () => {
      runs.push('second');
      ran();
    });
    await firstRun;
    const queue = new Queue('digest-test', { connection: { url: redis.url }, prefix: 'skillers' });
    try {
      expect(await queue.getJobSchedulersCount()).toBe(1);
    } finally {
      await queue.close();
      await first.close();
      await second.close();
    }
    expect(runs).toHaveLength(1);
  });
});
