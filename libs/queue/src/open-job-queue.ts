import { BullMqJobQueue } from './bullmq/bullmq.job-queue';
import { InProcessJobQueue } from './in-process/in-process.job-queue';
import type { JobQueueOptions } from './job-queue.options';
import type { JobQueue } from './job-queue.port';

export interface JobQueueSettings extends JobQueueOptions {
  redisUrl?: string;
  /** Prefix of the Redis keys; only used with Redis. */
  prefix?: string;
  /** Where Redis connection and worker errors are reported; only used with Redis (stderr by default). */
  onError?: (error: Error) => void;
}

/** BullMQ on Redis when a URL is configured, otherwise the in-process queue. */
export const openJobQueue = (settings: JobQueueSettings = {}): JobQueue => {
  const { redisUrl, prefix, onError, ...options } = settings;
  return redisUrl
    ? new BullMqJobQueue({ ...options, redisUrl, prefix, onError })
    : new InProcessJobQueue(options);
};
