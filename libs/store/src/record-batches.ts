import type { Collection, StoredDocument } from './record-store.port';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';

/** Records read per batch: a few megabytes of parsed JSON at a time. */
export const RECORD_BATCH_SIZE = 1000;

/**
 * Every record of the collection, a batch at a time, greatest id first (keyset paging: each batch below the
 * last id read, an index range), so that a caller walking a million records never holds them all. The
 * embedded store answers synchronously: each batch waits a turn of the event loop, so that requests and file
 * reads (a snapshot loading at start) go on between two instead of waiting for the whole walk.
 */
export async function* recordBatches<T extends StoredDocument>(
  records: Collection<T>,
  size = RECORD_BATCH_SIZE,
): AsyncGenerator<T[]> {
  let before: string | undefined;
  for (;;) {
    const batch = await records.find(before === undefined ? {} : { _id: { $lt: before } }, {
      sort: [{ field: '_id', direction: 'desc' }],
      limit: size,
    });
    if (batch.length === 0) return;
    before = batch[batch.length - 1]._id;
    yield batch;
    await yieldToEventLoop();
  }
}
