import {
  compileSavedSearch,
  hitTime,
  type NotificationRecord,
  type PublicUser,
  type SavedSearchHitsRecord,
  type SavedSearchRecord,
  type SearchKind,
  type UserRecord,
  SAVED_SEARCH_SCHEMA_VERSION,
} from '@skillers/domain';
import { COLLECTIONS, type RecordStore } from '@skillers/store';
import { recordsOf } from '@skillers/indexing';
import { searchDocumentFor } from '@skillers/indexing';
import { createSeededFakers, timeOrderedId } from './seeded-fakers';

const DAY_MS = 86_400_000;

type DemoSearch = Pick<SavedSearchRecord, 'kind' | 'name' | 'filters' | 'restriction' | 'text' | 'mustHave'>;

/** The demo login's saved searches, with alerts on: labels the generated listings use often. */
export const DEMO_SAVED_SEARCHES: readonly DemoSearch[] = [
  {
    kind: 'teammate',
    name: 'React developers, remote',
    filters: { toolsExperience: [{ tool: 'React', mep: 2 }], offeredWorkingType: ['Remote'] },
    restriction: 'min_1_match',
  },
  {
    kind: 'project',
    name: 'Start-ups needing design',
    filters: { projectType: ['Start Up'], toolsExperience: ['Figma'] },
    restriction: 'min_1_match',
  },
  {
    kind: 'teammate',
    name: 'Python data people',
    filters: { toolsExperience: ['Python'] },
    restriction: 'min_1_match',
    text: 'data',
  },
];

/**
 * Of each search's matches, this many changed since it was last viewed ("N new"); the newest is notified
 * (unread), the one before it too (read).
 */
const NEW_MATCHES_MAX = 4;
const NOTIFIED_MAX = 2;

export interface DemoSavedSearchOptions {
  seed: number;
  demo: PublicUser;
  /** Dates fall before this moment; defaults to the current time. */
  now?: number;
}

export interface DemoSavedSearches {
  searches: SavedSearchRecord[];
  hits: SavedSearchHitsRecord[];
  notifications: NotificationRecord[];
}

/**
 * Saved searches for the demo login, each with a few matches among the stored listings changed since the
 * search was last viewed (others' only, most recently active first, kept in their hits rows as alerts would
 * have kept them) and a notification for the newest, so the Saved Searches screen shows "N new" and the bell
 * has alerts on a fresh start. The same seed, `now` and store give the same records.
 */
export const generateDemoSavedSearches = async (
  store: RecordStore,
  options: DemoSavedSearchOptions,
): Promise<DemoSavedSearches> => {
  const { main: faker } = await createSeededFakers(options.seed, []);
  const now = options.now ?? Date.now();
  const demo = { _id: options.demo._id, username: options.demo.username };
  const result: DemoSavedSearches = { searches: [], hits: [], notifications: [] };
  const hits = new Map<string, SavedSearchHitsRecord>();
  const listings = new Map<SearchKind, Awaited<ReturnType<typeof newestListings>>>();
  const owners = new Map<string, PublicUser>();

  for (const [index, definition] of DEMO_SAVED_SEARCHES.entries()) {
    const createdAt = now - (20 + index * 3) * DAY_MS;
    const search: SavedSearchRecord = {
      _id: timeOrderedId(faker, createdAt),
      ownerId: demo._id,
      schemaVersion: SAVED_SEARCH_SCHEMA_VERSION,
      ...definition,
      alerts: true,
      lastViewedAt: new Date(createdAt).toISOString(),
      createdAt: new Date(createdAt).toISOString(),
      updatedAt: new Date(createdAt).toISOString(),
    };
    result.searches.push(search);
    let records = listings.get(search.kind);
    if (!records) listings.set(search.kind, (records = await newestListings(store, search.kind)));
    const matches = compileSavedSearch(search);
    const viewedAt = search.lastViewedAt;
    const found = records
      .filter(({ doc }) => doc.ownerId !== demo._id && hitTime(doc) > viewedAt && matches(doc))
      .sort((a, b) => (hitTime(b.doc) < hitTime(a.doc) ? -1 : hitTime(b.doc) > hitTime(a.doc) ? 1 : 0))
      .slice(0, faker.number.int({ min: 1, max: NEW_MATCHES_MAX }));
    for (const [rank, { doc }] of found.entries()) {
      const matchedAt = hitTime(doc);
      let row = hits.get(doc.id);
      if (!row) {
        hits.set(doc.id, (row = { _id: doc.id, recordKind: doc.kind, hits: [] }));
        result.hits.push(row);
      }
      // Every search matched it at its last change: one group.
      if (row.hits.length === 0) row.hits.push({ at: matchedAt, searchIds: [] });
      row.hits[0].searchIds.push(search._id);
      if (rank >= NOTIFIED_MAX) continue;
      const actor = owners.get(doc.ownerId) ?? (await publicUser(store, doc.ownerId));
      owners.set(doc.ownerId, actor);
      result.notifications.push({
        _id: timeOrderedId(faker, Date.parse(matchedAt)),
        userId: demo._id,
        kind: 'saved_search',
        actor,
        savedSearchId: search._id,
        recordKind: doc.kind,
        recordId: doc.id,
        text: search.name,
        read: rank > 0,
        createdAt: matchedAt,
      });
    }
  }
  return result;
};

/** Stores the generated searches, their records' hits rows and notifications, each kind in one batch. */
export const seedDemoSavedSearches = async (
  store: RecordStore,
  options: DemoSavedSearchOptions,
): Promise<DemoSavedSearches> => {
  const result = await generateDemoSavedSearches(store, options);
  await store.collection<SavedSearchRecord>(COLLECTIONS.savedSearches).insertMany(result.searches);
  if (result.hits.length > 0) {
    await store.collection<SavedSearchHitsRecord>(COLLECTIONS.savedSearchHits).insertMany(result.hits);
  }
  if (result.notifications.length > 0) {
    await store.collection<NotificationRecord>(COLLECTIONS.notifications).insertMany(result.notifications);
  }
  return result;
};

/** The kind's newest listings as search documents; the demo's few hundred are read at once. */
const newestListings = async (store: RecordStore, kind: SearchKind) =>
  (
    await recordsOf(store, kind).find(
      {},
      {
        sort: [
          { field: 'createdAt', direction: 'desc' },
          { field: '_id', direction: 'desc' },
        ],
        limit: 1000,
      },
    )
  ).map((record) => ({ doc: searchDocumentFor(kind, record) }));

const publicUser = async (store: RecordStore, userId: string): Promise<PublicUser> => {
  const user = await store.collection<UserRecord>(COLLECTIONS.users).findById(userId);
  return { _id: userId, username: user?.username ?? 'someone' };
};
