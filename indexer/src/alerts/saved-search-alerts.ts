import {
  type PublicUser,
  type SavedSearchMatchRecord,
  type SavedSearchRecord,
  type SearchDocument,
  type UserRecord,
} from '@skillers/domain';
import type { SavedSearchMatcher } from '@skillers/search';
import { COLLECTIONS, DuplicateKeyError, newId, type RecordStore } from '@skillers/store';

/** A record that newly matched a saved search with alerts on: its owner is told, in-app. */
export interface SavedSearchAlert {
  search: SavedSearchRecord;
  recordKind: SearchDocument['kind'];
  recordId: string;
  /** Whose record it is. */
  publisher: PublicUser;
}

export type AlertNotifier = (alert: SavedSearchAlert) => Promise<void>;

/**
 * Runs after the index job wrote a record's document: finds the saved searches it matches (not its owner's
 * own), records each match once per search and record, and tells the owners of those with alerts on. A
 * record edited again matches again but is neither counted nor notified twice. The searches are read from
 * the store, so a rename, an alerts switch or a delete made since the matcher learnt of them holds.
 */
export const savedSearchAlerts =
  (store: RecordStore, matcher: SavedSearchMatcher, notify: AlertNotifier) =>
  async (doc: SearchDocument): Promise<void> => {
    const found = (await matcher.match(doc)).filter((match) => match.ownerId !== doc.ownerId);
    if (found.length === 0) return;
    const searches = await store
      .collection<SavedSearchRecord>(COLLECTIONS.savedSearches)
      .find({ _id: { $in: found.map((match) => match.searchId) } });
    const matches = store.collection<SavedSearchMatchRecord>(COLLECTIONS.savedSearchMatches);
    let publisher: PublicUser | undefined;
    for (const search of searches) {
      if (search.ownerId === doc.ownerId) continue;
      try {
        await matches.insert({
          _id: newId(),
          searchId: search._id,
          ownerId: search.ownerId,
          recordKind: doc.kind,
          recordId: doc.id,
          seen: false,
          matchedAt: new Date().toISOString(),
        });
      } catch (error) {
        if (error instanceof DuplicateKeyError) continue;
        throw error;
      }
      if (!search.alerts) continue;
      publisher ??= await publicUser(store, doc.ownerId);
      await notify({ search, recordKind: doc.kind, recordId: doc.id, publisher });
    }
  };

const publicUser = async (store: RecordStore, userId: string): Promise<PublicUser> => {
  const user = await store.collection<UserRecord>(COLLECTIONS.users).findById(userId);
  return { _id: userId, username: user?.username ?? 'someone' };
};
