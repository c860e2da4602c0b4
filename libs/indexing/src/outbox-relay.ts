import type { JobQueue } from '@skillers/queue';
import { COLLECTIONS, type RecordStore } from '@skillers/store';
import { INDEX_RECORD_JOB, indexRecordJobId, type IndexRecordPayload } from './index-record.job';
import type { OutboxEntry } from './index-outbox';

export interface OutboxRelayOptions {
  /** How often the stored outbox is read for entries not handed over in this process (default 5 s). */
  sweepMs?: number;
  /**
   * Stored entries younger than this are left to the process that wrote them. MongoDB writes an entry
   * before its record (see `WriteOptions`), so a young entry may belong to a write still under way; SQLite
   * writes both at once and needs no wait (default 0).
   */
  graceMs?: number;
  /** Entries taken in one pass (default 200). */
  batchSize?: number;
  /** Wait after the first failed pass (default 0.5 s); it doubles after each further one, up to `maxBackoffMs` (5 s). */
  backoffMs?: number;
  maxBackoffMs?: number;
  log?: (line: string) => void;
}

/** Entries kept in memory at most; beyond, during a long outage, they wait in the store for the sweep. */
const MAX_HANDED = 10_000;

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Moves index changes from the store's outbox into the job queue. A write hands its entry over once the
 * store has acknowledged it, and the relay enqueues it in the background: a request never waits for the
 * queue, and while the queue is down the entries wait in the store, retried with a growing pause, so an
 * outage only delays indexing. An entry is deleted once its job is accepted by the queue (which the
 * cluster's Redis keeps on disk); enqueuing twice is harmless, since jobs are keyed by record and read the
 * record's current state. Entries no process handed over (a crash between the write and the enqueue, or
 * another node) are found by a periodic sweep of the stored outbox, oldest first.
 */
export class OutboxRelay {
  private readonly sweepMs: number;
  private readonly graceMs: number;
  private readonly batchSize: number;
  private readonly backoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly log: (line: string) => void;
  /** Entries of acknowledged writes of this process, not enqueued yet. */
  private readonly handed = new Map<string, OutboxEntry>();
  private timer?: NodeJS.Timeout;
  private dueAt = Infinity;
  private running?: Promise<void>;
  private again = false;
  private lastSweep = -Infinity;
  private failures = 0;
  private started = false;
  private stopped = false;

  constructor(
    private readonly store: RecordStore,
    private readonly queue: JobQueue,
    options: OutboxRelayOptions = {},
  ) {
    this.sweepMs = options.sweepMs ?? 5_000;
    this.graceMs = options.graceMs ?? 0;
    this.batchSize = options.batchSize ?? 200;
    this.backoffMs = options.backoffMs ?? 500;
    this.maxBackoffMs = options.maxBackoffMs ?? 5_000;
    this.log = options.log ?? ((line) => console.warn(line));
  }

  /** Starts relaying, beginning with a sweep of what an earlier run left in the outbox. */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    this.schedule(0);
  }

  /** The entry of a write the store has acknowledged: enqueued soon, unless the queue is failing. */
  handOver(entry: OutboxEntry): void {
    if (this.stopped) return;
    if (this.handed.size < MAX_HANDED) this.handed.set(entry._id, entry);
    if (this.started && this.failures === 0) this.schedule(0);
  }

  /** Resolves once the stored outbox is empty (tests, the admin view); needs a working queue. */
  async settled(pollMs = 20): Promise<void> {
    while (this.handed.size > 0 || (await this.outbox().count({})) > 0 || this.running) {
      if (!this.running && !this.timer) this.schedule(0);
      this.lastSweep = -Infinity;
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }

  /**
   * Stops after the pass under way and one last try at what was handed over, so a clean stop right after a
   * write still enqueues it; what is left stays in the outbox for the next start.
   */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
    if (this.started && this.handed.size > 0) await this.pass();
  }

  private outbox() {
    return this.store.collection<OutboxEntry>(COLLECTIONS.indexOutbox);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    if (this.running) {
      if (delayMs === 0) this.again = true;
      return;
    }
    const dueAt = Date.now() + delayMs;
    if (this.timer && this.dueAt <= dueAt) return;
    clearTimeout(this.timer);
    this.dueAt = dueAt;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.dueAt = Infinity;
      this.running = this.pass().finally(() => {
        this.running = undefined;
        this.afterPass();
      });
    }, delayMs);
    this.timer.unref();
  }

  private afterPass(): void {
    const again = this.again;
    this.again = false;
    if (this.failures > 0) {
      this.schedule(Math.min(this.backoffMs * 2 ** (this.failures - 1), this.maxBackoffMs));
    } else if (again || this.handed.size > 0) {
      this.schedule(0);
    } else {
      this.schedule(Math.max(0, this.lastSweep + this.sweepMs - Date.now()));
    }
  }

  private async pass(): Promise<void> {
    try {
      const { relayed, failure } = await this.enqueue(await this.takeBatch());
      if (relayed.length > 0) {
        await this.outbox().deleteMany({ _id: { $in: relayed } });
        for (const id of relayed) this.handed.delete(id);
      }
      if (failure) throw failure;
      if (this.failures > 0)
        this.log('The job queue takes index changes again; the waiting ones are relayed');
      this.failures = 0;
    } catch (error) {
      this.failures += 1;
      if (this.failures === 1) {
        this.log(
          `Index changes wait in the store's outbox: ${messageOf(error)}. ` +
            'They are retried with a growing pause and indexed once the queue takes them',
        );
      }
    }
  }

  /** Handed-over entries first, then, when a sweep is due, the oldest stored ones old enough to take. */
  private async takeBatch(): Promise<OutboxEntry[]> {
    const batch = new Map([...this.handed].slice(0, this.batchSize));
    const now = Date.now();
    if (now - this.lastSweep >= this.sweepMs && batch.size < this.batchSize) {
      this.lastSweep = now;
      const stored = await this.outbox().find(
        {},
        { sort: [{ field: 'at', direction: 'asc' }], limit: this.batchSize },
      );
      for (const entry of stored) {
        if (batch.size >= this.batchSize) break;
        if (now - Date.parse(entry.at) >= this.graceMs) batch.set(entry._id, entry);
      }
      // A full batch may leave more behind: sweep again at once rather than after the interval.
      if (stored.length === this.batchSize) this.lastSweep = -Infinity;
    }
    return [...batch.values()];
  }

  /**
   * One job per record, however many entries it has, until the queue refuses one; resolves to the ids of
   * the entries enqueued and the refusal.
   */
  private async enqueue(entries: readonly OutboxEntry[]): Promise<{ relayed: string[]; failure?: unknown }> {
    const byRecord = new Map<string, OutboxEntry[]>();
    for (const entry of entries) {
      const key = indexRecordJobId({ kind: entry.kind, id: entry.recordId });
      byRecord.set(key, [...(byRecord.get(key) ?? []), entry]);
    }
    const relayed: string[] = [];
    for (const [jobId, group] of byRecord) {
      const payload: IndexRecordPayload = { kind: group[0].kind, id: group[0].recordId };
      try {
        await this.queue.enqueue(INDEX_RECORD_JOB, payload, { jobId });
      } catch (failure) {
        return { relayed, failure };
      }
      relayed.push(...group.map((entry) => entry._id));
    }
    return { relayed };
  }
}
