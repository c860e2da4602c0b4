import type { SearchDocument } from '@skillers/domain';

export interface BatchingAlertsOptions {
  /** Records matched at most per flush; a full batch is flushed at once. */
  maxBatch?: number;
  /** How long the first record of a batch waits for others to join it. */
  maxWaitMs?: number;
}

interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Gathers the records index jobs wrote and hands them to the alerts in batches, so a batch's matches and
 * notifications take one durable write each rather than two per record. `add` resolves once its record's
 * batch is done and rejects when it failed: the cluster's worker awaits it, so a failed batch fails its
 * jobs, which are retried. The embedded API does not await it (its queue runs one job at a time, so awaiting
 * would leave every batch a single record): there a crash loses the alerts of the last few milliseconds,
 * which are derived data, and a clean stop flushes them (`drain`). Flushes run one after the other.
 */
export class BatchingAlerts {
  private readonly maxBatch: number;
  private readonly maxWaitMs: number;
  private pending: SearchDocument[] = [];
  private waiters: Waiter[] = [];
  private timer?: NodeJS.Timeout;
  /** The flush under way, which the next one waits for; it never rejects. */
  private flushing: Promise<void> = Promise.resolve();
  /** Batches handed to `record` and not finished. */
  private unfinished = 0;

  constructor(
    private readonly record: (docs: readonly SearchDocument[]) => Promise<void>,
    { maxBatch = 200, maxWaitMs = 5 }: BatchingAlertsOptions = {},
  ) {
    this.maxBatch = maxBatch;
    this.maxWaitMs = maxWaitMs;
  }

  add(doc: SearchDocument): Promise<void> {
    const done = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    this.pending.push(doc);
    if (this.pending.length >= this.maxBatch) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), this.maxWaitMs);
    return done;
  }

  /** True when every record added so far has been handled: none waits for a batch, no batch runs. */
  get idle(): boolean {
    return this.pending.length === 0 && this.unfinished === 0;
  }

  /** Resolves once every record added so far has been handled (whether or not it failed). */
  async drain(): Promise<void> {
    if (this.pending.length > 0) this.flush();
    await this.flushing;
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    const waiters = this.waiters;
    this.pending = [];
    this.waiters = [];
    if (batch.length === 0) return;
    this.unfinished += 1;
    const run = this.flushing.then(() => this.record(batch)).finally(() => (this.unfinished -= 1));
    this.flushing = run.then(
      () => waiters.forEach((waiter) => waiter.resolve()),
      (error: unknown) => waiters.forEach((waiter) => waiter.reject(error)),
    );
  }
}
