import type { SearchDocument } from '@skillers/domain';

export interface BatchingAlertsOptions {
  /** Records matched at most per flush; a full batch is flushed at once. */
  maxBatch?: number;
  /** How long the first record of a batch waits for others to join it. */
  maxWaitMs?: number;
}

/**
 * For alerts nothing awaits (the embedded API's), where a longer wait holds back no job: batches of up to
 * 500 records, cut 50 ms after their first. A batch stores its notifications and its hits in one commit
 * each, and the notifications land on scattered pages of their owner-keyed indexes, so many small commits
 * rewrite the same pages again and again: larger ones write a fraction of the log per record (see
 * bench/README.md, "Saved-search alerts"). An alert waits at most 50 ms more; a crash loses nothing more,
 * since the alert watermark moves only when no record waits for a batch.
 */
export const UNAWAITED_ALERT_BATCHING: BatchingAlertsOptions = { maxBatch: 500, maxWaitMs: 50 };

interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Gathers the records index jobs wrote and hands them to the alerts in batches, so a batch's matches and
 * notifications take one durable write each rather than two per record. A batch is cut when it is full or
 * its first record waited `maxWaitMs`, but never while the previous one runs: records keep joining until it
 * ends (group commit), so under load batches grow and the writes per record shrink. `add` resolves once its
 * record's batch is done and rejects when it failed: the cluster's worker awaits it, so a failed batch fails
 * its jobs, which are retried. The embedded API does not await it (its queue runs one job at a time, so
 * awaiting would leave every batch a single record): there a crash loses the alerts of the last few
 * milliseconds, which the alert watermark has them matched again for at the next start, and a clean stop
 * flushes them (`drain`). Batches run one after the other.
 */
export class BatchingAlerts {
  private readonly maxBatch: number;
  private readonly maxWaitMs: number;
  private pending: { doc: SearchDocument; waiter: Waiter }[] = [];
  private timer?: NodeJS.Timeout;
  /** The batch under way; it never rejects. */
  private running?: Promise<void>;
  /** A cut came while a batch ran: the next batch is cut as soon as it ends. */
  private cutDue = false;

  constructor(
    private readonly record: (docs: readonly SearchDocument[]) => Promise<void>,
    { maxBatch = 200, maxWaitMs = 5 }: BatchingAlertsOptions = {},
  ) {
    this.maxBatch = maxBatch;
    this.maxWaitMs = maxWaitMs;
  }

  add(doc: SearchDocument): Promise<void> {
    const done = new Promise<void>((resolve, reject) =>
      this.pending.push({ doc, waiter: { resolve, reject } }),
    );
    if (this.pending.length >= this.maxBatch) this.cut();
    else this.timer ??= setTimeout(() => this.cut(), this.maxWaitMs);
    return done;
  }

  /** True when every record added so far has been handled: none waits for a batch, no batch runs. */
  get idle(): boolean {
    return this.pending.length === 0 && this.running === undefined;
  }

  /** Resolves once every record added so far has been handled (whether or not it failed). */
  async drain(): Promise<void> {
    while (this.running || this.pending.length > 0) {
      if (!this.running) this.cut();
      await this.running;
    }
  }

  /** Starts the next batch with what is pending, or marks it due if one runs. */
  private cut(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.running) {
      this.cutDue = true;
      return;
    }
    const batch = this.pending.splice(0, this.maxBatch);
    if (batch.length === 0) return;
    this.running = this.record(batch.map(({ doc }) => doc)).then(
      () => {
        this.finished();
        batch.forEach(({ waiter }) => waiter.resolve());
      },
      (error: unknown) => {
        this.finished();
        batch.forEach(({ waiter }) => waiter.reject(error));
      },
    );
  }

  /** The batch ended: the next starts at once if due or full, else when its first record waited enough. */
  private finished(): void {
    this.running = undefined;
    if (this.cutDue || this.pending.length >= this.maxBatch) {
      this.cutDue = false;
      this.cut();
    } else if (this.pending.length > 0) {
      this.timer ??= setTimeout(() => this.cut(), this.maxWaitMs);
    }
  }
}
