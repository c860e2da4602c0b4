import {
  type NotificationRecord,
  SAVED_SEARCH_SCHEMA_VERSION,
  type SavedSearchHitsRecord,
  type SavedSearchRecord,
  type ProfileRecord,
  type UserRecord,
} from '@skillers/domain';
import { COLLECTIONS, newId, SqliteRecordStore } from '@skillers/store';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { searchDocument } from '../../../search/src/search-index.contract';
import {
  describeSavedSearchMatcherContract,
  savedSearch,
} from '../../../search/src/saved-searches/saved-search-matcher.contract';
import { profileRecord, userRecord } from '../record-fixtures.testing';
import { profileSearchDocument } from '../search-document.mapper';
import { ThreadedSavedSearchAlerts } from './threaded-alerts';

const folders: string[] = [];
const sqliteFile = () => {
  const folder = mkdtempSync(join(tmpdir(), 'skillers-alerts-thread-'));
  folders.push(folder);
  return join(folder, 'skillers.sqlite');
};

describeSavedSearchMatcherContract('on the alerts thread', async () => {
  const alerts = new ThreadedSavedSearchAlerts({ sqliteFile: sqliteFile() });
  await alerts.load();
  return alerts;
});

describe('saved-search alerts on their own thread', () => {
  const opened: { alerts: ThreadedSavedSearchAlerts; store: SqliteRecordStore }[] = [];
  afterEach(async () => {
    for (const { alerts, store } of opened.splice(0)) {
      await alerts.close();
      await store.close();
    }
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  /** A store with a publisher and a saved search of someone else's, and the thread beside it. */
  const setUp = async () => {
    const file = sqliteFile();
    const store = new SqliteRecordStore(file);
    const publisher = newId();
    await store.collection<UserRecord>(COLLECTIONS.users).insert(userRecord('publisher', publisher));
    const now = new Date().toISOString();
    const search: SavedSearchRecord = {
      ...savedSearch({ filters: { toolsExperience: ['Figma'] } }),
      schemaVersion: SAVED_SEARCH_SCHEMA_VERSION,
      kind: 'teammate',
      name: 'Figma people',
      restriction: 'min_1_match',
      alerts: true,
      lastViewedAt: now,
      createdAt: now,
      updatedAt: now,
    };
    await store.collection<SavedSearchRecord>(COLLECTIONS.savedSearches).insert(search);
    const alerts = new ThreadedSavedSearchAlerts({ sqliteFile: file });
    opened.push({ alerts, store });
    const notified: NotificationRecord[] = [];
    alerts.onNotified = (records) => notified.push(...records);
    expect(await alerts.load()).toEqual({ loaded: 1, quarantined: [], relabelled: [] });
    // The thread reads the records it is told of from the store.
    const published = profileRecord('figma fan', {
      ownerId: publisher,
      toolsExperience: [{ tool: 'Figma', mep: 3 }],
    });
    const other = profileRecord('blender fan', { toolsExperience: [{ tool: 'Blender', mep: 3 }] });
    await store.collection<ProfileRecord>(COLLECTIONS.teammates).insertMany([published, other]);
    const doc = profileSearchDocument(published);
    return { store, alerts, search, notified, doc, other: profileSearchDocument(other) };
  };

  it('keeps the hits in the shared file and answers a batch with the notifications it stored', async () => {
    const { store, alerts, search, notified, doc, other } = await setUp();
    // A record deleted since it was indexed is left out.
    const gone = searchDocument({ kind: 'teammate', toolLevels: { Figma: 3 } });
    await alerts.record([doc, other, gone]);
    expect(notified).toMatchObject([{ kind: 'saved_search', savedSearchId: search._id, recordId: doc.id }]);
    const hits = await store.collection<SavedSearchHitsRecord>(COLLECTIONS.savedSearchHits).find({});
    expect(hits).toMatchObject([{ _id: doc.id, hits: [{ searchIds: [search._id] }] }]);
    // Indexed again: known, so neither kept nor notified twice.
    await alerts.record([doc]);
    expect(notified).toHaveLength(1);
    expect(await store.collection(COLLECTIONS.notifications).count({})).toBe(1);
  });

  // Where a thread's own priority can be read and set (Linux).
  it.runIf(existsSync('/proc/thread-self'))(
    "runs below the main thread's priority, so that requests and index jobs win the processor",
    async () => {
      const threads = () => readdirSync('/proc/self/task');
      // The nice value is the 19th field of a thread's stat line, the 17th after the name's closing bracket.
      const niceOf = (thread: string) =>
        Number(readFileSync(`/proc/self/task/${thread}/stat`, 'utf8').split(') ')[1].split(' ')[16]);
      const before = new Set(threads());
      const { alerts } = await setUp();
      const started = threads().filter((thread) => !before.has(thread));
      expect(started.length).toBeGreaterThan(0);
      const mainNice = getPriority();
      expect(niceOf(String(process.pid))).toBe(mainNice);
      expect(Math.max(...started.map(niceOf))).toBeGreaterThan(mainNice);
      // Still answering at that priority.
      expect(await alerts.match(searchDocument({ kind: 'teammate', toolLevels: { Figma: 3 } }))).toHaveLength(
        1,
      );
    },
  );

  it('replaces a thread that stopped and loads the searches into the new one', async () => {
    const { alerts, search, doc } = await setUp();
    const worker = (alerts as unknown as { worker: Worker }).worker;
    await worker.terminate();
    await vi.waitFor(
      async () => expect((await alerts.match(doc)).map((m) => m.searchId)).toEqual([search._id]),
      {
        timeout: 10_000,
        interval: 50,
      },
    );
  });
});
