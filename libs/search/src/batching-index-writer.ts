import type { SearchDocument, SearchKind } from '@skillers/domain';
import { PartialWriteError, type SearchIndexWriter } from './search-index.port';

export interface BatchingOptions {
  /** Documents written at most per flush; a full batch is flushed at once. */
  maxBatch?: number;
  /** How long the first write of a batch waits for others to join it. */
  maxWaitMs?: number;
}

export const DEFAULT_MAX_BATCH = 500;
export const DEFAULT_MAX_WAIT_MS = 5;

interface Waiter {
  ids: readonly string[];
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** The failure of one write of a flush, and the ids it failed: all of them unless the index names some. */
interface WriteFailure {
  error: unknown;
  ids: ReadonlySet<string>;
}

/**
 * Coalesces the writes of many concurrent callers (the index worker's jobs) into one upsert and one removal
 * per flush, so Elasticsearch gets one bulk request for a batch instead of one per document. A write
 * resolves once its documents are written and rejects when one of them failed (an index that names the
 * failed documents fails only their writers), so a job completes only once its document is in the index
 * and is retried otherwise, without taking the rest of its batch with it. Flushes run one after the other,
 * in order: the last write of an id within a batch wins, and a later batch never overtakes an earlier one.
 */
export class BatchingIndexWriter implements SearchIndexWriter {
  private readonly maxBatch: number;
  private readonly maxWaitMs: number;
  /** The pending change per id: the document to upsert, or null to remove it. */
  private pending = new Map<string, SearchDocument | null>();
  private waiters: Waiter[] = [];
  private timer?: NodeJS.Timeout;
  /** The flush under way, which the next one waits for. */
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly index: SearchIndexWriter,
    { maxBatch = DEFAULT_MAX_BATCH, maxWaitMs = DEFAULT_MAX_WAIT_MS }: BatchingOptions = {},
  ) {
    if (!Number.isInteger(maxBatch) || maxBatch < 1) {
      throw new RangeError(`The batch size must be a whole number of at least 1, got ${maxBatch}`);
    }
    this.maxBatch = maxBatch;
    this.maxWaitMs = maxWaitMs;
  }

  upsert(docs: readonly SearchDocument[]): Promise<void> {
    return this.add(docs.map((doc) => [doc.id, doc]));
  }

  remove(ids: readonly string[]): Promise<void> {
    return this.add(ids.map((id) => [id, null]));
  }

  count(kind: SearchKind): Promise<number> {
    return this.index.count(kind);
  }

  /** Writes what is pending now, without waiting for the batch to fill; rejects if any of it failed. */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const changes = this.pending;
    const waiters = this.waiters;
    this.pending = new Map();
    this.waiters = [];
    const previous = this.flushing;
    const written = (async () => {
      await previous.catch(() => undefined);
      return this.write(changes);
    })();
    this.flushing = written.then(() => undefined);
    const failures = await written;
    for (const waiter of waiters) {
      const failure = failures.find(({ ids }) => waiter.ids.some((id) => ids.has(id)));
      if (failure) waiter.reject(failure.error);
      else waiter.resolve();
    }
    if (failures.length > 0) throw failures[0].error;
  }

  /** Both writes of a flush run, whatever the other's outcome; resolves to their failures. */
  private async write(changes: ReadonlyMap<string, SearchDocument | null>): Promise<WriteFailure[]> {
    const docs = [...changes.values()].filter((doc): doc is SearchDocument => doc !== null);
    const removed = [...changes].filter(([, doc]) => doc === null).map(([id]) => id);
    const writes: [() => Promise<void>, readonly string[]][] = [
      [() => this.index.upsert(docs), docs.map((doc) => doc.id)],
      [() => this.index.remove(removed), removed],
    ];
    const failures: WriteFailure[] = [];
    for (const [run, ids] of writes) {
      if (ids.length === 0) continue;
      try {
        await run();
      } catch (error) {
        const failed = error instanceof PartialWriteError ? error.failedIds : ids;
        failures.push({ error, ids: new Set(failed) });
      }
    }
    return failures;
  }

  private add(changes: [string, SearchDocument | null][]): Promise<void> {
    if (changes.length === 0) return Promise.resolve();
    const ids = changes.map(([id]) => id);
    const written = new Promise<void>((resolve, reject) => this.waiters.push({ ids, resolve, reject }));
    for (const [id, doc] of changes) {
      // Re-inserted so that the latest change of an id keeps its place among the others.
      this.pending.delete(id);
      this.pending.set(id, doc);
    }
    if (this.pending.size >= this.maxBatch) {
      this.flush().catch(() => undefined);
    } else {
      this.timer ??= setTimeout(() => {
        this.flush().catch(() => undefined);
      }, this.maxWaitMs);
    }
    return written;
  }
}
