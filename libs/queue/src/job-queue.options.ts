import type { RetryPolicy } from './job-queue.port';

export interface JobQueueOptions {
  /** Jobs run at the same time by this process's worker; 1 by default. */
  concurrency?: number;
  retry?: RetryPolicy;
}

export const DEFAULT_CONCURRENCY = 1;

/** Waits of 1, 2, 4 and 8 seconds ride out a short outage of the store or the search index. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = { attempts: 5, backoffMs: 1000 };

export type ResolvedJobQueueOptions = Required<JobQueueOptions>;

/** Fills in the defaults and refuses settings that would stall or spin the queue. */
export const resolveJobQueueOptions = (options: JobQueueOptions = {}): ResolvedJobQueueOptions => {
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  const retry = options.retry ?? DEFAULT_RETRY_POLICY;
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new RangeError(`Job queue concurrency must be a whole number of at least 1, got ${concurrency}`);
  }
  if (!Number.isInteger(retry.attempts) || retry.attempts < 1) {
    throw new RangeError(`Job attempts must be a whole number of at least 1, got ${retry.attempts}`);
  }
  if (!Number.isFinite(retry.backoffMs) || retry.backoffMs < 0) {
    throw new RangeError(
      `Job backoff must be a number of milliseconds of at least 0, got ${retry.backoffMs}`,
    );
  }
  return { concurrency, retry: { attempts: retry.attempts, backoffMs: retry.backoffMs } };
};
