import { compileSavedSearch, firstMatchedAt, hitTime, type UserRecord } from '@skillers/domain';
import { COLLECTIONS, openRecordStore, type RecordStore } from '@skillers/store';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { recordsOf } from '@skillers/indexing';
import { searchDocumentFor } from '@skillers/indexing';
import { DEMO_SAVED_SEARCHES, generateDemoSavedSearches, seedDemoSavedSearches } from './demo-saved-searches';
import { seedDatabase } from './seed-database';

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA';
const NOW = Date.parse('2026-06-01T12:00:00.000Z');

describe('the demo login’s saved searches', () => {
  const folders: string[] = [];
  const stores: RecordStore[] = [];

  const seededStore = async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'skillers-demo-searches-'));
    folders.push(dataDir);
    const store = await openRecordStore({ dataDir });
    stores.push(store);
    await seedDatabase(store, { users: 150, projects: 150, teammates: 150, seed: 11, passwordHash: HASH });
    const [demo] = await store.collection<UserRecord>(COLLECTIONS.users).find({}, { limit: 1 });
    return { store, demo };
  };

  afterEach(async () => {
    for (const store of stores.splice(0)) await store.close();
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  it('saves each search with alerts and a few new matches of others’ listings that the search really matches', async () => {
    const { store, demo } = await seededStore();
    const seeded = await seedDemoSavedSearches(store, { seed: 5, demo, now: NOW });
    expect(seeded.searches.map((search) => search.name)).toEqual(
      DEMO_SAVED_SEARCHES.map((search) => search.name),
    );
    expect(seeded.searches.every((search) => search.alerts && search.ownerId === demo._id)).toBe(true);
    for (const search of seeded.searches) {
      const hits = seeded.hits.filter((row) => firstMatchedAt(row, search._id) !== undefined);
      expect(hits.length, search.name).toBeGreaterThan(0);
      const matching = compileSavedSearch(search);
      for (const row of hits) {
        const record = await recordsOf(store, row.recordKind).findById(row._id);
        expect(record).not.toBeNull();
        expect(record?.ownerId).not.toBe(demo._id);
        const doc = searchDocumentFor(row.recordKind, record!);
        expect(matching(doc)).toBe(true);
        // New since the search was last viewed, from the record's own change.
        expect(firstMatchedAt(row, search._id)).toBe(hitTime(doc));
        expect(hitTime(doc) > search.lastViewedAt).toBe(true);
      }
      const notified = seeded.notifications.filter((n) => n.savedSearchId === search._id);
      expect(notified.filter((n) => !n.read).length, search.name).toBe(1);
    }
    expect(seeded.notifications.every((notification) => notification.kind === 'saved_search')).toBe(true);
    expect(await store.collection(COLLECTIONS.savedSearchHits).count({})).toBe(seeded.hits.length);
  });

  it('makes the same records from the same seed, time and listings', async () => {
    const { store, demo } = await seededStore();
    const options = { seed: 5, demo, now: NOW };
    expect(await generateDemoSavedSearches(store, options)).toEqual(
      await generateDemoSavedSearches(store, options),
    );
    expect(await generateDemoSavedSearches(store, { ...options, seed: 6 })).not.toEqual(
      await generateDemoSavedSearches(store, options),
    );
  });
});
