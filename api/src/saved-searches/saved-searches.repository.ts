import { Inject, Injectable } from '@nestjs/common';
import type { SavedSearchMatchRecord, SavedSearchRecord } from '@skillers/domain';
import { COLLECTIONS, type RecordStore } from '@skillers/store';
import { NEWEST_FIRST } from '../common/newest-first';
import { RECORD_STORE } from '../core/tokens';

/** Marking matches seen walks them in batches, so a long-unopened search stays bounded per query. */
const MARK_SEEN_BATCH = 200;

@Injectable()
export class SavedSearchesRepository {
  constructor(@Inject(RECORD_STORE) private readonly store: RecordStore) {}

  private get searches() {
    return this.store.collection<SavedSearchRecord>(COLLECTIONS.savedSearches);
  }

  private get matches() {
    return this.store.collection<SavedSearchMatchRecord>(COLLECTIONS.savedSearchMatches);
  }

  insert(search: SavedSearchRecord) {
    return this.searches.insert(search);
  }

  findById(id: string) {
    return this.searches.findById(id);
  }

  ownedBy(ownerId: string, limit: number) {
    return this.searches.find({ ownerId }, { sort: NEWEST_FIRST, limit });
  }

  countOwnedBy(ownerId: string) {
    return this.searches.count({ ownerId });
  }

  /** Every saved search, for the in-memory matcher at start. */
  all() {
    return this.searches.find({});
  }

  update(id: string, changes: Partial<Omit<SavedSearchRecord, '_id'>>) {
    return this.searches.update(id, changes);
  }

  async delete(id: string): Promise<void> {
    await this.searches.delete(id);
    await this.matches.deleteMany({ searchId: id });
  }

  countUnseen(searchId: string) {
    return this.matches.count({ searchId, seen: false });
  }

  async markSeen(searchId: string): Promise<void> {
    for (;;) {
      const unseen = await this.matches.find({ searchId, seen: false }, { limit: MARK_SEEN_BATCH });
      for (const match of unseen) await this.matches.update(match._id, { seen: true });
      if (unseen.length < MARK_SEEN_BATCH) return;
    }
  }
}
