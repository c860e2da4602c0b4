import type { ProjectRecord, SearchKind, ProfileRecord } from '@skillers/domain';
import { COLLECTIONS, type Collection, type RecordStore } from '@skillers/store';

export type IndexedRecord = ProjectRecord | ProfileRecord;

/** The store collection that holds the records of one search kind. */
export const recordsOf = (store: RecordStore, kind: SearchKind): Collection<IndexedRecord> =>
  store.collection<IndexedRecord>(kind === 'project' ? COLLECTIONS.projects : COLLECTIONS.teammates);
