import type { JobCounts, JobQueue } from '@skillers/queue';
import { COLLECTIONS, type RecordStore } from '@skillers/store';
import type { OutboxEntry } from './index-outbox';

/** Index changes in the store's outbox, not handed to the job queue yet. */
export interface OutboxReading {
  outboxEntries: number;
  /** Age of the oldest entry in seconds; 0 when the outbox is empty. */
  oldestOutboxEntrySeconds: number;
}

/** How far the index is behind the store: the outbox, and the queue's jobs unless the queue cannot answer. */
export interface IndexBacklogReading extends OutboxReading {
  jobs?: Pick<JobCounts, 'waiting' | 'retrying' | 'active' | 'failed'>;
}

/** Reads the outbox from the store alone: the readiness check needs no queue to tell how far behind it is. */
export const readOutbox = async (store: RecordStore): Promise<OutboxReading> => {
  const outbox = store.collection<OutboxEntry>(COLLECTIONS.indexOutbox);
  const [outboxEntries, [oldest]] = await Promise.all([
    outbox.count({}),
    outbox.find({}, { sort: [{ field: 'at', direction: 'asc' }], limit: 1 }),
  ]);
  return {
    outboxEntries,
    oldestOutboxEntrySeconds: oldest ? Math.max(0, (Date.now() - Date.parse(oldest.at)) / 1000) : 0,
  };
};

/** The outbox and the queue's job counts, for the metrics; the counts are left out while the queue is down. */
export const readIndexBacklog = async (store: RecordStore, queue: JobQueue): Promise<IndexBacklogReading> => {
  const [outbox, jobs] = await Promise.all([readOutbox(store), queue.stats().catch(() => undefined)]);
  if (!jobs) return outbox;
  const { waiting, retrying, active, failed } = jobs;
  return { ...outbox, jobs: { waiting, retrying, active, failed } };
};
