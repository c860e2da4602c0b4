import type { Collection, StoredDocument } from '@skillers/store';

/** Records read per batch: a few megabytes of parsed JSON at a time. */
export const RECORD_BATCH_SIZE = 1000;

/**
 * Every record of the collection, a batch at a time, greatest id first (keyset paging: each batch below the
 * last id read, an index range), so that a caller walking a million records never holds them all.
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
  }
}
