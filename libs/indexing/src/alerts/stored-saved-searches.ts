import { readStoredSavedSearch, type SavedSearchRecord } from '@skillers/domain';
import { COLLECTIONS, type Filter, type RecordStore, type StoredDocument } from '@skillers/store';

/** Rows read at once: the whole collection is never held in memory. */
const PAGE = 1_000;

/** A stored saved search that no longer reads as one: kept, matched against nothing. */
export interface QuarantinedSavedSearch {
  id: string;
  problem: string;
}

/** What a pass over the stored saved searches found. */
export interface StoredSavedSearches {
  /** The searches that read, handed to `put`. */
  loaded: number;
  quarantined: QuarantinedSavedSearch[];
  /** The searches a vocabulary change moved, with what changed. */
  relabelled: { id: string; notes: string[] }[];
}

/**
 * Reads every stored saved search, a page at a time by id, each through `readStoredSavedSearch`, and hands
 * those that read to `put` (a matcher filling up at start).
 */
export const readStoredSavedSearches = async (
  store: RecordStore,
  put: (search: SavedSearchRecord) => Promise<void> = async () => undefined,
): Promise<StoredSavedSearches> => {
  const rows = store.collection<StoredDocument>(COLLECTIONS.savedSearches);
  const found: StoredSavedSearches = { loaded: 0, quarantined: [], relabelled: [] };
  let filter: Filter = {};
  for (;;) {
    const page = await rows.find(filter, { sort: [{ field: '_id', direction: 'desc' }], limit: PAGE });
    for (const row of page) {
      const reading = readStoredSavedSearch(row);
      if (!reading.ok) {
        found.quarantined.push({ id: String(row._id), problem: reading.problem });
        continue;
      }
      await put(reading.search);
      found.loaded += 1;
      if (reading.notes.length > 0) found.relabelled.push({ id: reading.search._id, notes: reading.notes });
    }
    if (page.length < PAGE) return found;
    filter = { _id: { $lt: page[page.length - 1]._id } };
  }
};
