import type { ProjectRecord, SearchQuery, ProfileRecord } from '@skillers/domain';
import { EmbeddedSearchIndex } from '@skillers/search';
import { COLLECTIONS, SqliteRecordStore } from '@skillers/store';
import { describe, expect, it, vi } from 'vitest';
import { countingReads } from '../../search/src/read-counting.testing';
import { indexChange } from './index-outbox';
import { indexRecordHandler } from './index-record.job';
import { rebuildIndex } from './rebuild-index';
import { projectRecord, profileRecord } from './record-fixtures.testing';
import { projectSearchDocument, profileSearchDocument } from './search-document.mapper';

const project = (name: string, tool: string): ProjectRecord =>
  projectRecord(name, { toolsExperience: [{ tool, mep: 2 }] });
const profile = profileRecord;

const byTool = (tool: string): SearchQuery => ({
  kind: 'project',
  restriction: 'min_1_match',
  tags: {},
  minToolLevels: { [tool]: 1 },
  page: 1,
  pageSize: 50,
});

describe('rebuildIndex', () => {
  it('replays what other processes changed in the store during the build: edits, inserts and deletes', async () => {
    const store = new SqliteRecordStore(':memory:');
    const projects = store.collection<ProjectRecord>(COLLECTIONS.projects);
    const stored = Array.from({ length: 30 }, (_, n) => project(`p${n}`, 'Go'));
    await projects.insertMany(stored);
    const [edited, deleted] = stored;
    // An id that sorts before every other, so the copy has passed its place when it appears.
    const inserted = { ...project('written during the build', 'Rust'), _id: '000000000000000000000001' };
    const index = EmbeddedSearchIndex.create();

    // Another process's writes: into the store (and its worker's into the live index only), never the new one.
    const writes: Promise<unknown>[] = [];
    await rebuildIndex(store, index, {
      batchSize: 10,
      onProgress: ({ kind, done }) => {
        if (kind !== 'project' || done !== 10) return;
        const later = new Date(Date.now() + 1000).toISOString();
        writes.push(
          projects.update(edited._id, { toolsExperience: [{ tool: 'Rust', mep: 2 }], updatedAt: later }),
          projects.delete(deleted._id, indexChange('project', deleted._id, { deleted: true }).write),
          projects.insert(inserted),
        );
      },
    });
    await Promise.all(writes);

    const rust = await index.search(byTool('Rust'));
    expect(rust.ids.sort()).toEqual([inserted._id, edited._id].sort());
    expect(await index.get(deleted._id)).toBeNull();
    expect(await index.count('project')).toBe(30);
    await store.close();
  });

  it('keeps a record put back after its deletion, though the deletion is inside the replay window', async () => {
    const store = new SqliteRecordStore(':memory:');
    const projects = store.collection<ProjectRecord>(COLLECTIONS.projects);
    const restored = project('hidden, then restored', 'Go');
    // Hidden a moment before the build (its deletion recorded), put back just after, stamped then.
    await projects.insert(restored);
    await projects.delete(restored._id, indexChange('project', restored._id, { deleted: true }).write);
    await projects.insert({ ...restored, updatedAt: new Date(Date.now() + 1000).toISOString() });
    const index = EmbeddedSearchIndex.create();
    await rebuildIndex(store, index);
    expect((await index.search(byTool('Go'))).ids).toEqual([restored._id]);
    await store.close();
  });

  it('leaves a stored record it cannot read out of the index, says which, and builds the rest', async () => {
    const store = new SqliteRecordStore(':memory:');
    const good = project('good', 'Go');
    const bad = { ...project('bad', 'Go'), toolsExperience: null } as unknown as ProjectRecord;
    await store.collection<ProjectRecord>(COLLECTIONS.projects).insertMany([good, bad]);
    const index = EmbeddedSearchIndex.create();
    const unreadable: string[] = [];
    const counts = await rebuildIndex(store, index, {
      onUnreadable: (kind, id) => unreadable.push(`${kind} ${id}`),
    });
    expect(counts.project).toBe(1);
    expect(unreadable).toEqual([`project ${bad._id}`]);
    expect((await index.search(byTool('Go'))).ids).toEqual([good._id]);
    await store.close();
  });

  it('tells the index how many records of each kind the build will write, before it writes any', async () => {
    const store = new SqliteRecordStore(':memory:');
    await store
      .collection<ProjectRecord>(COLLECTIONS.projects)
      .insertMany(Array.from({ length: 7 }, (_, n) => project(`p${n}`, 'Go')));
    await store
      .collection<ProfileRecord>(COLLECTIONS.teammates)
      .insertMany(Array.from({ length: 4 }, (_, n) => profile(`t${n}`)));
    const index = EmbeddedSearchIndex.create();
    const createGeneration = vi.spyOn(index, 'createGeneration');
    await rebuildIndex(store, index, { batchSize: 3, replay: false });
    expect(createGeneration).toHaveBeenCalledWith({ project: 7, teammate: 4 });
    expect(await index.count('project')).toBe(7);
    expect(await index.count('teammate')).toBe(4);
    await store.close();
  });

  it('refuses to swap in a build whose reindex lock was lost, and keeps the live index', async () => {
    const store = new SqliteRecordStore(':memory:');
    await store.collection<ProjectRecord>(COLLECTIONS.projects).insertMany([project('new', 'Go')]);
    const index = EmbeddedSearchIndex.create();
    const live = project('live', 'Rust');
    await index.upsert([projectSearchDocument(live)]);
    const lost = { held: false, release: async () => undefined };
    await expect(rebuildIndex(store, index, { lease: lost })).rejects.toThrow(/reindex lock was lost/);
    expect(await index.get(live._id)).not.toBeNull();
    expect(await index.count('project')).toBe(1);
    await store.close();
  });

  it('indexes every stored record in batches, reports progress, and replaces what the index held', async () => {
    const store = new SqliteRecordStore(':memory:');
    const projects = store.collection<ProjectRecord>(COLLECTIONS.projects);
    const stored = Array.from({ length: 25 }, (_, n) => project(`p${n}`, n % 2 ? 'Rust' : 'Go'));
    await projects.insertMany(stored);
    const index = EmbeddedSearchIndex.create();
    const stale = project('gone from the store', 'Rust');
    await index.upsert([projectSearchDocument(stale)]);

    const progress: number[] = [];
    const counts = await rebuildIndex(store, index, {
      batchSize: 10,
      onProgress: ({ kind, done }) => kind === 'project' && progress.push(done),
    });

    expect(counts).toEqual({ project: 25, teammate: 0 });
    expect(progress).toEqual([0, 10, 20, 25]);
    expect(await index.count('project')).toBe(25);
    expect((await index.search(byTool('Rust'))).total).toBe(12);
    expect(await index.get(stale._id)).toBeNull();
    await store.close();
  });

  it('rebuilds only the asked kinds with progress, and carries the other kind over from the store', async () => {
    const store = new SqliteRecordStore(':memory:');
    await store.collection<ProjectRecord>(COLLECTIONS.projects).insertMany([project('p', 'Go')]);
    const profiles = Array.from({ length: 7 }, (_, n) => profile(`t${n}`));
    await store.collection<ProfileRecord>(COLLECTIONS.teammates).insertMany(profiles);
    const index = EmbeddedSearchIndex.create();
    const staleProfile = profile('deleted since the last build');
    await index.upsert([profileSearchDocument(staleProfile)]);

    const reported = new Set<string>();
    const counts = await rebuildIndex(store, index, {
      kinds: ['project'],
      onProgress: ({ kind }) => reported.add(kind),
    });

    expect(counts).toEqual({ project: 1, teammate: 7 });
    expect([...reported]).toEqual(['project']);
    expect(await index.count('teammate')).toBe(7);
    expect(await index.get(profiles[3]._id)).toMatchObject({
      kind: 'teammate',
      text: 't3\nFigma, Freelancing, Salary, Time',
    });
    expect(await index.get(staleProfile._id)).toBeNull();
    await store.close();
  });

  it('reads the indexed versions whose vectors it may keep with one read per batch', async () => {
    const store = new SqliteRecordStore(':memory:');
    await store
      .collection<ProjectRecord>(COLLECTIONS.projects)
      .insertMany(Array.from({ length: 25 }, (_, n) => project(`p${n}`, 'Go')));
    const live = EmbeddedSearchIndex.create();
    const embedded: string[] = [];
    const embedder = {
      modelId: 'test-model',
      embed: async (texts: readonly string[]) => {
        embedded.push(...texts);
        return texts.map(() => [1, 0, 0]);
      },
    };
    await rebuildIndex(store, live, { embedder });
    expect(embedded).toHaveLength(25);

    const { index, reads } = countingReads(live);
    await rebuildIndex(store, index, { batchSize: 10, embedder });
    expect(reads).toEqual({ get: 0, getMany: 3 });
    // Every vector was read back and kept: nothing was embedded again.
    expect(embedded).toHaveLength(25);
    await store.close();
  });

  it('lets other work run between batches, so a rebuild in a server never holds its searches', async () => {
    const store = new SqliteRecordStore(':memory:');
    await store
      .collection<ProjectRecord>(COLLECTIONS.projects)
      .insertMany(Array.from({ length: 50 }, (_, n) => project(`p${n}`, 'Go')));
    const index = EmbeddedSearchIndex.create();
    const batchesDone: number[] = [];
    let batchesWhenOtherWorkRan: number | undefined;

    const rebuild = rebuildIndex(store, index, {
      batchSize: 10,
      onProgress: ({ kind, done }) => kind === 'project' && batchesDone.push(done),
    });
    setImmediate(() => {
      batchesWhenOtherWorkRan = batchesDone.length;
    });
    await rebuild;

    expect(batchesDone).toEqual([0, 10, 20, 30, 40, 50]);
    expect(batchesWhenOtherWorkRan).toBeLessThan(batchesDone.length);
    await store.close();
  });
});

describe('index-record job', () => {
  it('upserts a record that exists and removes one that is gone', async () => {
    const store = new SqliteRecordStore(':memory:');
    const projects = store.collection<ProjectRecord>(COLLECTIONS.projects);
    const index = EmbeddedSearchIndex.create();
    const handle = indexRecordHandler(store, index);
    const record = project('Edge', 'Zig');
    await projects.insert(record);

    await handle({ kind: 'project', id: record._id }, 1);
    expect((await index.search(byTool('Zig'))).ids).toEqual([record._id]);

    await projects.update(record._id, { toolsExperience: [{ tool: 'Odin', mep: 1 }] });
    await handle({ kind: 'project', id: record._id }, 1);
    expect((await index.search(byTool('Zig'))).ids).toEqual([]);
    expect((await index.search(byTool('Odin'))).ids).toEqual([record._id]);

    await projects.delete(record._id);
    await handle({ kind: 'project', id: record._id }, 1);
    expect(await index.get(record._id)).toBeNull();
    await store.close();
  });
});
