import { compileSavedSearch, type UserRecord } from '@skillers/domain';
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

  it('saves each search with alerts and a few matches of others’ listings that the search really matches', async () => {
    const { store, demo } = await seededStore();
    const seeded = await seedDemoSavedSearches(store, { seed: 5, demo, now: NOW });
    expect(seeded.searches.map((search) => search.name)).toEqual(
      DEMO_SAVED_SEARCHES.map((search) => search.name),
    );
    expect(seeded.searches.every((search) => search.alerts && search.ownerId === demo._id)).toBe(true);
    for (const search of seeded.searches) {
      const matches = seeded.matches.filter((match) => match.searchId === search._id);
      expect(matches.length, search.name).toBeGreaterThan(0);
      const matching = compileSavedSearch(search);
      for (const match of matches) {
        const record = await recordsOf(store, match.recordKind).findById(match.recordId);
        expect(record).not.toBeNull();
        expect(record?.ownerId).not.toBe(demo._id);
        expect(matching(searchDocumentFor(match.recordKind, record!))).toBe(true);
      }
    }
    expect(seeded.notifications.every((notification) => notification.kind === 'saved_search')).toBe(true);
    expect(await store.collection(COLLECTIONS.savedSearchMatches).count({ seen: false })).toBe(
      seeded.matches.length,
    );
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
