import { labelsOf } from '@skillers/domain';
import { beforeEach, expect, it } from 'vitest';
import type { SearchIndex } from '../search-index.port';
import { type ContractSubject, nextId, searchDocument, searchQuery } from './search-fixtures.contract';

/** Documents are written, read back, replaced by newer versions only, moved between kinds and removed. */
export const describeStorageContract = (subject: ContractSubject): void => {
  let index: SearchIndex;
  const { ids, options, adapterName } = subject;
  beforeEach(() => {
    index = subject.index;
  });

  it('reports its adapter and readiness', async () => {
    expect(index.adapter).toBe(adapterName);
    expect(await index.isReady()).toBe(true);
  });

  it('stores documents and reads them back unchanged', async () => {
    const full = searchDocument({
      kind: 'project',
      text: 'Build a game',
      tags: { tools: ['React'], industry: ['Gaming'], locations: ['Poland', 'Spain'] },
      toolLevels: { React: 4 },
      numbers: { availability: 20, bizRole: 30, techRole: 70, deadline: '2030-06-15T00:00:00.000Z' },
      workingTypeRemote: true,
      vector: Array.from({ length: options.vectorDims }, (_, i) => i + 1),
      vectorModel: 'test-model',
    });
    const minimal = searchDocument();
    await index.upsert([full, minimal]);
    expect(await index.get(full.id)).toEqual(full);
    expect(await index.get(minimal.id)).toEqual(minimal);
    expect(await index.get(nextId())).toBeNull();
  });

  it('reads many documents at once, in the order asked, with or without their vectors', async () => {
    const vector = Array.from({ length: options.vectorDims }, (_, i) => i + 1);
    const project = searchDocument({ kind: 'project', vector, vectorModel: 'test-model' });
    const profile = searchDocument({ vector, vectorModel: 'test-model' });
    await index.upsert([project, profile]);
    const missing = nextId();
    expect(await index.getMany([profile.id, missing, project.id])).toEqual([profile, null, project]);
    const { vector: _vector, ...withoutVector } = project;
    expect(await index.getMany([project.id], { vectors: false })).toEqual([withoutVector]);
    expect(await index.getMany([])).toEqual([]);
  });

  it("hands back the labels of the page's documents with its search when asked, as stored", async () => {
    const vector = Array.from({ length: options.vectorDims }, (_, i) => i + 1);
    const docs = [
      searchDocument({
        text: 'Rust compilers for banks',
        tags: { industry: ['Banking'], locations: ['Spain'] },
        toolLevels: { Rust: 3 },
        numbers: { availability: 20 },
        workingTypeRemote: true,
        vector,
        vectorModel: 'test-model',
      }),
      searchDocument({ text: 'Design systems for banks', tags: { industry: ['Banking'] } }),
    ];
    await index.upsert(docs);
    for (const query of [
      searchQuery({ tags: { industry: ['Banking'] } }),
      searchQuery({ tags: { industry: ['Banking'] }, text: 'banks', facets: true }),
    ]) {
      const result = await index.search(query, { labels: true });
      expect(result.ids).toHaveLength(2);
      expect(result.labels).toEqual((await index.getMany(result.ids)).map((doc) => doc && labelsOf(doc)));
      expect(result.labels).toContainEqual({
        tags: docs[0].tags,
        toolLevels: { Rust: 3 },
        workingTypeRemote: true,
        workingTypeOffice: false,
      });
      expect((await index.search(query)).labels).toBeUndefined();
    }
  });

  it('keeps its own copies of documents', async () => {
    const doc = searchDocument({ tags: { locations: ['Spain'] }, toolLevels: { Go: 2 } });
    const kept = structuredClone(doc);
    await index.upsert([doc]);
    doc.tags.locations.push('Chile');
    doc.toolLevels.Go = 5;
    const read = await index.get(doc.id);
    expect(read).toEqual(kept);
    read?.tags.locations.push('Peru');
    expect(await index.get(doc.id)).toEqual(kept);
    expect(await ids({ tags: { locations: ['Chile'] } })).toEqual([]);
  });

  it('replaces a document upserted again, also within one batch', async () => {
    const first = searchDocument({ tags: { industry: ['Banking'] } });
    await index.upsert([first]);
    const second = { ...first, tags: { ...first.tags, industry: ['Mining'] } };
    await index.upsert([second]);
    expect(await index.count('teammate')).toBe(1);
    expect(await index.get(first.id)).toEqual(second);
    expect(await ids({ tags: { industry: ['Banking'] } })).toEqual([]);
    expect(await ids({ tags: { industry: ['Mining'] } })).toEqual([first.id]);
    const third = { ...first, tags: { ...first.tags, industry: ['Farming'] } };
    await index.upsert([second, third]);
    expect(await index.get(first.id)).toEqual(third);
  });

  it('never replaces a document by an older version of it; an equal or newer version is written', async () => {
    const newer = searchDocument({ tags: { industry: ['Mining'] }, version: 2_000 });
    await index.upsert([newer]);
    const older = { ...newer, tags: { ...newer.tags, industry: ['Banking'] }, version: 1_000 };
    await index.upsert([older]);
    expect(await index.get(newer.id)).toEqual(newer);
    expect(await ids({ tags: { industry: ['Banking'] } })).toEqual([]);
    // Within one batch too, as if its writes came one by one.
    const same = { ...newer, tags: { ...newer.tags, industry: ['Farming'] } };
    const latest = { ...newer, tags: { ...newer.tags, industry: ['Fishing'] }, version: 3_000 };
    await index.upsert([same, latest, older]);
    expect(await index.get(newer.id)).toEqual(latest);
    // A generation being built takes the live writes with the same rule.
    const generation = await index.createGeneration();
    await generation.upsert([latest]);
    await index.upsert([{ ...latest, version: 4_000 }]);
    await generation.upsert([older]);
    await generation.swap();
    expect(await index.get(newer.id)).toEqual({ ...latest, version: 4_000 });
  });

  it('moves a document whose kind changed', async () => {
    const doc = searchDocument({ kind: 'teammate' });
    await index.upsert([doc]);
    await index.upsert([{ ...doc, kind: 'project' }]);
    expect(await index.count('teammate')).toBe(0);
    expect(await index.count('project')).toBe(1);
    expect(await ids({ kind: 'project' })).toEqual([doc.id]);
  });

  it('removes documents and ignores unknown ids', async () => {
    const [a, b, c] = [searchDocument(), searchDocument(), searchDocument({ kind: 'project' })];
    await index.upsert([a, b, c]);
    await index.remove([a.id, c.id, nextId()]);
    expect(await index.get(a.id)).toBeNull();
    expect(await index.count('teammate')).toBe(1);
    expect(await index.count('project')).toBe(0);
    expect(await ids({})).toEqual([b.id]);
    await index.remove([]);
    expect(await index.count('teammate')).toBe(1);
  });

  it('keeps the kinds apart and clears both', async () => {
    const profile = searchDocument({ tags: { industry: ['Banking'] } });
    const project = searchDocument({ kind: 'project', tags: { industry: ['Banking'] } });
    await index.upsert([profile, project]);
    expect(await index.count('teammate')).toBe(1);
    expect(await index.count('project')).toBe(1);
    expect(await ids({ kind: 'teammate', tags: { industry: ['Banking'] } })).toEqual([profile.id]);
    expect(await ids({ kind: 'project', tags: { industry: ['Banking'] } })).toEqual([project.id]);
    await index.clear();
    expect(await index.count('teammate')).toBe(0);
    expect(await index.count('project')).toBe(0);
    expect(await index.get(project.id)).toBeNull();
  });
};
