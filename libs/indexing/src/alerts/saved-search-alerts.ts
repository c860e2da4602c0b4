import {
  hitGroupsOf,
  hitTime,
  readStoredSavedSearch,
  type NotificationRecord,
  type PublicUser,
  type SavedSearchHitsRecord,
  type SavedSearchRecord,
  type SearchDocument,
  type UserRecord,
} from '@skillers/domain';
import type { SavedSearchMatcher } from '@skillers/search';
import {
  type Collection,
  COLLECTIONS,
  type Filter,
  type RecordStore,
  type StoredDocument,
} from '@skillers/store';
import { BlockedPairs } from '../audience/blocked-pairs';
import { AlertStates } from './alert-states';

/** A record that newly matched a saved search with alerts on: its owner is told, in-app. */
export interface SavedSearchAlert {
  search: SavedSearchRecord;
  recordKind: SearchDocument['kind'];
  recordId: string;
  /** Whose record it is. */
  publisher: PublicUser;
}

/** A record and the searches (other users') it matches. */
interface MatchedRecord {
  doc: SearchDocument;
  searches: { searchId: string; ownerId: string }[];
}

/** Tells the owners of the searches one record newly matched; all of them at once, so writes can batch. */
export type AlertNotifier = (alerts: readonly SavedSearchAlert[]) => Promise<void>;

export interface SavedSearchAlertsOptions {
  /**
   * How long what the alerts learnt of a search (its alerts switch, whether its owner has an unread alert
   * of it) is trusted before the store is read again; `forgetOwner` clears it at once in this process.
   */
  stateTtlMs?: number;
  now?: () => number;
  /**
   * The saved searches this process already holds whole and current (the alerts thread loads them all and
   * is put every change), so the alerts need not read them from the store; the store is read for the rest.
   */
  knownSearch?: (searchId: string) => SavedSearchRecord | undefined;
}

/** Ids read from the store at once: a bounded `$in`. */
const READ_CHUNK = 500;

/**
 * Runs after index jobs wrote records' documents, for a batch of them: finds the saved searches each
 * matches (not its owner's own) and keeps, per record, the searches it has matched, so a record edited
 * again is neither counted nor notified twice. The first new match of a search with alerts on notifies its
 * owner; later ones, while that alert is unread, only add to the search's "N new" (counted from these rows
 * when the owner lists the searches), as a conversation's messages share one notification until it is read.
 *
 * Writes are per record and per notified search, never per match: a record may match hundreds of searches,
 * and one durable write each would cost far more than indexing it.
 */
export class SavedSearchAlerts {
  private readonly states: AlertStates;
  private readonly knownSearch: (searchId: string) => SavedSearchRecord | undefined;

  constructor(
    private readonly store: RecordStore,
    private readonly matcher: SavedSearchMatcher,
    private readonly notify: AlertNotifier,
    options: SavedSearchAlertsOptions = {},
  ) {
    this.states = new AlertStates(options.stateTtlMs, options.now);
    this.knownSearch = options.knownSearch ?? (() => undefined);
  }

  /** The user read their notifications or switched a search's alerts: the next match is looked at afresh. */
  forgetOwner(ownerId: string): void {
    this.states.forgetOwner(ownerId);
  }

  readonly record = async (docs: readonly SearchDocument[]): Promise<void> => {
    // A record indexed twice in one batch is matched as it was last.
    const latest = new Map(docs.map((doc) => [doc.id, doc]));
    const matched: MatchedRecord[] = [];
    for (const doc of latest.values()) {
      const searches = (await this.matcher.match(doc)).filter((match) => match.ownerId !== doc.ownerId);
      if (searches.length > 0) matched.push({ doc, searches });
    }
    if (matched.length === 0) return;
    const { firstBySearch, rows } = await this.newHits(await this.withoutBlockers(matched));
    if (firstBySearch.size === 0) return;
    const { alerts, learnt } = await this.alertsFor(firstBySearch);
    // Notified before the hits are kept: should keeping them fail, the batch runs again and finds the alert
    // unread, rather than finding the matches known and the alert never sent.
    if (alerts.length > 0) await this.notify(alerts);
    // One write for the batch's rows. Two processes matching one record at once (rare: its index jobs are
    // one at a time) could each keep only their own new hits.
    await this.store.collection<SavedSearchHitsRecord>(COLLECTIONS.savedSearchHits).putMany(rows);
    for (const { searchId, ownerId } of learnt) this.states.remember(searchId, ownerId);
  };

  /**
   * Leaves out the searches of owners who blocked the record's publisher: they hear nothing of it, not even
   * as a "new" count, and it is matched afresh should they unblock and the record change again.
   */
  private async withoutBlockers(matched: MatchedRecord[]): Promise<MatchedRecord[]> {
    const blockers = await new BlockedPairs(this.store).blockersOf(matched.map(({ doc }) => doc.ownerId));
    if (blockers.size === 0) return matched;
    return matched.flatMap(({ doc, searches }) => {
      const heard = searches.filter(({ ownerId }) => !blockers.get(doc.ownerId)?.has(ownerId));
      return heard.length > 0 ? [{ doc, searches: heard }] : [];
    });
  }

