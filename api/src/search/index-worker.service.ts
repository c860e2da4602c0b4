import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { INDEX_RECORD_JOB, indexRecordHandler, type IndexRecordPayload, rebuildIndex } from '@skillers/indexer';
import type { JobQueue } from '@skillers/queue';
import type { SearchIndex } from '@skillers/search';
import type { RecordStore } from '@skillers/store';
import { JOB_QUEUE, RECORD_STORE, SEARCH_INDEX } from '../core/tokens';

/**
 * In the embedded profile the API process is also the indexer: it handles record changes from the
 * in-process queue, and at start rebuilds the in-memory index from the store (which also picks up any
 * change whose job a crash lost). In the cluster profile the indexer service does both, so API nodes
 * only enqueue.
 */
@Injectable()
export class IndexWorkerService implements OnApplicationBootstrap {
  private readonly logger = new Logger(IndexWorkerService.name);

  constructor(
    @Inject(RECORD_STORE) private readonly store: RecordStore,
    @Inject(SEARCH_INDEX) private readonly index: SearchIndex,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.index.adapter === 'orama') await this.rebuild();
    if (this.queue.adapter !== 'in-process') return;
    this.queue.register<IndexRecordPayload>(INDEX_RECORD_JOB, indexRecordHandler(this.store, this.index));
    await this.queue.start();
  }

  private async rebuild(): Promise<void> {
    const started = Date.now();
    const counts = await rebuildIndex(this.store, this.index);
    this.logger.log(
      `Search index built: ${counts.project} projects, ${counts.teammate} profiles in ${Date.now() - started} ms`,
    );
  }
}
