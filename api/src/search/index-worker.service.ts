import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import {
  INDEX_RECORD_JOB,
  indexedChangeStamp,
  indexRecordHandler,
  type IndexRecordPayload,
  loadIndexSnapshot,
  rebuildIndex,
  saveIndexSnapshot,
} from '@skillers/indexing';
import type { Embedder } from '@skillers/embedding';
import type { JobQueue } from '@skillers/queue';
import { OramaSearchIndex, type SearchIndex } from '@skillers/search';
import type { RecordStore } from '@skillers/store';
import { join } from 'node:path';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG, JOB_QUEUE, RECORD_STORE, SEARCH_INDEX } from '../core/tokens';
import { DOCUMENT_EMBEDDER } from '../embedder/embedder.tokens';
import { SavedSearchAlertsService } from '../saved-searches/saved-search-alerts.service';

/** Where the embedded index is saved between runs (see docs/architecture.md, "Embedded index"). */
export const INDEX_SNAPSHOT_FILE = 'search-index.snapshot';

/**
 * With the embedded (in-memory) index the API process is also the indexer: it handles record changes,
 * and at start loads the index's snapshot when the store has not changed since it was written, or else
 * rebuilds the index from the store (which also picks up any change whose job a crash lost). With
 * Elasticsearch the indexer service does both, so API nodes only enqueue. An in-memory index with a shared
 * queue therefore suits a single API node only.
 */
@Injectable()
export class IndexWorkerService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(IndexWorkerService.name);
  private readonly snapshotFile: string;
  /** One save at a time: the one after a build may still run when the process stops. */
  private saving: Promise<void> = Promise.resolve();
  private savedStamp?: string;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(RECORD_STORE) private readonly store: RecordStore,
    @Inject(SEARCH_INDEX) private readonly index: SearchIndex,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(DOCUMENT_EMBEDDER) private readonly embedder: Embedder,
    private readonly alerts: SavedSearchAlertsService,
  ) {
    this.snapshotFile = join(config.dataDir, INDEX_SNAPSHOT_FILE);
  }

  async onApplicationBootstrap(): Promise<void> {
    // An in-memory index only sees the writes its own process applies, whichever queue carries them.
    if (!(this.index instanceof OramaSearchIndex)) return;
    if (!(await this.loadSnapshot(this.index))) await this.rebuild(this.index);
    await this.alerts.loadSearches();
    const rematched = await this.alerts.start(this.index, this.queue);
    if (rematched > 0)
      this.logger.log(
        `Saved-search alerts: ${rematched} records changed since the last watermark matched again`,
      );
    this.queue.register<IndexRecordPayload>(
      INDEX_RECORD_JOB,
      indexRecordHandler(this.store, this.index, this.embedder, undefined, this.alerts.recordIndexed),
    );
    await this.queue.start();
  }

  /**
   * Saves the index once every job has run: the stamp is read first, so a write the index has not seen
   * either has a job still waiting (no save) or came later and ages the snapshot.
   */
  async onApplicationShutdown(): Promise<void> {
    if (!(this.index instanceof OramaSearchIndex)) return;
    await this.alerts.drain();
    await this.saving;
    try {
      const stamp = await indexedChangeStamp(this.store);
      const jobs = await this.queue.stats();
      if (stamp === undefined || stamp === this.savedStamp) return;
      if (jobs.waiting + jobs.active + jobs.failed > 0) {
        this.logger.log('Search index not saved: index jobs are waiting or failed');
        return;
      }
      await this.save(this.index, stamp);
    } catch (error) {
      this.logger.warn(`Search index not saved: ${(error as Error).message}`);
    }
  }

  private async loadSnapshot(index: OramaSearchIndex): Promise<boolean> {
    const started = Date.now();
    const result = await loadIndexSnapshot(this.store, index, {
      file: this.snapshotFile,
      modelId: this.embedder.modelId,
      embedderReady: () => this.embedder.isReady(),
    });
    if (!result.loaded) {
      this.logger.log(`Search index snapshot not used (${result.reason}): rebuilding from the store`);
      return false;
    }
    this.savedStamp = await indexedChangeStamp(this.store);
    this.logger.log(
      `Search index loaded from its snapshot: ${result.documents} documents in ${Date.now() - started} ms`,
    );
    return true;
  }

  private async rebuild(index: OramaSearchIndex): Promise<void> {
    const started = Date.now();
    const stamp = await indexedChangeStamp(this.store);
    // A missing model is logged once by the embedder; documents are then indexed without vectors.
    // No other process writes this index and no job runs before it is built: nothing to replay.
    const counts = await rebuildIndex(this.store, this.index, { embedder: this.embedder, replay: false });
    this.logger.log(
      `Search index built: ${counts.project} projects, ${counts.teammate} profiles in ${Date.now() - started} ms`,
    );
    // Serialised at once (one consistent state), written while the server answers; the next start loads it.
    if (stamp !== undefined)
      this.saving = this.save(index, stamp).catch((error: unknown) => {
        this.logger.warn(`Search index not saved: ${(error as Error).message}`);
      });
  }

  private async save(index: OramaSearchIndex, stamp: string): Promise<void> {
    const started = Date.now();
    await saveIndexSnapshot(this.snapshotFile, index, { modelId: this.embedder.modelId, stamp });
    this.savedStamp = stamp;
    this.logger.log(`Search index saved in ${Date.now() - started} ms`);
  }
}
