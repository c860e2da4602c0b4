import { describe, expect, it } from 'vitest';
import { describeSearchIndexContract, plain, searchDocument, searchQuery } from '../search-index.contract';
import { describeSearchPropertyContract } from '../search-properties.contract';
import { type OramaSnapshot } from './orama-generation';
import { OramaSearchIndex } from './orama.search-index';

describeSearchIndexContract('orama', async () => OramaSearchIndex.create(), { vectorDims: 3 });
describeSearchPropertyContract('orama', async () => OramaSearchIndex.create(), {
  runs: 2_000,
  exact: true,
  // Each run also checks facets and relaxations against a scan per option filter.
  timeout: 120_000,
});

describe('OramaSearchIndex snapshots', () => {
  it('restores from its binary sections with the same documents, filters and vectors', async () => {
    const index = OramaSearchIndex.create();
    const docs = [
      searchDocument({ tags: { industry: ['Banking'] }, vector: [1, 0, 0], text: 'Data engineer' }),
      searchDocument({ tags: { industry: ['Banking', 'Mining'] }, vector: [0, 1, 0] }),
      searchDocument({ kind: 'project', numbers: { deadline: '2030-01-01' } }),
    ];
    await index.upsert(docs);
    const restored = OramaSearchIndex.restore(index.snapshot());
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

  it('refuses a snapshot of another format', () => {
    expect(() => OramaSearchIndex.restore({ format: 1 } as unknown as OramaSnapshot)).toThrow(
      /snapshot format/,
    );
  });
});
