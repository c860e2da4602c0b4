import type { SearchDocument } from '@skillers/domain';
import type { JobQueue } from '@skillers/queue';
import type { SearchIndexWriter } from '@skillers/search';
import type { RecordStore } from '@skillers/store';
import type { DocumentEmbedder } from './document-vectors';
import { INDEX_RECORD_JOB, indexRecordHandler, type IndexRecordPayload } from './index-record.job';

/** What an index worker runs on, and the steps its host takes its own way. */
export interface IndexWorkerStart {
  store: RecordStore;
  queue: JobQueue;
  /** Where the jobs write: the index itself, or a batching writer in front of it. */
  writer: SearchIndexWriter;
  /** Embeds each record; without it, or while it cannot embed, records are indexed without vectors. */
  embedder?: DocumentEmbedder;
  onEmbedFailure?: (error: unknown) => void;
  /** Makes the index answer for the store before any job runs: a snapshot loaded, or a rebuild. */
  prepareIndex(): Promise<void>;
  /** Saved-search alerts: caught up once the index is ready, then told of each document a job writes. */
  alerts?: { start?(): Promise<void>; recordIndexed(doc: SearchDocument): Promise<void> };
  /** Told of each document a job writes, before the alerts: the index lag metric. */
  indexed?(doc: SearchDocument): void;
}

/**
 * The start-up sequence of both index workers, the api's in the embedded setup and the indexer's in the
 * cluster: the index is brought up to date before any job runs (so a job never races the build over the
 * same record), then the alerts catch up, then the queue takes `index-record` jobs.
 */
export const startIndexWorker = async ({
  store,
  queue,
  writer,
  embedder,
  onEmbedFailure,
  prepareIndex,
  alerts,
  indexed,
}: IndexWorkerStart): Promise<void> => {
  await prepareIndex();
  await alerts?.start?.();
  const onIndexed =
    indexed || alerts
      ? async (doc: SearchDocument) => {
          indexed?.(doc);
          await alerts?.recordIndexed(doc);
        }
      : undefined;
  queue.register<IndexRecordPayload>(
    INDEX_RECORD_JOB,
    indexRecordHandler(store, writer, embedder, onEmbedFailure, onIndexed),
  );
  await queue.start();
};
