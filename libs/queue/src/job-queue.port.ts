/** The work behind a job name: gets the payload and the attempt number, 1 on the first run. */
export type JobHandler<P> = (payload: P, attempt: number) => Promise<void>;

export interface RetryPolicy {
  /** Runs in total, the first one included; 1 means no retry. */
  attempts: number;
  /** Wait before the first retry; every further retry waits twice as long as the one before, up to `maxBackoffMs`. */
  backoffMs: number;
  /** The longest wait between two runs (default: no cap). */
  maxBackoffMs?: number;
}

export interface EnqueueOptions {
  /**
   * Stable id of the work, unique within the job name (for instance the kind and id of a record).
   * At most one job per id waits at a time, so a burst of edits to one record is indexed once.
   */
  jobId: string;
}

export interface JobCounts {
  /** Jobs not running yet, retries waiting out their backoff included. */
  waiting: number;
  /** Of the waiting jobs, those that failed and wait out their backoff before they run again. */
  retrying: number;
  active: number;
  /** Jobs that used up every attempt: retried by hand, or by a `FailedJobSweep` once their target answers. */
  failed: number;
  /** Successful jobs the queue still remembers (BullMQ keeps a bounded number of them). */
  completed: number;
}

export interface FailedJob {
  name: string;
  jobId: string;
  payload: unknown;
  /** Message of the error the last attempt threw. */
  error: string;
  attempts: number;
  failedAt: Date;
}

/**
 * Background work with retries. Every job name has exactly one handler.
 *
 * Stable ids: enqueuing an id whose job is still waiting (or waiting for a retry) does not add a
 * second job and keeps the first payload, so payloads should name what to work on and handlers
 * should read its current state. Enqueuing an id whose job is running schedules exactly one more run
 * after it finishes, with the latest payload enqueued meanwhile: a record edited while it is being
 * indexed is indexed again, never concurrently with itself.
 *
 * Failed jobs (every attempt used) stay listed by `failed()` until `retryFailed()`.
 */
export interface JobQueue {
  /** Adapter name, reported by the health check and the admin CLI. */
  readonly adapter: 'in-process' | 'bullmq';
  /** Declares the one handler of a job name; a second handler for the same name is refused. */
  register<P>(name: string, handler: JobHandler<P>): void;
  /** Resolves once the job is accepted (in Redis for BullMQ); it runs only once a worker has started. */
  enqueue<P>(name: string, payload: P, options: EnqueueOptions): Promise<void>;
  /** Starts running jobs in this process; producers that only enqueue never call it. */
  start(): Promise<void>;
  /** Resolves when no job is waiting, waiting for a retry or running. Needs a started worker. */
  drain(): Promise<void>;
  stats(): Promise<JobCounts>;
  /** Failed jobs, newest first. */
  failed(limit?: number): Promise<FailedJob[]>;
  /** Enqueues every failed job again under its id, removes it from the failed list, and says how many. */
  retryFailed(): Promise<number>;
  isReady(): Promise<boolean>;
  /** Stops taking jobs and waits for the running ones to finish. */
  close(): Promise<void>;
}
