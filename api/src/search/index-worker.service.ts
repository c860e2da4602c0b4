import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import {
  INDEX_RECORD_JOB,
  indexRecordHandler,
  type IndexRecordPayload,
  rebuildIndex,
} from '@skillers/indexer';
import type { Embedder } from '@skillers/embedding';
import type { JobQueue } from '@skillers/queue';
import type { SearchIndex } from '@skillers/search';
import type { RecordStore } from '@skillers/store';
import { JOB_QUEUE, RECORD_STORE, SEARCH_INDEX } from '../core/tokens';
import { DOCUMENT_EMBEDDER } from '../embedder/embedder.tokens';

/**
 * With the embedded (in-memory) index the API process is also the indexer: it handles record changes,
 * and at start rebuilds the index from the store (which also picks up any change whose job a crash
 * lost). With Elasticsearch the indexer service does both, so API nodes only enqueue. An in-memory
 * index with a shared queue therefore suits a single API node only.
 */
@Injectable()
export class IndexWorkerService implements OnApplicationBootstrap {
  private readonly logger = new Logger(IndexWorkerService.name);

  constructor(
    @Inject(RECORD_STORE) private readonly store: RecordStore,
    @Inject(SEARCH_INDEX) private readonly index: SearchIndex,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(DOCUMENT_EMBEDDER) private readonly embedder: Embedder,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // An in-memory index only sees the writes its own process applies, whichever queue carries them.
    if (this.index.adapter !== 'orama') return;
    await this.rebuild();
    this.queue.register<IndexRecordPayload>(
      INDEX_RECORD_JOB,
      indexRecordHandler(this.store, this.index, this.embedder),
    );
    await this.queue.start();
  }

  private async rebuild(): Promise<void> {
    const started = Date.now();
    // A missing model is logged once by the embedder; documents are then indexed without vectors.
    // No other process writes this index and no job runs before it is built: nothing to replay.
    const counts = await rebuildIndex(this.store, this.index, { embedder: this.embedder, replay: false });
    this.logger.log(
      `Search index built: ${counts.project} projects, ${counts.teammate} profiles in ${Date.now() - started} ms`,
    );
  }
}
