import type { JobQueue } from './job-queue.port';

export interface FailedJobSweepOptions {
  /** Whether what the jobs need (the search index, the store) answers again; asked before each retry. */
  ready: () => Promise<boolean>;
  /** How often failed jobs are looked for, in milliseconds (default 30 000). */
  intervalMs?: number;
  /** Told how many failed jobs a pass enqueued again. */
  onRetried?: (count: number) => void;
  /** Told why a pass could not look or retry; the next pass tries again. */
  onError?: (error: unknown) => void;
}

export const DEFAULT_FAILED_JOB_SWEEP_MS = 30_000;

/**
 * Retries failed jobs once what they need answers again. A job fails when an outage outlasts its retries;
 * every `intervalMs`, while the queue lists failed jobs and `ready()` holds, they are enqueued again
 * (`retryFailed`), so no operator has to. While `ready()` does not hold they stay listed, as `stats` shows.
 */
export class FailedJobSweep {
  private timer?: NodeJS.Timeout;
  private pass?: Promise<void>;

  constructor(
    private readonly queue: JobQueue,
    private readonly options: FailedJobSweepOptions,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      // One pass at a time: a slow health check never stacks passes up.
      this.pass ??= this.sweep()
        .then((retried) => {
          if (retried > 0) this.options.onRetried?.(retried);
        })
        .catch((error: unknown) => this.options.onError?.(error))
        .finally(() => (this.pass = undefined));
    }, this.options.intervalMs ?? DEFAULT_FAILED_JOB_SWEEP_MS);
  }

  /** Stops looking and waits for a pass under way. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.pass;
  }

  /** One pass: the number of failed jobs enqueued again (none while `ready()` does not hold). */
  async sweep(): Promise<number> {
    if ((await this.queue.stats()).failed === 0) return 0;
    if (!(await this.options.ready())) return 0;
    return this.queue.retryFailed();
  }
}
