import { jobKey } from '../job-key';
import {
  type JobQueueOptions,
  type ResolvedJobQueueOptions,
  resolveJobQueueOptions,
  retryDelayMs,
} from '../job-queue.options';
import type { EnqueueOptions, FailedJob, JobCounts, JobHandler, JobQueue } from '../job-queue.port';
import { JobRegistry } from '../job-registry';

interface PendingJob {
  readonly key: string;
  readonly name: string;
  readonly jobId: string;
  readonly payload: unknown;
  attempt: number;
  state: 'waiting' | 'delayed' | 'active';
  /** Set when the id is enqueued again while this job runs: the payload of the one run owed after it. */
  rerun?: { payload: unknown };
}

type Outcome = { ok: true } | { ok: false; error: unknown };

const DEFAULT_FAILED_LIMIT = 100;

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * The embedded profile's queue: jobs live in this process's memory. A crash loses the jobs that were
 * waiting, and that is acceptable because the indexer reconciles the search index with the store
 * when it starts; failed jobs are lost the same way.
 */
export class InProcessJobQueue implements JobQueue {
  readonly adapter = 'in-process' as const;
  private readonly registry = new JobRegistry();
  private readonly options: ResolvedJobQueueOptions;
  /** Every job not finished yet, by name and id: the coalescing point. */
  private readonly jobs = new Map<string, PendingJob>();
  private readonly ready: PendingJob[] = [];
  private readonly retryTimers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private readonly failures: FailedJob[] = [];
  private idleWaiters: (() => void)[] = [];
  private completed = 0;
  private started = false;
  private closed = false;
  private pumpScheduled = false;

  constructor(options: JobQueueOptions = {}) {
    this.options = resolveJobQueueOptions(options);
  }

  register<P>(name: string, handler: JobHandler<P>): void {
    this.registry.register(name, handler);
  }

  async enqueue<P>(name: string, payload: P, { jobId }: EnqueueOptions): Promise<void> {
    this.assertOpen();
    const key = jobKey(name, jobId);
    const current = this.jobs.get(key);
    if (!current) {
      this.add({ key, name, jobId, payload, attempt: 1, state: 'waiting' });
    } else if (current.state === 'active') {
      current.rerun = { payload };
    }
    // A waiting job, or one waiting for a retry, has yet to run: that run covers this request.
  }

  async start(): Promise<void> {
    this.assertOpen();
    this.started = true;
    this.pump();
  }

  drain(): Promise<void> {
    if (this.jobs.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  async stats(): Promise<JobCounts> {
    let active = 0;
    let retrying = 0;
    for (const job of this.jobs.values()) {
      if (job.state === 'active') active += 1;
      else if (job.state === 'delayed') retrying += 1;
    }
    return {
      waiting: this.jobs.size - active,
      retrying,
      active,
      failed: this.failures.length,
      completed: this.completed,
    };
  }

  async failed(limit = DEFAULT_FAILED_LIMIT): Promise<FailedJob[]> {
    return this.failures.slice(0, limit).map((failure) => ({ ...failure }));
  }

  async retryFailed(): Promise<number> {
    const failures = this.failures.splice(0).reverse();
    for (const { name, payload, jobId } of failures) await this.enqueue(name, payload, { jobId });
    return failures.length;
  }

  async isReady(): Promise<boolean> {
    return !this.closed;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const timer of this.retryTimers) clearTimeout(timer);
    this.retryTimers.clear();
    this.ready.length = 0;
    await Promise.all(this.running);
    this.jobs.clear();
    this.notifyIfIdle();
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('The job queue is closed');
  }

  private add(job: PendingJob): void {
    this.jobs.set(job.key, job);
    this.ready.push(job);
    this.pump();
  }

  private pump(): void {
    while (this.started && !this.closed && this.running.size < this.options.concurrency) {
      const job = this.ready.shift();
      if (!job) return;
      this.launch(job);
    }
  }

  private launch(job: PendingJob): void {
    job.state = 'active';
    const run = this.attempt(job).then((outcome) => {
      this.running.delete(run);
      this.settle(job, outcome);
      this.pumpSoon();
      this.notifyIfIdle();
    });
    this.running.add(run);
  }

  /**
   * The next job starts on a later turn of the event loop: the embedded store and index answer
   * synchronously, so jobs chained straight after one another would hold back requests, timers and thread
   * messages until a long backlog is done.
   */
  private pumpSoon(): void {
    if (this.pumpScheduled) return;
    this.pumpScheduled = true;
    setImmediate(() => {
      this.pumpScheduled = false;
      this.pump();
    });
  }

  private async attempt(job: PendingJob): Promise<Outcome> {
    try {
      await this.registry.handlerFor(job.name)(job.payload, job.attempt);
      return { ok: true };
    } catch (error) {
      return { ok: false, error };
    }
  }

  private settle(job: PendingJob, outcome: Outcome): void {
    if (outcome.ok) {
      this.completed += 1;
    } else if (job.attempt < this.options.retry.attempts && !this.closed) {
      this.scheduleRetry(job);
      return;
    } else {
      this.failures.unshift({
        name: job.name,
        jobId: job.jobId,
        payload: job.payload,
        error: messageOf(outcome.error),
        attempts: job.attempt,
        failedAt: new Date(),
      });
    }
    this.jobs.delete(job.key);
    if (job.rerun && !this.closed) {
      const { key, name, jobId } = job;
      this.add({ key, name, jobId, payload: job.rerun.payload, attempt: 1, state: 'waiting' });
    }
  }

  private scheduleRetry(job: PendingJob): void {
    job.state = 'delayed';
    const delay = retryDelayMs(this.options.retry, job.attempt);
    job.attempt += 1;
    const timer = setTimeout(() => {
      this.retryTimers.delete(timer);
      job.state = 'waiting';
      this.ready.push(job);
      this.pump();
    }, delay);
    this.retryTimers.add(timer);
  }

  private notifyIfIdle(): void {
    if (this.jobs.size > 0) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}
