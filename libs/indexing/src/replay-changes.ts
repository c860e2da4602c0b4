import { SEARCH_KINDS } from '@skillers/domain';
import type { SearchIndex, SearchIndexWriter } from '@skillers/search';
import { COLLECTIONS, type RecordStore } from '@skillers/store';
import { type DocumentEmbedder, withVectors } from './document-vectors';
import type { RecordDeletion } from './index-outbox';
import { type IndexedRecord, recordsOf } from './indexed-records';
import { searchDocumentFor } from './search-document.mapper';

/**
 * How far before a build's start changes are replayed: records are stamped by the clocks of the api nodes,
 * and a write stamped just before the start may commit after the copy read past it.
 */
export const REPLAY_MARGIN_MS = 30_000;

const REPLAY_BATCH_SIZE = 500;

/**
 * The state (`updatedAt`) in which the build wrote each record stamped since the replay window opens, so a
 * replay skips records that did not change after the build wrote them instead of embedding them again. Only
 * records inside the window are kept: the others are never replayed.
 */
export class WrittenStates {
  private readonly states = new Map<string, string>();

  constructor(private readonly since: string) {}

  note(records: readonly IndexedRecord[]): void {
    for (const record of records) {
      if (record.updatedAt >= this.since) this.states.set(record._id, record.updatedAt);
    }
  }

  changedSinceWritten(record: IndexedRecord): boolean {
    return this.states.get(record._id) !== record.updatedAt;
  }
}

export interface ReplayOptions {
  embedder?: DocumentEmbedder;
  onEmbedFailure?: (error: unknown) => void;
  batchSize?: number;
  /** Records the build already wrote in their current state are left alone. */
  written?: WrittenStates;
}

/** The store port has no range filter: newest first, a batch at a time, until one is older than `since`. */
export const newestSince = async <T>(
  read: (skip: number, limit: number) => Promise<T[]>,
  stamp: (item: T) => string | undefined,
  since: string,
  batchSize: number,
): Promise<T[]> => {
  const found: T[] = [];
  for (let skip = 0; ; skip += batchSize) {
    const batch = await read(skip, batchSize);
    const recent = batch.filter((item) => (stamp(item) ?? '') >= since);
    found.push(...recent);
    if (batch.length < batchSize || recent.length < batch.length) return found;
  }
};

/**
 * Writes into `target` every record changed since `since` (ISO 8601) and removes every record deleted
 * since then and not put back after: the catch-up of a reindex, for the changes other processes wrote only into the live index
 * while the new one was being built. Resolves to how many records it touched.
 */
export const replayChanges = async (
  store: RecordStore,
  live: SearchIndex,
  target: SearchIndexWriter,
  since: string,
  { embedder, onEmbedFailure, batchSize = REPLAY_BATCH_SIZE, written }: ReplayOptions = {},
): Promise<number> => {
  let touched = 0;
  /** When each record stamped in the window last changed, whether or not it is written again. */
  const stamps = new Map<string, string>();
  for (const kind of SEARCH_KINDS) {
    const records = recordsOf(store, kind);
    const recent = await newestSince<IndexedRecord>(
      (skip, limit) => records.find({}, { sort: [{ field: 'updatedAt', direction: 'desc' }], skip, limit }),
      (record) => record.updatedAt,
      since,
      batchSize,
    );
    for (const record of recent) stamps.set(record._id, record.updatedAt);
    const changed = recent.filter((record) => !written || written.changedSinceWritten(record));
    written?.note(changed);
    for (let start = 0; start < changed.length; start += batchSize) {
      const docs = changed.slice(start, start + batchSize).map((record) => searchDocumentFor(kind, record));
      const previous = embedder ? await Promise.all(docs.map((doc) => live.get(doc.id))) : [];
      await target.upsert(await withVectors(docs, embedder, previous, onEmbedFailure));
    }
    touched += changed.length;
  }
  const deletions = store.collection<RecordDeletion>(COLLECTIONS.recordDeletions);
  const deleted = await newestSince<RecordDeletion>(
    (skip, limit) => deletions.find({}, { sort: [{ field: 'deletedAt', direction: 'desc' }], skip, limit }),
    (deletion) => deletion.deletedAt,
    since,
    batchSize,
  );
  // A record put back after its deletion (a hidden item restored) is stamped at or after it, and stays.
  const gone = deleted.filter((deletion) => !((stamps.get(deletion.recordId) ?? '') >= deletion.deletedAt));
  if (gone.length > 0) await target.remove([...new Set(gone.map((deletion) => deletion.recordId))]);
  return touched + gone.length;
};

/** Deletion records older than this are dropped after a reindex: no build runs that long. */
export const DELETION_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/** Drops deletion records past their retention, oldest first, a batch per call. */
export const dropOldDeletions = async (store: RecordStore, now = Date.now()): Promise<number> => {
  const deletions = store.collection<RecordDeletion>(COLLECTIONS.recordDeletions);
  const cutoff = new Date(now - DELETION_RETENTION_MS).toISOString();
  const oldest = await deletions.find({}, { sort: [{ field: 'deletedAt', direction: 'asc' }], limit: 1000 });
  const expired = oldest.filter((deletion) => deletion.deletedAt < cutoff).map((deletion) => deletion._id);
  return expired.length > 0 ? deletions.deleteMany({ _id: { $in: expired } }) : 0;
};
