import type { ProjectRecord, ProfileRecord, UserRecord } from '@skillers/domain';
import { COLLECTIONS, openRecordStore, type RecordStore } from '@skillers/store';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type SeedKind, SeedRequestError, seedDatabase } from './seed-database';

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA';

describe('seedDatabase into a SQLite file', () => {
  let dataDir: string;
  let store: RecordStore;
  const users = () => store.collection<UserRecord>(COLLECTIONS.users);
  const projects = () => store.collection<ProjectRecord>(COLLECTIONS.projects);
  const profileCollection = () => store.collection<ProfileRecord>(COLLECTIONS.teammates);

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'skillers-seed-'));
    store = await openRecordStore({ dataDir });
  });
  afterEach(async () => {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores the asked counts in batches, reporting after each batch', async () => {
    const progress: [SeedKind, number, number][] = [];
    const counts = await seedDatabase(store, {
      users: 100,
      teammates: 90,
      projects: 130,
      seed: 7,
      passwordHash: HASH,
      batchSize: 40,
      onProgress: (kind, done, total) => progress.push([kind, done, total]),
    });
    expect(counts).toEqual({ users: 100, teammates: 90, projects: 130 });
    expect([
      await users().count({}),
      await profileCollection().count({}),
      await projects().count({}),
    ]).toEqual([100, 90, 130]);
    expect(progress).toEqual([
      ['users', 40, 100],
      ['users', 80, 100],
      ['users', 100, 100],
      ['teammates', 40, 90],
      ['teammates', 80, 90],
      ['teammates', 90, 90],
      ['projects', 40, 130],
      ['projects', 80, 130],
      ['projects', 120, 130],
      ['projects', 130, 130],
    ]);
  });

  it('links every listing to a stored user, one profile per user, readable through the store', async () => {
    await seedDatabase(store, { users: 60, teammates: 60, projects: 80, seed: 8, passwordHash: HASH });
    const userIds = new Set((await users().find({})).map((user) => user._id));
    const profiles = await profileCollection().find({});
    expect(new Set(profiles.map((profile) => profile.ownerId))).toEqual(userIds);
    const stored = await projects().find({}, { sort: [{ field: 'createdAt', direction: 'desc' }] });
    expect(stored.every((project) => userIds.has(project.ownerId))).toBe(true);
    expect(await projects().findById(stored[0]._id)).toEqual(stored[0]);
    const newestFirst = stored.map((project) => project.createdAt);
    expect(newestFirst).toEqual([...newestFirst].sort().reverse());
    expect(await projects().count({ ownerId: stored[0].ownerId })).toBeGreaterThan(0);
  });

  it('adds to what is there: a second run numbers its usernames after the stored users', async () => {
    await seedDatabase(store, { users: 30, teammates: 30, projects: 10, seed: 1, passwordHash: HASH });
    await seedDatabase(store, { users: 20, teammates: 20, projects: 10, seed: 2, passwordHash: HASH });
    const stored = await users().find({});
    expect(stored).toHaveLength(50);
    const numbers = stored.map((user) => Number(/\d+$/.exec(user.username)?.[0])).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, index) => index + 1));
    expect(await profileCollection().count({})).toBe(50);
  });

  it('refuses more profiles than users, or projects without users, before writing anything', async () => {
    const refused = [
      { users: 5, teammates: 6, projects: 0 },
      { users: 0, teammates: 0, projects: 3 },
    ];
    for (const counts of refused) {
      await expect(seedDatabase(store, { ...counts, seed: 1, passwordHash: HASH })).rejects.toBeInstanceOf(
        SeedRequestError,
      );
    }
    expect(await users().count({})).toBe(0);
  });
});
