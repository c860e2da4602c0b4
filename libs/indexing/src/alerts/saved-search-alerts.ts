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
 * Runs after index jobs wrote records' documents, for a batch of them: finds the saved searches each
 * matches (not its owner's own), records each match once per search and record, and tells the owners of
 * those with alerts on. A record edited again matches again but is neither counted nor notified twice. The
 * searches are read from the store, so a rename, an alerts switch or a delete made since the matcher learnt
 * of them holds. A batch's new matches are written in one write, its notifications in another: a record may
 * match hundreds of searches, and one durable write each would cost far more than indexing it.
 */
export const savedSearchAlerts =
  (store: RecordStore, matcher: SavedSearchMatcher, notify: AlertNotifier) =>
  async (docs: readonly SearchDocument[]): Promise<void> => {
    // A record indexed twice in one batch is matched as it was last.
    const latest = new Map(docs.map((doc) => [doc.id, doc]));
    const pairs: { doc: SearchDocument; searchId: string }[] = [];
    for (const doc of latest.values()) {
      for (const match of await matcher.match(doc)) {
        if (match.ownerId !== doc.ownerId) pairs.push({ doc, searchId: match.searchId });
      }
    }
    if (pairs.length === 0) return;
    const searchIds = [...new Set(pairs.map((pair) => pair.searchId))];
    const searches = new Map(
      (
        await store.collection<SavedSearchRecord>(COLLECTIONS.savedSearches).find({ _id: { $in: searchIds } })
      ).map((search) => [search._id, search]),
    );
    const found = pairs.flatMap(({ doc, searchId }) => {
      const search = searches.get(searchId);
      return search && search.ownerId !== doc.ownerId ? [{ doc, search }] : [];
    });
    if (found.length === 0) return;
    const matches = store.collection<SavedSearchMatchRecord>(COLLECTIONS.savedSearchMatches);
    const known = new Set(
      (
        await matches.find({
          searchId: { $in: [...new Set(found.map(({ search }) => search._id))] },
          recordId: { $in: [...new Set(found.map(({ doc }) => doc.id))] },
        })
      ).map((match) => matchKey(match.searchId, match.recordId)),
    );
    const fresh = found.filter(({ doc, search }) => !known.has(matchKey(search._id, doc.id)));
    if (fresh.length === 0) return;
    const matchedAt = new Date().toISOString();
    const stored = await insertNew(
      matches,
      fresh.map(({ doc, search }) => ({
        _id: newId(),
        searchId: search._id,
        ownerId: search.ownerId,
        recordKind: doc.kind,
        recordId: doc.id,
        seen: false,
        matchedAt,
      })),
    );
    const publishers = new Map<string, PublicUser>();
    const alerts: SavedSearchAlert[] = [];
    for (const { doc, search } of fresh) {
      if (!search.alerts || !stored.has(matchKey(search._id, doc.id))) continue;
      let publisher = publishers.get(doc.ownerId);
      if (!publisher) publishers.set(doc.ownerId, (publisher = await publicUser(store, doc.ownerId)));
      alerts.push({ search, recordKind: doc.kind, recordId: doc.id, publisher });
    }
    if (alerts.length > 0) await notify(alerts);
  };

const matchKey = (searchId: string, recordId: string) => `${searchId}:${recordId}`;

/**
 * Inserts the matches in one write; should one already be there after all (another process's job for the
 * same record), one by one, skipping those. Resolves to the keys of the matches this call stored.
 */
const insertNew = async (
  matches: Collection<SavedSearchMatchRecord>,
  rows: SavedSearchMatchRecord[],
): Promise<Set<string>> => {
  try {
    await matches.insertMany(rows);
    return new Set(rows.map((row) => matchKey(row.searchId, row.recordId)));
  } catch (error) {
    if (!(error instanceof DuplicateKeyError)) throw error;
  }
  const stored = new Set<string>();
  for (const row of rows) {
    try {
      await matches.insert(row);
      stored.add(matchKey(row.searchId, row.recordId));
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
