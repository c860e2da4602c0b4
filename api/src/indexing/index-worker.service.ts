import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import {
  backfillVectors,
  type DocumentEmbedder,
  indexedChangeStamp,
  loadIndexSnapshot,
  QuietRetry,
  rebuildIndex,
  saveIndexSnapshot,
  startIndexWorker,
  type VectorBackfillIndex,
} from '@skillers/indexing';
import type { Embedder } from '@skillers/embedding';
import type { JobQueue } from '@skillers/queue';
import { type IndexSnapshots, type SearchIndex, warmQueryPath } from '@skillers/search';
import type { RecordStore } from '@skillers/store';
import { join } from 'node:path';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG, JOB_QUEUE, RECORD_STORE, SEARCH_INDEX } from '../core/tokens';
import { DOCUMENT_EMBEDDER } from '../core/embedder.tokens';
import { AppEvents } from '../core/events/app-events.service';
import { INDEX_ALERTS, type IndexAlerts } from './index-alerts';
import { QueryPathWarmUp } from './query-path-warm-up.state';
import { SnapshotCheck } from './snapshot-check.state';
import { VectorBackfillState } from './vector-backfill.state';

/** Where the embedded index is saved between runs (see docs/architecture.md, "Embedded index"). */
export const INDEX_SNAPSHOT_FILE = 'search-index.snapshot';

/** How long the vector backfill waits for a failing embedder before it tries again (five tries in all). */
export const BACKFILL_RETRY_DELAY_MS = 30_000;
/** The backfill logs a progress line at most this often. */
export const BACKFILL_LOG_EVERY_MS = 10_000;
/**
 * A save that index writes discarded is tried again once the index has taken no write for this long (or
 * at shutdown, whichever comes first).
 */
export const SNAPSHOT_RETRY_QUIET_MS = 30_000;

/**
 * With the embedded (in-memory) index the API process is also the indexer: it handles record changes,
 * and at start loads the index's snapshot when the store has not changed since it was written, or else
 * rebuilds the index from the store (which also picks up any change whose job a crash lost). The rebuild
 * takes only the vectors the vector cache holds, so the server answers at once; the rest are embedded
 * afterwards, in the background (`backfillVectors`), and the snapshot saved once they all are. With
 * Elasticsearch the indexer service does both, so API nodes only enqueue. An in-memory index with a shared
 * queue therefore suits a single API node only.
 */
