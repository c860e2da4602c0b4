import { SEARCH_KINDS, type SearchDocument } from '@skillers/domain';
import type { SearchIndex } from '@skillers/search';
import { COLLECTIONS, type RecordStore } from '@skillers/store';
import { type IndexedRecord, recordsOf } from '../indexed-records';
import { newestSince } from '../replay-changes';

/**
 * How far before the moment the pipeline was seen empty the watermark is put: a record is stamped before
 * its write commits, so one stamped just before that moment may not have reached the outbox yet.
 */
export const ALERT_WATERMARK_MARGIN_MS = 5_000;

const WATERMARK_ID = 'watermark';

interface AlertState {
  _id: string;
  /** Every record changed before this time (ISO 8601) has had its alerts recorded. */
  before: string;
}

const states = (store: RecordStore) => store.collection<AlertState>(COLLECTIONS.alertState);

/** The stored watermark, or undefined before the first one. */
export const readAlertWatermark = async (store: RecordStore): Promise<string | undefined> =>
  (await states(store).findById(WATERMARK_ID))?.before;

export const writeAlertWatermark = async (store: RecordStore, before: string): Promise<void> => {
  if (await states(store).update(WATERMARK_ID, { before })) return;
  await states(store).insert({ _id: WATERMARK_ID, before });
};

const READ_BATCH_SIZE = 500;

/**
 * The indexed documents of the records changed since `since` (their `updatedAt`, newest first through its
 * index), to match again after a crash: the store says which changed, the index holds what they became.
 */
export const documentsChangedSince = async (
  store: RecordStore,
  index: SearchIndex,
  since: string,
): Promise<SearchDocument[]> => {
  const documents: SearchDocument[] = [];
  for (const kind of SEARCH_KINDS) {
    const records = recordsOf(store, kind);
    const changed = await newestSince<IndexedRecord>(
      (skip, limit) => records.find({}, { sort: [{ field: 'updatedAt', direction: 'desc' }], skip, limit }),
      (record) => record.updatedAt,
      since,
      READ_BATCH_SIZE,
    );
    const found = await index.getMany(
      changed.map((record) => record._id),
      { vectors: false },
    );
    for (const doc of found) if (doc) documents.push(doc);
  }
  return documents;
};
