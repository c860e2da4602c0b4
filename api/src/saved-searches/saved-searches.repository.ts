import { Inject, Injectable } from '@nestjs/common';
import type { SavedSearchHitsRecord, SavedSearchRecord } from '@skillers/domain';
import { COLLECTIONS, type RecordStore, type StoredDocument } from '@skillers/store';

/** A stored row as it is, before `readStoredSavedSearch` says whether it reads as a search. */
export type StoredSavedSearchRow = StoredDocument & Record<string, unknown>;
import { NEWEST_FIRST } from '../common/newest-first';
import { RECORD_STORE } from '../core/tokens';

@Injectable()
export class SavedSearchesRepository {
  constructor(@Inject(RECORD_STORE) private readonly store: RecordStore) {}

  private get searches() {
    return this.store.collection<SavedSearchRecord>(COLLECTIONS.savedSearches);
  }

  private get hits() {
    return this.store.collection<SavedSearchHitsRecord>(COLLECTIONS.savedSearchHits);
  }

  /** Stores the search unless its owner already keeps `max`; false then. Atomic against racing creates. */
  insertWithin(search: SavedSearchRecord, max: number) {
    return this.searches.insertCapped(search, max);
  }

  private get rows() {
    return this.store.collection<StoredSavedSearchRow>(COLLECTIONS.savedSearches);
  }

  findById(id: string) {
    return this.rows.findById(id);
  }

  ownedBy(ownerId: string, limit: number) {
    return this.rows.find({ ownerId }, { sort: NEWEST_FIRST, limit });
  }

  update(id: string, changes: Partial<Omit<SavedSearchRecord, '_id'>>) {
    return this.searches.update(id, changes);
  }

  /** Writes the search whole over the row, removing the optional fields it leaves out. */
  replace(
    id: string,
    search: Omit<SavedSearchRecord, '_id'>,
    unset: readonly ('text' | 'understood' | 'mustHave' | 'mustNot')[],
  ) {
    return this.rows.update(id, search, unset);
  }

  /** A deleted search's id stays in its records' hits rows: ids are never reused, so it counts nowhere. */
  delete(id: string) {
    return this.searches.delete(id);
  }

  /** The hits rows of these records (ids of records that never matched anything have none). */
  hitsOf(recordIds: readonly string[]) {
    return this.hits.find({ _id: { $in: [...recordIds] } });
  }
}
