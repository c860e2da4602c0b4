import { setTimeout as sleep } from 'node:timers/promises';
import type { Job, Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { jobKey } from '../job-key';
import {
  type JobQueueOptions,
  type ResolvedJobQueueOptions,
  resolveJobQueueOptions,
  retryDelayMs,
} from '../job-queue.options';
import type { EnqueueOptions, FailedJob, JobCounts, JobHandler, JobQueue } from '../job-queue.port';
import { JobRegistry } from '../job-registry';
import { bullmqPackage, ioredisPackage } from '../redis-packages';

export interface BullMqJobQueueOptions extends JobQueueOptions {
  /** `redis://` or `rediss://` address of the server. */
  redisUrl: string;
  /** Prefix of every Redis key the queue writes; the product's one queue lives under it. */
  prefix?: string;
  /** Successful jobs kept for inspection; older ones are deleted. */
  keepCompleted?: number;
  /** Connection and worker errors; the queue keeps reconnecting on its own. */
  onError?: (error: Error) => void;
}

interface JobData {
  jobId: string;
  payload: unknown;
}

const QUEUE_NAME = 'jobs';
/** The backoff type jobs carry; the worker's `backoffStrategy` computes it (BullMQ's own has no cap). */
const CAPPED_EXPONENTIAL = 'capped-exponential';
const DEFAULT_PREFIX = 'skillers';
const DEFAULT_KEEP_COMPLETED = 1000;
const DEFAULT_FAILED_LIMIT = 100;
const DRAIN_POLL_MS = 20;
const READY_TIMEOUT_MS = 1000;
/** How long an enqueue waits for a connection that is not up before it gives up. */
const CONNECT_WAIT_MS = 2000;
/** How long any command of the producer may take before it fails instead of waiting on a stuck server. */
const PRODUCER_COMMAND_TIMEOUT_MS = 5000;

/** What ioredis says when a command meets a connection that is dropping or gone. */
const LOST_CONNECTION = /Stream isn't writeable|Connection is closed/;

const notEnqueued = (cause: Error) =>
  new Error(`Redis is not reachable (${cause.message}), the job was not enqueued`);

const reportToConsole = (error: Error) => console.error(`Job queue: ${error.message}`);

const assertRedisUrl = (redisUrl: string): void => {
  let protocol: string;
  try {
    protocol = new URL(redisUrl).protocol;
  } catch {
    throw new Error(`REDIS_URL is not a valid URL: ${redisUrl}`);
  }
  if (protocol !== 'redis:' && protocol !== 'rediss:') {
    throw new Error(`REDIS_URL must start with redis:// or rediss://, got ${protocol}//`);
  }
};

/**
 * The cluster profile's queue: BullMQ on Redis, so jobs survive a restart of the api or the worker
 * and several workers can share them.
 *
 * BullMQ job ids are left to BullMQ; the port's stable id is BullMQ's deduplication id with
 * `keepLastIfActive`: while a job with that id waits, new ones are dropped; while it runs, the latest
 * one is kept aside and enqueued by Redis, atomically, when the running job completes or finally fails.
 * Failed jobs are never removed by BullMQ, so they stay listed until `retryFailed()`. A job whose
 * worker dies mid-run is moved back to waiting by BullMQ's stalled-job check once its lock expires.
 *
 * Two connections, as BullMQ's production guide advises: the producer's fails fast while Redis is down (no
 * offline queue, one retry per command, a command timeout), so an enqueue rejects rather than hangs and its
 * caller can keep the job for later; the worker's waits out any outage (`maxRetriesPerRequest: null`),
 * since its blocking commands must survive a reconnection.
 */
export class BullMqJobQueue implements JobQueue {
  readonly adapter = 'bullmq' as const;
  private readonly registry = new JobRegistry();
  private readonly options: ResolvedJobQueueOptions;
  private readonly prefix: string;
  private readonly onError: (error: Error) => void;
  private readonly redisUrl: string;
  private readonly producer: Redis;
  private readonly keepCompleted: number;
  /** Created once the producer first connects, so BullMQ never waits on a server that is not there. */
  private queueInstance?: Queue<JobData>;
  private lastConnectionError?: Error;
  private workerConnection?: Redis;
  private worker?: Worker<JobData>;
  private closed = false;

  constructor(options: BullMqJobQueueOptions) {
    assertRedisUrl(options.redisUrl);
    this.options = resolveJobQueueOptions(options);
    this.prefix = options.prefix ?? DEFAULT_PREFIX;
    this.onError = options.onError ?? reportToConsole;
    this.redisUrl = options.redisUrl;
    this.keepCompleted = options.keepCompleted ?? DEFAULT_KEEP_COMPLETED;
    this.producer = new (ioredisPackage().Redis)(options.redisUrl, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: PRODUCER_COMMAND_TIMEOUT_MS,
    });
    // An 'error' event nobody listens to would crash the process; the connection keeps retrying on its own.
    this.producer.on('error', (error: Error) => {
      this.lastConnectionError = error;
      this.onError(error);
    });
  }

  register<P>(name: string, handler: JobHandler<P>): void {
    this.registry.register(name, handler);
  }

  /** Rejects, rather than waits, when Redis does not answer: within about 2 seconds, 5 at most. */
  async enqueue<P>(name: string, payload: P, { jobId }: EnqueueOptions): Promise<void> {
    const queue = await this.openQueue();
    try {
      await queue.add(
        name,
        { jobId, payload },
        { deduplication: { id: jobKey(name, jobId), keepLastIfActive: true } },
      );
    } catch (error) {
      // The connection can drop between the check that it is up and the command: ioredis then refuses the
      // command on its closing stream.
      if (error instanceof Error && (this.producer.status !== 'ready' || LOST_CONNECTION.test(error.message)))
        throw notEnqueued(error);
      throw error;
    }
  }

  async start(): Promise<void> {
    this.assertOpen();
    if (this.worker) return;
    // BullMQ's workers block on Redis and must wait out a reconnection rather than give up a command.
    this.workerConnection = new (ioredisPackage().Redis)(this.redisUrl, { maxRetriesPerRequest: null });
    this.workerConnection.on('error', () => undefined);
    this.worker = new (bullmqPackage().Worker)<JobData>(QUEUE_NAME, (job) => this.process(job), {
      connection: this.workerConnection,
      prefix: this.prefix,
      concurrency: this.options.concurrency,
      // BullMQ passes the number of the retry about to be scheduled (1 for the first).
      settings: { backoffStrategy: (retry: number) => retryDelayMs(this.options.retry, retry) },
    });
    this.worker.on('error', this.onError);
    await this.worker.waitUntilReady();
  }

  /** Polls the counts: the work may be done by workers in other processes. Unlike BullMQ's own `drain`, removes nothing. */
  async drain(): Promise<void> {
    for (;;) {
      const counts = await (await this.openQueue()).getJobCounts('waiting', 'delayed', 'active');
      if (counts.waiting + counts.delayed + counts.active === 0) return;
      await sleep(DRAIN_POLL_MS);
    }
  }

  async stats(): Promise<JobCounts> {
    const queue = await this.openQueue();
    const counts = await queue.getJobCounts('waiting', 'delayed', 'active', 'failed', 'completed');
    return {
      waiting: counts.waiting + counts.delayed,
      // Delayed jobs are only ever retries here: nothing is enqueued with a delay.
      retrying: counts.delayed,
      active: counts.active,
      failed: counts.failed,
      completed: counts.completed,
    };
  }

  async failed(limit = DEFAULT_FAILED_LIMIT): Promise<FailedJob[]> {
    const jobs = await this.failedJobs(limit);
    return jobs.map((job) => ({
      name: job.name,
      jobId: job.data.jobId,
      payload: job.data.payload,
      error: job.failedReason,
      attempts: job.attemptsMade,
      failedAt: new Date(job.finishedOn ?? job.timestamp),
    }));
  }

  async retryFailed(): Promise<number> {
    // One snapshot, oldest first: a retry that fails again joins the list without being retried twice.
    const jobs = (await this.failedJobs()).reverse();
    for (const job of jobs) {
      // Enqueue before removing, so a crash in between leaves the failure listed rather than lost.
      await this.enqueue(job.name, job.data.payload, { jobId: job.data.jobId });
      await job.remove();
    }
    return jobs.length;
  }

  async isReady(): Promise<boolean> {
    if (this.closed || this.producer.status !== 'ready') return false;
    const timeout = new AbortController();
    try {
      const answer = await Promise.race([
        this.producer.ping(),
        sleep(READY_TIMEOUT_MS, 'timeout', { signal: timeout.signal }),
      ]);
      return answer === 'PONG';
    } catch {
      return false;
    } finally {
      timeout.abort();
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.worker?.close();
    await this.queueInstance?.close();
    // Nothing is left to send once the worker and the queue are closed; disconnecting never waits on the server.
    this.workerConnection?.disconnect();
    this.producer.disconnect();
  }

  /** BullMQ's queue on the producer connection, once that connection is up; see `producerConnected`. */
  private async openQueue(): Promise<Queue<JobData>> {
    this.assertOpen();
    await this.producerConnected();
    if (this.queueInstance) return this.queueInstance;
    const queue = new (bullmqPackage().Queue)<JobData>(QUEUE_NAME, {
      connection: this.producer,
      prefix: this.prefix,
      defaultJobOptions: {
        attempts: this.options.retry.attempts,
        backoff: { type: CAPPED_EXPONENTIAL, delay: this.options.retry.backoffMs },
        removeOnComplete: { count: this.keepCompleted },
        removeOnFail: false,
      },
    });
    // BullMQ passes the connection's errors on here too; those were reported already.
    queue.on('error', (error) => {
      if (error !== this.lastConnectionError) this.onError(error);
    });
    this.queueInstance = queue;
    return queue;
  }

  /**
   * Resolves once the producer's connection is up, waiting a little for one being established; rejects at
   * once when an attempt fails (ioredis reports each failed attempt as an error).
   */
  private producerConnected(): Promise<void> {
    const producer = this.producer;
    if (producer.status === 'ready') return Promise.resolve();
    return new Promise((resolve, reject) => {
      const finish = (error?: Error) => {
        clearTimeout(timer);
        producer.off('ready', onReady);
        producer.off('error', onError);
        if (error) reject(notEnqueued(error));
        else resolve();
      };
      const onReady = () => finish();
      const onError = (error: Error) => finish(error);
      const timer = setTimeout(
        () => finish(new Error(`no connection within ${CONNECT_WAIT_MS} ms`)),
        CONNECT_WAIT_MS,
      );
      producer.once('ready', onReady);
      producer.once('error', onError);
    });
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('The job queue is closed');
  }

  private async process(job: Job<JobData>): Promise<void> {
    await this.registry.handlerFor(job.name)(job.data.payload, job.attemptsMade + 1);
  }

  /** Jobs removed while the list is read come back empty; they are no longer failures. */
  private async failedJobs(limit?: number): Promise<Job<JobData>[]> {
    const jobs = await (await this.openQueue()).getFailed(0, limit === undefined ? -1 : limit - 1);
    return jobs.filter((job): job is Job<JobData> => job !== undefined);
  }
}
