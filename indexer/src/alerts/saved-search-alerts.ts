import type {
  PublicUser,
  SavedSearchMatchRecord,
  SavedSearchRecord,
  SearchDocument,
  UserRecord,
} from '@skillers/domain';
import type { SavedSearchMatcher } from '@skillers/search';
import { type Collection, COLLECTIONS, DuplicateKeyError, newId, type RecordStore } from '@skillers/store';

/** A record that newly matched a saved search with alerts on: its owner is told, in-app. */
export interface SavedSearchAlert {
  search: SavedSearchRecord;
  recordKind: SearchDocument['kind'];
  recordId: string;
  /** Whose record it is. */
  publisher: PublicUser;
}

/** Tells the owners of the searches one record newly matched; all of them at once, so writes can batch. */
export type AlertNotifier = (alerts: readonly SavedSearchAlert[]) => Promise<void>;

/**
 * Runs after the index job wrote a record's document: finds the saved searches it matches (not its owner's
 * own), records each match once per search and record, and tells the owners of those with alerts on. A
 * record edited again matches again but is neither counted nor notified twice. The searches are read from
 * the store, so a rename, an alerts switch or a delete made since the matcher learnt of them holds. The new
 * matches of one record are written in one batch: a popular record may match hundreds of searches, and one
 * durable write each would cost more than indexing it.
 */
export const savedSearchAlerts =
  (store: RecordStore, matcher: SavedSearchMatcher, notify: AlertNotifier) =>
  async (doc: SearchDocument): Promise<void> => {
    const found = (await matcher.match(doc)).filter((match) => match.ownerId !== doc.ownerId);
    if (found.length === 0) return;
    const searches = (
      await store
        .collection<SavedSearchRecord>(COLLECTIONS.savedSearches)
        .find({ _id: { $in: found.map((match) => match.searchId) } })
    ).filter((search) => search.ownerId !== doc.ownerId);
    if (searches.length === 0) return;
    const matches = store.collection<SavedSearchMatchRecord>(COLLECTIONS.savedSearchMatches);
    // One job per record runs at a time (stable job ids), so nothing else adds this record's matches now.
    const known = new Set(
      (await matches.find({ searchId: { $in: searches.map((search) => search._id) }, recordId: doc.id })).map(
        (match) => match.searchId,
      ),
    );
    const fresh = searches.filter((search) => !known.has(search._id));
    if (fresh.length === 0) return;
    const matchedAt = new Date().toISOString();
    const stored = await insertNew(
      matches,
      fresh.map((search) => ({
        _id: newId(),
        searchId: search._id,
        ownerId: search.ownerId,
        recordKind: doc.kind,
        recordId: doc.id,
        seen: false,
        matchedAt,
      })),
    );
    const alerting = fresh.filter((search) => search.alerts && stored.has(search._id));
    if (alerting.length === 0) return;
    const publisher = await publicUser(store, doc.ownerId);
    await notify(alerting.map((search) => ({ search, recordKind: doc.kind, recordId: doc.id, publisher })));
  };

/**
 * Inserts the matches in one write; should one already be there after all (a reindex racing the job), one
 * by one, skipping those. Resolves to the search ids whose match this call stored.
 */
const insertNew = async (
  matches: Collection<SavedSearchMatchRecord>,
  rows: SavedSearchMatchRecord[],
): Promise<Set<string>> => {
  try {
    await matches.insertMany(rows);
    return new Set(rows.map((row) => row.searchId));
  } catch (error) {
    if (!(error instanceof DuplicateKeyError)) throw error;
  }
  const stored = new Set<string>();
  for (const row of rows) {
    try {
      await matches.insert(row);
      stored.add(row.searchId);
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
    }
  }
  return stored;
};

const publicUser = async (store: RecordStore, userId: string): Promise<PublicUser> => {
  const user = await store.collection<UserRecord>(COLLECTIONS.users).findById(userId);
  return { _id: userId, username: user?.username ?? 'someone' };
};