  /** Each record's new matches, the first record for each search, and the hits rows that keep them. */
  private async newHits(matched: MatchedRecord[]): Promise<{
    firstBySearch: Map<string, { doc: SearchDocument; ownerId: string }>;
    rows: SavedSearchHitsRecord[];
  }> {
    const hits = this.store.collection<SavedSearchHitsRecord>(COLLECTIONS.savedSearchHits);
    const rows = new Map(
      (
        await findIn(
          hits,
          '_id',
          matched.map(({ doc }) => doc.id),
        )
      ).map((row) => [row._id, row]),
    );
    const firstBySearch = new Map<string, { doc: SearchDocument; ownerId: string }>();
    const changed: SavedSearchHitsRecord[] = [];
    for (const { doc, searches } of matched) {
      const row = rows.get(doc.id);
      const groups = hitGroupsOf(row);
      const known = new Set(groups.flatMap((group) => group.searchIds));
      const added = searches.filter(({ searchId }) => !known.has(searchId));
      if (added.length === 0) continue;
      for (const { searchId, ownerId } of added) {
        if (!firstBySearch.has(searchId)) firstBySearch.set(searchId, { doc, ownerId });
      }
      const group = { at: hitTime(doc), searchIds: added.map(({ searchId }) => searchId) };
      changed.push({ _id: doc.id, recordKind: doc.kind, hits: [...groups, group] });
    }
    return { firstBySearch, rows: changed };
  }

  /**
   * The alerts to send: for each search with a new match, alerts on and no unread alert of it yet, its first
   * new match. What is learnt of a search is kept a while (`AlertStates`), so a search matched by many
   * records of a busy stretch is read from the store once, not once a record.
   */
  private async alertsFor(
    fresh: Map<string, { doc: SearchDocument; ownerId: string }>,
  ): Promise<{ alerts: SavedSearchAlert[]; learnt: { searchId: string; ownerId: string }[] }> {
    const unknown = [...fresh.keys()].filter((searchId) => !this.states.known(searchId));
    const searches = new Map<string, SavedSearchRecord>();
    for (const searchId of unknown) {
      const search = this.knownSearch(searchId);
      if (search) searches.set(searchId, search);
    }
    const savedSearches = this.store.collection<StoredDocument>(COLLECTIONS.savedSearches);
    const toRead = unknown.filter((searchId) => !searches.has(searchId));
    // A row that no longer reads as a search (quarantined) alerts nobody, as a deleted one.
    for (const row of await findIn(savedSearches, '_id', toRead)) {
      const reading = readStoredSavedSearch(row);
      if (reading.ok) searches.set(reading.search._id, reading.search);
    }
    // Their owners' unread alerts, through the index the unread counts use.
    const owners = new Set(
      unknown.flatMap((id) => (searches.get(id)?.alerts ? [searches.get(id)!.ownerId] : [])),
    );
    const notifications = this.store.collection<NotificationRecord>(COLLECTIONS.notifications);
    const unread = new Set(
      (await findIn(notifications, 'userId', [...owners], { read: false, kind: 'saved_search' })).map(
        (notification) => notification.savedSearchId,
      ),
    );
    const alerts: SavedSearchAlert[] = [];
    const learnt: { searchId: string; ownerId: string }[] = [];
    const toAlert: { search: SavedSearchRecord; doc: SearchDocument }[] = [];
    for (const searchId of unknown) {
      const { doc, ownerId } = fresh.get(searchId)!;
      const search = searches.get(searchId);
      // A search deleted meanwhile, or its owner's own record (the matcher may hold an older owner).
      if (!search || search.ownerId === doc.ownerId) continue;
      learnt.push({ searchId, ownerId });
      if (search.alerts && !unread.has(searchId)) toAlert.push({ search, doc });
    }
    const publishers = await publicUsers(this.store, [...new Set(toAlert.map(({ doc }) => doc.ownerId))]);
    for (const { search, doc } of toAlert) {
      const publisher = publishers.get(doc.ownerId) ?? { _id: doc.ownerId, username: 'someone' };
      alerts.push({ search, recordKind: doc.kind, recordId: doc.id, publisher });
    }
    return { alerts, learnt };
  }
}

/** The publishers as notifications name them, read at once. */
const publicUsers = async (
  store: RecordStore,
  userIds: readonly string[],
): Promise<Map<string, PublicUser>> =>
  new Map(
    (await findIn(store.collection<UserRecord>(COLLECTIONS.users), '_id', userIds)).map(
      ({ _id, username }) => [_id, { _id, username }],
    ),
  );

/** The documents whose `field` is one of `values` (and that pass `also`), read `READ_CHUNK` values at a time. */
const findIn = async <T extends StoredDocument>(
  collection: Collection<T>,
  field: string,
  values: readonly string[],
  also: Filter = {},
): Promise<T[]> => {
  const found: T[] = [];
  for (let at = 0; at < values.length; at += READ_CHUNK)
    found.push(...(await collection.find({ ...also, [field]: { $in: values.slice(at, at + READ_CHUNK) } })));
  return found;
};

/** The alerts of a batch of indexed records, as a function (`new SavedSearchAlerts(...).record`). */
export const savedSearchAlerts = (
  store: RecordStore,
  matcher: SavedSearchMatcher,
  notify: AlertNotifier,
  options?: SavedSearchAlertsOptions,
) => new SavedSearchAlerts(store, matcher, notify, options).record;
