import type { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { bullmqPackage, ioredisPackage } from '../redis-packages';
import type { RepeatingTask } from './repeating-task.port';

export interface BullMqRepeatingTaskOptions {
  redisUrl: string;
  /** Names the task's scheduler and queue; the same in every process that starts it. */
  name: string;
  everyMs: number;
  prefix?: string;
  onError: (error: Error) => void;
}

const DEFAULT_PREFIX = 'skillers';

/**
 * The cluster's schedule: a BullMQ job scheduler (`upsertJobScheduler`, which replaced the `repeat` option
 * of jobs), upserted by every process that starts the task, so it exists once however many do, and a
 * worker in each: every job the scheduler makes is taken by one worker, so one process runs each period.
 * BullMQ runs an `every` scheduler's first job at once.
 */
export class BullMqRepeatingTask implements RepeatingTask {
  readonly adapter = 'bullmq' as const;
  private readonly connection: Redis;
  private queue?: Queue;
  private worker?: Worker;

  constructor(private readonly options: BullMqRepeatingTaskOptions) {
    // A worker blocks on Redis and must wait out a reconnection rather than give up a command.
    this.connection = new (ioredisPackage().Redis)(options.redisUrl, { maxRetriesPerRequest: null });
    this.connection.on('error', options.onError);
  }

  async start(task: () => Promise<void>): Promise<void> {
    const { name, everyMs, onError } = this.options;
    const prefix = this.options.prefix ?? DEFAULT_PREFIX;
    this.worker = new (bullmqPackage().Worker)(name, () => task(), {
      connection: this.connection,
      prefix,
      concurrency: 1,
    });
    this.worker.on('error', onError);
    this.worker.on('failed', (_job, error) => onError(error));
    this.queue = new (bullmqPackage().Queue)(name, {
      connection: this.connection,
      prefix,
      defaultJobOptions: { removeOnComplete: { count: 10 }, removeOnFail: { count: 10 } },
    });
    this.queue.on('error', onError);
    await this.queue.upsertJobScheduler(name, { every: everyMs }, { name });
    await this.worker.waitUntilReady();
  }

  async close(): Promise<void> {
    await this.worker?.close();
    await this.queue?.close();
    this.connection.disconnect();
  }
}
