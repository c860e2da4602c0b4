import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import {
  INDEX_RECORD_JOB,
  indexRecordHandler,
  type IndexRecordPayload,
  rebuildIndex,
} from '@skillers/indexer';
import type { JobQueue } from '@skillers/queue';
import type { SearchIndex } from '@skillers/search';
import type { RecordStore } from '@skillers/store';
import { JOB_QUEUE, RECORD_STORE, SEARCH_INDEX } from '../core/tokens';

/**
 * Runs the indexer inside the API process: one handler for record changes, and at start a rebuild
 * of the embedded index from the store (it lives in memory, and any change whose job was lost in a
 * crash is picked up the same way).
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
    this.queue.register<IndexRecordPayload>(INDEX_RECORD_JOB, indexRecordHandler(this.store, this.index));
    const started = Date.now();
    const counts = await rebuildIndex(this.store, this.index);
    this.logger.log(
      `Search index built: ${counts.project} projects, ${counts.teammate} profiles in ${Date.now() - started} ms`,
    );
    await this.queue.start();
  }
}
