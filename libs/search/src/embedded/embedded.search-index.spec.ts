import { describe, expect, it, vi } from 'vitest';
import { describeSearchIndexContract, plain, searchDocument, searchQuery } from '../search-index.contract';
import { describeSearchPropertyContract } from '../search-properties.contract';
import type { EmbeddedSnapshot } from './snapshot/snapshot-sections';
import { EmbeddedSearchIndex } from './embedded.search-index';
import { GRAPH_MIN_ROWS } from './indexes/vector-graph-builds';

describeSearchIndexContract('orama', async () => EmbeddedSearchIndex.create(), { vectorDims: 3 });
describeSearchPropertyContract('orama', async () => EmbeddedSearchIndex.create(), {
  runs: 2_000,
  exact: true,
  // Each run also checks facets and relaxations against a scan per option filter.
  timeout: 120_000,
});

describe('EmbeddedSearchIndex snapshots', () => {
  it('tell who listens when a vector graph is built, after which a snapshot holds it; a loaded one is not news', async () => {
    const index = EmbeddedSearchIndex.create();
    let built = 0;
    index.snapshots.onGraphBuilt(() => built++);
    const graphSaved = (snapshot: EmbeddedSnapshot) =>
      snapshot.sections.some(({ name }) => name === 'teammate.vectors.4.graph');
    expect(graphSaved(index.snapshot())).toBe(false);
    await index.upsert(
      Array.from({ length: GRAPH_MIN_ROWS }, (_, n) =>
        searchDocument({ vector: [1 + (n % 7), n % 5, (n % 3) - 1, 1] }),
      ),
    );
    await vi.waitFor(() => expect(built).toBe(1), { timeout: 60_000, interval: 100 });
    const snapshot = index.snapshot();
    expect(graphSaved(snapshot)).toBe(true);

    const restarted = EmbeddedSearchIndex.create();
    restarted.snapshots.onGraphBuilt(() => built++);
    restarted.load(snapshot);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(built).toBe(1);
    expect(await restarted.knn('teammate', [1, 1, 0, 1], 5)).toEqual(
      await index.knn('teammate', [1, 1, 0, 1], 5),
    );
    index.close();
    restarted.close();
  }, 90_000);

  it('restores from its binary sections with the same documents, filters and vectors', async () => {
    const index = EmbeddedSearchIndex.create();
    const docs = [
      searchDocument({ tags: { industry: ['Banking'] }, vector: [1, 0, 0], text: 'Data engineer' }),
      searchDocument({ tags: { industry: ['Banking', 'Mining'] }, vector: [0, 1, 0] }),
      searchDocument({ kind: 'project', numbers: { deadline: '2030-01-01' } }),
    ];
    await index.upsert(docs);
    const restored = EmbeddedSearchIndex.restore(index.snapshot());
    for (const doc of docs) expect(await restored.get(doc.id)).toEqual(doc);
    const query = searchQuery({ tags: { industry: ['Banking', 'Mining'] } });
    expect(await restored.search(query)).toEqual(await index.search(query));
    expect(plain(await restored.search(query))).toEqual({
      ids: [docs[1].id, docs[0].id],
      scores: [2, 1],
      total: 2,
    });
    const text = searchQuery({ text: 'data engineers' });
    expect(await restored.search(text)).toEqual(await index.search(text));
    expect((await restored.search(text)).ids[0]).toBe(docs[0].id);
    expect(await restored.count('project')).toBe(1);
    expect((await restored.knn('teammate', [1, 0.1, 0], 1)).map((hit) => hit.id)).toEqual([docs[0].id]);
    await restored.upsert([{ ...docs[0], tags: { ...docs[0].tags, industry: [] } }]);
    expect((await restored.search(query)).ids).toEqual([docs[1].id]);
  });

  it('restores an empty index, and a restored one takes the same writes as the original', async () => {
    const empty = EmbeddedSearchIndex.restore(EmbeddedSearchIndex.create().snapshot());
    expect(await empty.count('teammate')).toBe(0);
    const index = EmbeddedSearchIndex.create();
    const docs = Array.from({ length: 40 }, (_, n) =>
      searchDocument({
        kind: n % 4 ? 'teammate' : 'project',
        tags: { industry: [n % 3 ? 'Banking' : 'Mining'] },
        text: `skiller number ${n} ${n % 2 ? 'data' : 'design'}`,
        vector: [1, n, 0.5],
      }),
    );
    await index.upsert(docs);
    const restored = EmbeddedSearchIndex.restore(index.snapshot());
    const moved = { ...docs[1], kind: 'project' as const };
    const added = searchDocument({
      tags: { industry: ['Mining'] },
      text: 'new data skiller',
      vector: [0, 1, 1],
    });
    for (const target of [index, restored, empty]) {
      await target.remove([docs[2].id, docs[3].id]);
      await target.upsert([moved, added, { ...docs[5], text: 'renamed designer' }]);
    }
    const live = [moved, added, ...docs.filter((_, n) => ![1, 2, 3, 5].includes(n))];
    for (const doc of live) expect(await restored.get(doc.id)).toEqual(await index.get(doc.id));
    expect(await restored.get(docs[2].id)).toBeNull();
    for (const kind of ['teammate', 'project'] as const) {
      expect(await restored.count(kind)).toBe(await index.count(kind));
      for (const query of [
        searchQuery({ kind, tags: { industry: ['Mining'] } }),
        searchQuery({ kind, text: 'data skiller' }),
        searchQuery({ kind, queryVector: [0, 1, 1], text: 'designer' }),
      ])
        expect(await restored.search(query)).toEqual(await index.search(query));
      expect(await restored.knn(kind, [1, 2, 0], 5)).toEqual(await index.knn(kind, [1, 2, 0], 5));
    }
    expect(await empty.get(added.id)).toEqual(added);
  });

  it('count every change to what they answer, and tell a save whether its generation changed', async () => {
    const index = EmbeddedSearchIndex.create();
    const doc = searchDocument({ tags: { industry: ['Banking'] }, text: 'Data engineer' });
    const seen = [index.changeCount];
    const changed = () => {
      seen.push(index.changeCount);
      return seen.at(-1) !== seen.at(-2);
    };
    await index.upsert([doc]);
    expect(changed()).toBe(true);
    await index.search(searchQuery({ text: 'data' }));
    await index.get(doc.id);
    expect(changed()).toBe(false);

    const source = index.snapshotSource();
    await index.search(searchQuery({ tags: { industry: ['Banking'] }, facets: true }));
    expect(source.unchanged()).toBe(true);
    await index.updateMany([doc.id], (held) => ({ ...held, text: 'Data scientist' }));
    expect(source.unchanged()).toBe(false);
    expect(changed()).toBe(true);

    // A generation swapped out takes no more writes: a save of it stays of one state.
    const before = index.snapshotSource();
    const next = await index.createGeneration();
    await next.upsert([doc]);
    expect(changed()).toBe(false);
    await next.swap();
    expect(changed()).toBe(true);
    await index.remove([doc.id]);
    expect(before.unchanged()).toBe(true);
    expect(changed()).toBe(true);
    index.load(index.snapshot());
    expect(changed()).toBe(true);
    await index.clear();
    expect(changed()).toBe(true);
  });

  it('refuses a snapshot of another format', () => {
    expect(() => EmbeddedSearchIndex.restore({ format: 1 } as unknown as EmbeddedSnapshot)).toThrow(
      /snapshot format/,
    );
  });
});