@Injectable()
export class IndexWorkerService
  implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown
{
  private readonly logger = new Logger(IndexWorkerService.name);
  private readonly snapshotFile: string;
  private readonly snapshots: IndexSnapshots;
  /** The index as the vector backfill writes it: in place. */
  private readonly backfilled: VectorBackfillIndex;
  /** One save at a time: the one after a build may still run when the process stops. */
  private saving: Promise<void> = Promise.resolve();
  /** The stamp the file on disk was saved with, while it matches the index (cleared when it may not). */
  private savedStamp?: string;
  /** Saves again, once writes pause, after a save they discarded. */
  private readonly saveRetry: QuietRetry;
  /** The background vector backfill, stopped and awaited at shutdown. */
  private backfilling: Promise<void> = Promise.resolve();
  private readonly stopBackfill = new AbortController();
  /**
   * Vectors the model can compute are missing: the next start would turn a snapshot of this index down (and
   * rebuild with the cached vectors), so saving it at shutdown would only cost time.
   */
  private vectorsMissing = false;
  /** A build from the store after a damaged snapshot section was found under the live index. */
  private repairing: Promise<void> = Promise.resolve();

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(RECORD_STORE) private readonly store: RecordStore,
    @Inject(SEARCH_INDEX) private readonly index: SearchIndex,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(DOCUMENT_EMBEDDER) private readonly embedder: Embedder,
    @Inject(INDEX_ALERTS) private readonly alerts: IndexAlerts,
    private readonly backfillState: VectorBackfillState,
    private readonly events: AppEvents,
    private readonly warmUp: QueryPathWarmUp,
    private readonly snapshotCheck: SnapshotCheck,
  ) {
    // The composition root provides this worker only in the embedded setup, whose index is in memory.
    const { snapshots, updateMany } = index;
    if (!snapshots || !updateMany)
      throw new Error(`The ${index.adapter} index is not held in this process's memory`);
    this.snapshots = snapshots;
    this.backfilled = {
      getMany: (ids, options) => index.getMany(ids, options),
      updateMany: (ids, change) => updateMany.call(index, ids, change),
    };
    this.snapshotFile = join(config.dataDir, INDEX_SNAPSHOT_FILE);
    this.saveRetry = new QuietRetry(
      () => snapshots.changeCount(),
      SNAPSHOT_RETRY_QUIET_MS,
      () => {
        this.saving = this.saving.then(() => this.saveSettled(snapshots, false));
      },
    );
    // A graph is built after the save that follows a build (minutes at a million vectors): saved again then,
    // so that a restart loads it instead of building it once more.
    snapshots.onGraphBuilt(() => {
      if (!this.vectorsMissing) this.saving = this.saving.then(() => this.saveSettled(snapshots, true));
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    // An in-memory index only sees the writes its own process applies, whichever queue carries them.
    const index = this.snapshots;
    let lacking = 0;
    await startIndexWorker({
      store: this.store,
      queue: this.queue,
      writer: this.index,
      embedder: this.embedder,
      prepareIndex: async () => {
        if (!(await this.loadSnapshot(index))) lacking = await this.rebuild(index);
      },
      alerts: {
        start: () => this.startAlerts(),
        recordIndexed: this.alerts.recordIndexed,
      },
      indexed: ({ kind, version }) => {
        if (version !== undefined) this.events.notify('record.indexed', { kind, writtenAtMs: version });
      },
    });
    if (lacking > 0) {
      this.vectorsMissing = true;
      this.backfilling = this.backfill(index, lacking);
    }
    this.warmUp.start((signal) => warmQueryPath(this.index, { signal }));
  }

  /** Loads the saved searches and matches again what a crash may have left without alerts. */
  private async startAlerts(): Promise<void> {
    const { understood, rematched } = await this.alerts.start(this.index, this.queue);
    if (understood > 0) this.logger.log(`Saved searches: ${understood} older texts understood`);
    if (rematched > 0)
      this.logger.log(
        `Saved-search alerts: ${rematched} records changed since the last watermark matched again`,
      );
  }

  /** Stops the vector backfill and the warm-up while the embedder and the store they use are still open. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopBackfill.abort();
    await Promise.all([this.backfilling, this.warmUp.close(), this.repairing]);
  }

  async onApplicationShutdown(): Promise<void> {
    const index = this.snapshots;
    // Writes have stopped: the save below replaces any retry still waiting.
    this.saveRetry.stop();
    await this.alerts.drain();
    await this.saving;
    if (this.vectorsMissing)
      this.logger.log('Search index not saved: vectors are still missing; the next start rebuilds it');
    else await this.saveSettled(index, false);
    // The index is not closed: requests may still come until the HTTP server closes, after this hook; its
    // vector rows' files close with the process (or once the index is garbage).
  }

  /**
   * Saves the index when no index job waits or failed, and the store changed since the last save (or
   * `force`: the vectors did). The stamp is read first, so a write the index has not seen either has a job
   * still waiting (no save) or came later and ages the snapshot.
   */
  private async saveSettled(index: IndexSnapshots, force: boolean): Promise<void> {
    try {
      const stamp = await indexedChangeStamp(this.store);
      const jobs = await this.queue.stats();
      if (stamp === undefined || (stamp === this.savedStamp && !force)) return;
      if (jobs.waiting + jobs.active + jobs.failed > 0) {
        this.logger.log('Search index not saved: index jobs are waiting or failed');
        return;
      }
      await this.save(index, stamp);
    } catch (error) {
      this.logger.warn(`Search index not saved: ${(error as Error).message}`);
    }
  }

  private async loadSnapshot(index: IndexSnapshots): Promise<boolean> {
    const started = Date.now();
    // Begun before the load: a check with nothing to read may end before the load returns.
    this.snapshotCheck.begin();
    const result = await loadIndexSnapshot(this.store, index, {
      file: this.snapshotFile,
      modelId: this.embedder.modelId,
      embedderReady: () => this.embedder.isReady(),
      onChecked: (damage) => {
        if (damage !== undefined) return this.repair(index, damage);
        this.snapshotCheck.end();
        this.logger.log(
          `Search index snapshot's texts and vectors checked ${Date.now() - started} ms after the start of its load`,
        );
      },
    }).catch((error: unknown) => {
      this.snapshotCheck.end();
      throw error;
    });
    if (!result.loaded) {
      this.snapshotCheck.end();
      this.logger.log(`Search index snapshot not used (${result.reason}): rebuilding from the store`);
      return false;
    }
    this.savedStamp = await indexedChangeStamp(this.store);
    this.logger.log(
      `Search index loaded from its snapshot: ${result.documents} documents in ${Date.now() - started} ms`,
    );
    return true;
  }

  /**
   * A section of the loaded snapshot, checked once the index was live, is damaged: the index is built again
   * from the store while it answers (with no vector taken from it), swapped in and saved.
   */
  private repair(index: IndexSnapshots, reason: string): void {
    this.logger.error(`Search index snapshot damaged (${reason}): building the index again from the store`);
    this.savedStamp = undefined;
    this.repairing = this.rebuild(index, { replay: true, reuseLiveVectors: false })
      .then((lacking) => {
        if (lacking === 0) return;
        this.vectorsMissing = true;
        this.backfilling = this.backfill(index, lacking);
      })
      .catch((error: Error) => this.logger.error(`The search index was not built again: ${error.message}`))
      .finally(() => this.snapshotCheck.end());
  }

  /**
   * Builds the index with the cached vectors only; resolves to how many documents got none. At start nothing
   * else writes the index (no replay); a repair replays the writes that came while it ran.
   */
  private async rebuild(
    index: IndexSnapshots,
    { replay = false, reuseLiveVectors = true }: { replay?: boolean; reuseLiveVectors?: boolean } = {},
  ): Promise<number> {
    const started = Date.now();
    const stamp = await indexedChangeStamp(this.store);
    let lacking = 0;
    const cached = this.cachedVectors();
    const embedder: DocumentEmbedder = {
      modelId: cached.modelId,
      embed: async (texts) => {
        const vectors = await cached.embed(texts);
        lacking += vectors.filter((vector) => vector === undefined).length;
        return vectors;
      },
    };
    const counts = await rebuildIndex(this.store, this.index, {
      embedder,
      replay,
      reuseLiveVectors,
      onUnreadable: (kind, id, error) =>
        this.logger.warn(
          `Stored ${kind} ${id} left out of the index, unreadable: ${(error as Error).message}`,
        ),
    });
    this.logger.log(
      `Search index built: ${counts.project} projects, ${counts.teammate} profiles in ${Date.now() - started} ms` +
        (lacking > 0 ? `; ${lacking} without a vector yet, embedded in the background` : ''),
    );
    // Serialised at once (one consistent state), written while the server answers; the next start loads it.
    // With vectors missing, the backfill saves it once they are filled in.
    if (stamp !== undefined && lacking === 0)
      this.saving = this.save(index, stamp).catch((error: unknown) => {
        this.logger.warn(`Search index not saved: ${(error as Error).message}`);
      });
    return lacking;
  }

  /** The vectors the cache holds, with no new embedding: each missing one would hold the start up. */
  private cachedVectors(): DocumentEmbedder {
    const cached = this.embedder.cacheOnly?.();
    if (cached) return cached;
    return { modelId: this.embedder.modelId, embed: async (texts) => texts.map(() => undefined) };
  }

  /**
   * Embeds the vectors the start-up build lacked, while the server answers; then saves the snapshot, so the
   * next start loads them. Without a model it saves the index as it is (the next start with a model
   * rebuilds and fills them in).
   */
  private async backfill(index: IndexSnapshots, lacking: number): Promise<void> {
    const signal = this.stopBackfill.signal;
    const state = this.backfillState;
    state.started(lacking);
    let loggedAt = Date.now();
    try {
      if (!(await this.embedder.isReady())) {
        // The embedder has logged why; similarity search leaves these documents out meanwhile.
        this.logger.warn(
          `Vector backfill skipped: the model cannot embed; ${lacking} documents lack a vector`,
        );
        state.stopped();
        // Loaded as it is at the next start unless a model can embed by then.
        this.vectorsMissing = false;
        if (!signal.aborted) await this.saveSettled(index, true);
        return;
      }
      if (signal.aborted) return;
      this.logger.log(`Vector backfill started: ${lacking} documents lack a vector`);
      const result = await backfillVectors(this.store, this.backfilled, {
        embedder: this.embedder,
        signal,
        retryDelayMs: BACKFILL_RETRY_DELAY_MS,
        onRetry: (error, attempt) =>
          this.logger.warn(
            `Vector backfill: the embedder failed (${(error as Error).message}); try ${attempt + 1} in ` +
              `${BACKFILL_RETRY_DELAY_MS / 1000} s`,
          ),
        onProgress: ({ checked, embedded, total, elapsedMs }) => {
          state.progressed(embedded);
          if (Date.now() - loggedAt < BACKFILL_LOG_EVERY_MS) return;
          loggedAt = Date.now();
          this.logger.log(
            `Vector backfill: ${embedded} vectors set, ${checked} of ${total} documents checked, ` +
              `${Math.round(embedded / Math.max(elapsedMs / 1000, 0.001))} vectors/s`,
          );
        },
      });
      state.progressed(result.embedded);
      if (result.stopped === 'aborted') {
        this.logger.log(`Vector backfill stopped at shutdown after ${result.embedded} vectors`);
        return;
      }
      if (result.stopped === 'embedder failed') {
        state.stopped();
        this.logger.warn(
          `Vector backfill stopped: the embedder kept failing (${(result.error as Error).message}); ` +
            'the next start fills in the rest',
        );
        return;
      }
      state.done();
      this.vectorsMissing = false;
      this.logger.log(`Vector backfill done: ${result.embedded} vectors in ${result.elapsedMs} ms`);
      // Queued behind a save that may still run; a shutdown meanwhile awaits this one too.
      this.saving = this.saving.then(() => this.saveSettled(index, true));
      await this.saving;
    } catch (error) {
      state.stopped();
      this.logger.error(`Vector backfill failed: ${(error as Error).message}`);
    }
  }

  /**
   * Writes the snapshot from the live index while the server goes on answering and indexing; a write
   * meanwhile discards it, and it is tried again once writes pause (or at shutdown).
   */
  private async save(index: IndexSnapshots, stamp: string): Promise<void> {
    const started = Date.now();
    const result = await saveIndexSnapshot(this.snapshotFile, index, {
      modelId: this.embedder.modelId,
      stamp,
    });
    if (!result.written) {
      // The file on disk is older than the index: the next chance saves whatever the stamp says.
      this.savedStamp = undefined;
      this.logger.log(
        `Search index save discarded after ${Date.now() - started} ms (${result.discarded}); saved again ` +
          `once the index takes no write for ${SNAPSHOT_RETRY_QUIET_MS / 1000} s, or at shutdown`,
      );
      this.saveRetry.schedule();
      return;
    }
    this.savedStamp = stamp;
    this.logger.log(
      `Search index saved in ${Date.now() - started} ms (${Math.round(result.bytes / 1024 / 1024)} MiB)`,
    );
  }
}
