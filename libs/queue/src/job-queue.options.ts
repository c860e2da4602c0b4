import type { RetryPolicy } from './job-queue.port';

export interface JobQueueOptions {
  /** Jobs run at the same time by this process's worker; 1 by default. */
  concurrency?: number;
  retry?: RetryPolicy;
}

export const DEFAULT_CONCURRENCY = 1;

/**
 * Waits of 1, 2, 4, 8, 16 and 32 seconds, then 60 seconds five times: a job keeps trying for about six
 * minutes, which outlasts a restart of Elasticsearch (30 to 60 s) or a MongoDB failover. What still fails
 * is retried once the index answers again (`FailedJobSweep`).
 */
export const DEFAULT_RETRY_POLICY: Required<RetryPolicy> = {
  attempts: 12,
  backoffMs: 1000,
  maxBackoffMs: 60_000,
};

export type ResolvedJobQueueOptions = Required<Omit<JobQueueOptions, 'retry'>> & {
  retry: Required<RetryPolicy>;
};

/** The wait before retry number `retry` (1 for the first): doubling from `backoffMs`, capped at `maxBackoffMs`. */
export const retryDelayMs = ({ backoffMs, maxBackoffMs }: Required<RetryPolicy>, retry: number): number =>
  Math.min(maxBackoffMs, backoffMs * 2 ** (retry - 1));

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
  const maxBackoffMs = retry.maxBackoffMs ?? Number.POSITIVE_INFINITY;
  if (Number.isNaN(maxBackoffMs) || maxBackoffMs < retry.backoffMs) {
    throw new RangeError(
      `Job backoff cap must be at least the first backoff (${retry.backoffMs} ms), got ${retry.maxBackoffMs}`,
    );
  }
  return { concurrency, retry: { attempts: retry.attempts, backoffMs: retry.backoffMs, maxBackoffMs } };
};