describe('EmbeddedSearchIndex generations', () => {
  it('answer the same whether made room for ahead (fewer documents than came) or grown as they came', async () => {
    const docs = Array.from({ length: 700 }, (_, n) =>
      searchDocument({
        kind: n % 3 ? 'teammate' : 'project',
        tags: { industry: [n % 5 ? 'Banking' : 'Mining'], locations: [n % 7 ? 'Spain' : 'Chile'] },
        text: `skiller number ${n} ${n % 2 ? 'data' : 'design'}`,
        vector: [1, n % 13, 0.5, n % 3],
      }),
    );
    const build = async (expected?: { project: number; teammate: number }) => {
      const index = EmbeddedSearchIndex.create();
      const generation = await index.createGeneration(expected);
      for (let at = 0; at < docs.length; at += 100) await generation.upsert(docs.slice(at, at + 100));
      await generation.swap();
      return index;
    };
    const grown = await build();
    // Room for 300 of each, then more than that arrive.
    const reserved = await build({ project: 300, teammate: 300 });
    for (const kind of ['teammate', 'project'] as const) {
      expect(await reserved.count(kind)).toBe(await grown.count(kind));
      for (const query of [
        searchQuery({ kind, tags: { industry: ['Mining'], locations: ['Chile'] } }),
        searchQuery({ kind, text: 'data skiller', pageSize: 50 }),
        searchQuery({ kind, queryVector: [0, 1, 1, 2], tags: { industry: ['Banking'] } }),
      ])
        expect(await reserved.search(query)).toEqual(await grown.search(query));
      expect(await reserved.knn(kind, [1, 2, 0, 1], 20)).toEqual(await grown.knn(kind, [1, 2, 0, 1], 20));
    }
    for (const doc of docs.slice(0, 50)) expect(await reserved.get(doc.id)).toEqual(doc);
  });
});
