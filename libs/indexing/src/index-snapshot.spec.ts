import type { ProjectRecord, SearchQuery, ProfileRecord } from '@skillers/domain';
import { EmbeddedSearchIndex, snapshotSourceOf, writeSnapshotFile } from '@skillers/search';
import { COLLECTIONS, newId, type RecordStore, SqliteRecordStore } from '@skillers/store';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readlinkSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  INDEX_SNAPSHOT_SCHEMA,
  indexedChangeStamp,
  loadIndexSnapshot,
  saveIndexSnapshot,
} from './index-snapshot';
import { withVectors } from './document-vectors';
import { QuietRetry } from './quiet-retry';
import { rebuildIndex } from './rebuild-index';
import { profileSearchDocument } from './search-document.mapper';

const root = mkdtempSync(join(tmpdir(), 'skillers-index-snapshot-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const MODEL = 'test-model';
/** A deterministic stand-in for a model: the text's letter counts, so similar texts get similar vectors. */
const embedder = {
  modelId: MODEL,
  embed: async (texts: readonly string[]) =>
    texts.map((text) =>
      Array.from({ length: 8 }, (_, n) =>
        Math.fround(1 + [...text].filter((c) => c.charCodeAt(0) % 8 === n).length),
      ),
    ),
};

const now = () => new Date().toISOString();
const newProfile = (nickname: string, tool: string): ProfileRecord => ({
  _id: newId(),
  ownerId: newId(),
  createdAt: now(),
  updatedAt: now(),
  nickname,
  toolsExperience: [{ tool, mep: 3 }],
  projectType: ['Freelancing'],
  offeredGratification: ['Salary'],
  forGratification: ['Time'],
  bizRole: 50,
  techRole: 50,
});
const project = (projectName: string): ProjectRecord => ({
  _id: newId(),
  ownerId: newId(),
  createdAt: now(),
  updatedAt: now(),
  projectName,
  toolsExperience: [{ tool: 'Go', mep: 2 }],
  projectType: ['Start Up'],
  offeredGratification: ['Salary'],
  forGratification: ['Time'],
  bizRole: 50,
  techRole: 50,
});
const byTool = (tool: string): SearchQuery => ({
  kind: 'teammate',
  restriction: 'min_1_match',
  tags: {},
  minToolLevels: { [tool]: 1 },
  page: 1,
  pageSize: 50,
});

let dir: string;
let storeFile: string;
let file: string;
let profiles: ProfileRecord[];
const ready = { embedderReady: async () => true };

/** A store on disk with records, its index built and saved as after a start: what a restart finds. */
const builtAndSaved = async (): Promise<EmbeddedSearchIndex> => {
  const store = new SqliteRecordStore(storeFile);
  profiles = Array.from({ length: 30 }, (_, n) => newProfile(`skiller ${n}`, n % 3 ? 'Figma' : 'Rust'));
  await store.collection<ProfileRecord>(COLLECTIONS.teammates).insertMany(profiles);
  await store.collection<ProjectRecord>(COLLECTIONS.projects).insertMany([project('a farm app')]);
  const index = EmbeddedSearchIndex.create();
  const stamp = await indexedChangeStamp(store);
  await rebuildIndex(store, index, { embedder });
  await saveIndexSnapshot(file, index.snapshots, { modelId: MODEL, stamp: stamp as string });
  await store.close();
  return index;
};

/** Opens the store as a restarted process would, and tries the snapshot on a fresh index. */
const restart = async (options: Partial<Parameters<typeof loadIndexSnapshot>[2]> = {}) => {
  const store = new SqliteRecordStore(storeFile);
  const index = EmbeddedSearchIndex.create();
  const result = await loadIndexSnapshot(store, index.snapshots, {
    file,
    modelId: MODEL,
    ...ready,
    ...options,
  });
  await store.close();
  return { result, index };
};

const withStore = async (change: (store: RecordStore) => Promise<unknown>) => {
  const store = new SqliteRecordStore(storeFile);
  await change(store);
  await store.close();
};

beforeEach((context) => {
  dir = mkdtempSync(join(root, `${context.task.name.slice(0, 20).replace(/\W/g, '-')}-`));
  storeFile = join(dir, 'skillers.sqlite');
  file = join(dir, 'search-index.snapshot');
});

describe('index snapshots', () => {
  it('are loaded at restart when the store has not changed, with the same answers and vectors', async () => {
    const built = await builtAndSaved();
    const { result, index } = await restart();
    expect(result).toEqual({ loaded: true, documents: 31 });
    expect(await index.search(byTool('Rust'))).toEqual(await built.search(byTool('Rust')));
    expect((await index.search(byTool('Rust'))).total).toBe(10);
    const doc = await index.get(profiles[4]._id);
    expect(doc).toEqual(await built.get(profiles[4]._id));
    expect(doc?.vector).toHaveLength(8);
    const query = (await embedder.embed(['skiller 4']))[0];
    expect(await index.knn('teammate', query, 5)).toEqual(await built.knn('teammate', query, 5));
  });

  it('bring their vector rows into files when the index keeps them there, and save them back from there', async () => {
    const built = await builtAndSaved();
    const rowsDir = join(dir, 'rows');
    mkdirSync(rowsDir);
    const store = new SqliteRecordStore(storeFile);
    const filed = EmbeddedSearchIndex.create({ dir: rowsDir });
    const loaded = await loadIndexSnapshot(store, filed.snapshots, { file, modelId: MODEL, ...ready });
    expect(loaded).toEqual({ loaded: true, documents: 31 });
    const query = (await embedder.embed(['skiller 4']))[0];
    expect(await filed.knn('teammate', query, 5)).toEqual(await built.knn('teammate', query, 5));
    expect(await filed.getMany(profiles.map((profile) => profile._id))).toEqual(
      await built.getMany(profiles.map((profile) => profile._id)),
    );
    // Saved from the files into a new snapshot, which loads in memory as the first did.
    await saveIndexSnapshot(file, filed.snapshots, {
      modelId: MODEL,
      stamp: (await indexedChangeStamp(store)) as string,
    });
    filed.close();
    await store.close();
    const { result, index } = await restart();
    expect(result).toEqual({ loaded: true, documents: 31 });
    expect(await index.knn('teammate', query, 5)).toEqual(await built.knn('teammate', query, 5));
    expect(readdirSync(rowsDir)).toEqual([]);
  });

  it('close the files of vector rows they took when turned down', async () => {
    await builtAndSaved();
    const bytes = readFileSync(file);
    // In a profile's id, in the facet index's section, read into memory after the projects' vector rows
    // were left in the file.
    bytes[bytes.indexOf(profiles[29]._id)] ^= 0xff;
    writeFileSync(file, bytes);
    // Only this test's files: work another test left running may close its own meanwhile.
    const openFiles = () =>
      readdirSync('/proc/self/fd').filter((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`).startsWith(`${dir}/`);
        } catch {
          return false;
        }
      }).length;
    const before = openFiles();
    const store = new SqliteRecordStore(storeFile);
    const filed = EmbeddedSearchIndex.create({ dir });
    expect(await loadIndexSnapshot(store, filed.snapshots, { file, modelId: MODEL, ...ready })).toMatchObject(
      {
        loaded: false,
        reason: expect.stringMatching(/^checksum mismatch: section teammate\./),
      },
    );
    await store.close();
    expect(openFiles()).toBe(before);
  });

  it('check the texts and vector rows they read where the file holds them once the index is live', async () => {
    await builtAndSaved();
    const loadFiled = async () => {
      const store = new SqliteRecordStore(storeFile);
      const filed = EmbeddedSearchIndex.create({ dir });
      const checks: (string | undefined)[] = [];
      const result = await loadIndexSnapshot(store, filed.snapshots, {
        file,
        modelId: MODEL,
        ...ready,
        onChecked: (damage) => checks.push(damage),
      });
      await store.close();
      return { result, checks, filed };
    };
    const sound = await loadFiled();
    expect(sound.result).toEqual({ loaded: true, documents: 31 });
    // Both sections are checked in worker threads while the index answers.
    await vi.waitFor(() => expect(sound.checks).toEqual([undefined]));
    sound.filed.close();

    const bytes = readFileSync(file);
    bytes[bytes.indexOf('skiller 29')] ^= 0xff;
    writeFileSync(file, bytes);
    const damaged = await loadFiled();
    expect(damaged.result).toEqual({ loaded: true, documents: 31 });
    await vi.waitFor(() =>
      expect(damaged.checks).toEqual(['checksum mismatch: section teammate.text.texts']),
    );
    damaged.filed.close();
  });

  it('are not used once the store has changed, by any write, even one a crash kept from the index', async () => {
    await builtAndSaved();
    const profileCollection = (store: RecordStore) => store.collection<ProfileRecord>(COLLECTIONS.teammates);
    const writes: ((store: RecordStore) => Promise<unknown>)[] = [
      (store) => profileCollection(store).insert(newProfile('joined later', 'Rust')),
      (store) => profileCollection(store).update(profiles[0]._id, { nickname: 'renamed' }),
      (store) => profileCollection(store).delete(profiles[1]._id),
      (store) => store.collection<ProjectRecord>(COLLECTIONS.projects).deleteMany({}),
    ];
    for (const write of writes) {
      // The store is written and closed without the index ever hearing of it, as in a crash.
      await withStore(write);
      const { result, index } = await restart();
      expect(result).toEqual({ loaded: false, reason: 'the store has changed since' });
      expect(await index.count('teammate')).toBe(0);
    }
  });

  it('are not aged by writes to collections the index does not read', async () => {
    await builtAndSaved();
    await withStore((store) => store.collection<{ _id: string }>(COLLECTIONS.users).insert({ _id: newId() }));
    expect((await restart()).result).toMatchObject({ loaded: true });
  });

  it('are not used for another model or schema', async () => {
    await builtAndSaved();
    expect((await restart({ modelId: 'other-model' })).result).toEqual({
      loaded: false,
      reason: 'built for the model test-model',
    });
    const store = new SqliteRecordStore(storeFile);
    const stamp = (await indexedChangeStamp(store)) as string;
    await store.close();
    const older = INDEX_SNAPSHOT_SCHEMA - 1;
    await writeSnapshotFile(file, EmbeddedSearchIndex.create().snapshotSource(), {
      schema: older,
      model: MODEL,
      stamp,
    });
    expect((await restart()).result).toEqual({ loaded: false, reason: `schema ${older}` });
  });

  it('are not used when truncated, altered or missing, and leave the index untouched', async () => {
    await builtAndSaved();
    const whole = readFileSync(file);
    truncateSync(file, Math.floor(whole.length / 2));
    const truncated = await restart();
    expect(truncated.result).toMatchObject({ loaded: false, reason: expect.stringMatching(/truncated/) });
    expect(await truncated.index.count('teammate')).toBe(0);

    const altered = Buffer.from(whole);
    altered[whole.indexOf('skiller 7')] ^= 1;
    writeFileSync(file, altered);
    expect((await restart()).result).toMatchObject({
      loaded: false,
      reason: expect.stringMatching(/^checksum mismatch: section /),
    });

    rmSync(file);
    expect((await restart()).result).toEqual({ loaded: false, reason: 'no snapshot' });
  });

  it('are not used when their sections disagree, though their checksum holds', async () => {
    const built = await builtAndSaved();
    const store = new SqliteRecordStore(storeFile);
    const stamp = (await indexedChangeStamp(store)) as string;
    await store.close();
    const { sections, ...snapshot } = built.snapshot();
    const labels = { schema: INDEX_SNAPSHOT_SCHEMA, model: MODEL, stamp };
    // The project kind's texts with the teammates' facets: counts that cannot belong together.
    const mixed = sections.map((section) =>
      section.name.startsWith('project.text.')
        ? {
            ...section,
            data: (
              sections.find(({ name }) => name === section.name.replace('project', 'teammate')) ?? section
            ).data,
          }
        : section,
    );
    await writeSnapshotFile(file, snapshotSourceOf({ ...snapshot, sections: mixed }), labels);
    const { result, index } = await restart();
    expect(result).toMatchObject({
      loaded: false,
      reason: expect.stringMatching(/^damaged: project: 30 texts/),
    });
    expect(await index.count('teammate')).toBe(0);

    await writeSnapshotFile(
      file,
      snapshotSourceOf({
        ...snapshot,
        sections: sections.filter(({ name }) => name !== 'teammate.vectors.dims'),
      }),
      labels,
    );
    expect((await restart()).result).toEqual({
      loaded: false,
      reason: 'damaged: missing section teammate.vectors.dims',
    });
  });

  it('are not used when documents lack vectors the model can now compute', async () => {
    const store = new SqliteRecordStore(storeFile);
    await store.collection<ProfileRecord>(COLLECTIONS.teammates).insert(newProfile('no model then', 'Go'));
    const index = EmbeddedSearchIndex.create();
    const stamp = (await indexedChangeStamp(store)) as string;
    const unavailable = { modelId: MODEL, embed: () => Promise.reject(new Error('no model')) };
    await rebuildIndex(store, index, { embedder: unavailable });
    await saveIndexSnapshot(file, index.snapshots, { modelId: MODEL, stamp });
    await store.close();

    expect((await restart()).result).toEqual({
      loaded: false,
      reason: '1 documents lack vectors the model can now compute',
    });
    expect((await restart({ embedderReady: async () => false })).result).toEqual({
      loaded: true,
      documents: 1,
    });
  });

  it('are discarded when the index takes a write while being saved, and saved again once writes pause', async () => {
    const index = await builtAndSaved();
    const before = readFileSync(file);
    const store = new SqliteRecordStore(storeFile);
    const profiles = store.collection<ProfileRecord>(COLLECTIONS.teammates);
    const labels = async () => ({ modelId: MODEL, stamp: (await indexedChangeStamp(store)) as string });
    /** A profile written to the store and embedded, as an index job does, before the index takes it. */
    const written = async (nickname: string) => {
      const record = newProfile(nickname, 'Rust');
      await profiles.insert(record);
      return withVectors([profileSearchDocument(record)], embedder);
    };

    const late = await written('joined while saving');
    const saving = saveIndexSnapshot(file, index.snapshots, await labels());
    await index.upsert(late);
    expect(await saving).toEqual({ written: false, discarded: 'the index changed while it was written' });
    // The older file stays, whole: the store has changed since, so a restart rebuilds instead.
    expect(readFileSync(file).equals(before)).toBe(true);

    const saved: Awaited<ReturnType<typeof saveIndexSnapshot>>[] = [];
    const retry = new QuietRetry(
      () => index.changeCount,
      50,
      () =>
        void labels().then(async (now) => saved.push(await saveIndexSnapshot(file, index.snapshots, now))),
    );
    retry.schedule();
    for (let n = 0; n < 5; n++) await index.upsert(await written(`joined later ${n}`));
    await vi.waitFor(() => expect(saved).toHaveLength(1), { timeout: 5000, interval: 20 });
    expect(saved[0]).toMatchObject({ written: true });
    await store.close();
    const { result, index: restarted } = await restart();
    expect(result).toEqual({ loaded: true, documents: 37 });
    expect(await restarted.search(byTool('Rust'))).toEqual(await index.search(byTool('Rust')));
    expect((await restarted.search(byTool('Rust'))).total).toBe(16);
  });

  it('are never trusted for a store without a change stamp', async () => {
    await builtAndSaved();
    const store = new SqliteRecordStore(storeFile);
    const withoutStamp: RecordStore = {
      adapter: 'mongodb',
      collection: (spec) => store.collection(spec),
      ensureIndexes: (specs) => store.ensureIndexes(specs),
      isReady: () => store.isReady(),
      close: () => store.close(),
    };
    const result = await loadIndexSnapshot(withoutStamp, EmbeddedSearchIndex.create().snapshots, {
      file,
      modelId: MODEL,
      ...ready,
    });
    expect(result).toEqual({ loaded: false, reason: 'the store keeps no change stamp' });
    await store.close();
  });
});
