import type { SavedSearchRecord } from '@skillers/domain';
import { COLLECTIONS, type RecordStore } from '@skillers/store';

/** Hands every stored saved search to `put` (a matcher filling up at start); resolves to how many. */
export const loadSavedSearches = async (
  store: RecordStore,
  put: (search: SavedSearchRecord) => Promise<void>,
): Promise<number> => {
  const searches = await store.collection<SavedSearchRecord>(COLLECTIONS.savedSearches).find({});
  for (const search of searches) await put(search);
  return searches.length;
};
