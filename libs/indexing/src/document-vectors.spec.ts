import type { ProjectRecord } from '@skillers/domain';
import { TransformersEmbedder } from '@skillers/embedding';
import { EmbeddedSearchIndex } from '@skillers/search';
import { COLLECTIONS, newId, SqliteRecordStore } from '@skillers/store';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { carryOverEmbedder, type DocumentEmbedder, embeddingText } from './document-vectors';
import { indexRecordHandler } from './index-record.job';
import { rebuildIndex } from './rebuild-index';
import { projectSearchDocument } from './search-document.mapper';

const MODEL = 'skillers/static-wordpiece-100d';
const shared = new TransformersEmbedder({
  model: MODEL,
  localModelPath: resolve(__dirname, '../../../../shared/models'),
});

/** The shared model, counting the texts it is asked to embed. */
const counting = (): DocumentEmbedder & { texts: string[] } => {
  const texts: string[] = [];
  return { modelId: MODEL, texts, embed: async (batch) => (texts.push(...batch), shared.embed(batch)) };
};

const project = (projectName: string, description: string): ProjectRecord => ({
  _id: newId(),
  ownerId: newId(),
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
  projectName,
  description,
  toolsExperience: [{ tool: 'React', mep: 2 }],
  projectType: ['Start Up'],
  offeredGratification: ['Equity Grant'],
  forGratification: ['Milestone'],
  bizRole: 50,
  techRole: 50,
});

describe('vectors in the index', () => {
  it('embeds the name, description, goal and tag labels of a record', () => {
    const text = embeddingText(
      projectSearchDocument({ ...project('Harvest', 'Crop planning'), projectGoal: 'Feed towns' }),
    );
    expect(text).toBe('Harvest\nCrop planning\nFeed towns\nReact, Start Up, Equity Grant, Milestone');
  });

  it('stores the vector and its model when a record is indexed', async () => {
    const store = new SqliteRecordStore(':memory:');
    const record = project('Harvest', 'An app for organic farming');
    await store.collection<ProjectRecord>(COLLECTIONS.projects).insert(record);
    const index = EmbeddedSearchIndex.create();

    await indexRecordHandler(store, index, counting())({ kind: 'project', id: record._id }, 1);

    const doc = await index.get(record._id);
    expect(doc?.vector).toHaveLength(100);
    expect(doc?.vectorModel).toBe(MODEL);
    const [hit] = await index.knn('project', (await shared.embed(['organic farming']))[0], 1);
    expect(hit.id).toBe(record._id);
    await store.close();
  });

  it('indexes without a vector when no model can be loaded, and a rebuild fills it in', async () => {
    const store = new SqliteRecordStore(':memory:');
    const records = [project('Harvest', 'Organic farming'), project('Beats', 'Music streaming')];
    await store.collection<ProjectRecord>(COLLECTIONS.projects).insertMany(records);
    const index = EmbeddedSearchIndex.create();
    const missing = new TransformersEmbedder({
      model: MODEL,
      localModelPath: mkdtempSync(join(tmpdir(), 'no-model-')),
    });
    const failures: unknown[] = [];

    await rebuildIndex(store, index, { embedder: missing, onEmbedFailure: (error) => failures.push(error) });
    expect(failures.length).toBeGreaterThan(0);
    expect((await index.get(records[0]._id))?.vector).toBeUndefined();
    expect(
      (
        await index.search({
          kind: 'project',
          restriction: 'min_1_match',
          tags: { projectType: ['Start Up'] },
          page: 1,
          pageSize: 12,
        })
      ).total,
    ).toBe(2);

    const embedder = counting();
    await rebuildIndex(store, index, { embedder });
    expect(embedder.texts).toHaveLength(2);
    expect((await index.get(records[1]._id))?.vector).toHaveLength(100);
    await store.close();
  });

  it('keeps vectors of unchanged records on a rebuild and embeds only the changed ones', async () => {
    const store = new SqliteRecordStore(':memory:');
    const projects = store.collection<ProjectRecord>(COLLECTIONS.projects);
    const records = Array.from({ length: 5 }, (_, n) => project(`Project ${n}`, 'Organic farming'));
    await projects.insertMany(records);
    const index = EmbeddedSearchIndex.create();
    await rebuildIndex(store, index, { embedder: counting() });
    await projects.update(records[2]._id, { description: 'Music streaming' });

    const embedder = counting();
    await rebuildIndex(store, index, { embedder });

    expect(embedder.texts).toEqual([expect.stringContaining('Music streaming')]);
    const [hit] = await index.knn('project', (await shared.embed(['music streaming']))[0], 1);
    expect(hit.id).toBe(records[2]._id);
    await store.close();
  });

  it('leaves out the vectors a cache-only embedder lacks, keeping the ones it has', async () => {
    const store = new SqliteRecordStore(':memory:');
    const records = [project('Harvest', 'Organic farming'), project('Beats', 'Music streaming')];
    await store.collection<ProjectRecord>(COLLECTIONS.projects).insertMany(records);
    const known = embeddingText(projectSearchDocument(records[0]));
    const [vector] = await shared.embed([known]);
    const cacheOnly: DocumentEmbedder = {
      modelId: MODEL,
      embed: async (texts) => texts.map((text) => (text === known ? vector : undefined)),
    };
    const index = EmbeddedSearchIndex.create();

    await rebuildIndex(store, index, { embedder: cacheOnly });

    expect(await index.get(records[0]._id)).toMatchObject({ vector, vectorModel: MODEL });
    const missing = await index.get(records[1]._id);
    expect(missing).not.toHaveProperty('vector');
    expect(missing).not.toHaveProperty('vectorModel');
    await store.close();
  });

  it('re-embeds every record when the model changed, so vectors of two models never share an index', async () => {
    const store = new SqliteRecordStore(':memory:');
    const records = [project('Harvest', 'Organic farming'), project('Beats', 'Music streaming')];
    await store.collection<ProjectRecord>(COLLECTIONS.projects).insertMany(records);
    const index = EmbeddedSearchIndex.create();
    const previous: DocumentEmbedder = {
      modelId: 'previous/model',
      embed: async (texts) => texts.map(() => Array.from({ length: 100 }, () => 1)),
    };
    await rebuildIndex(store, index, { embedder: previous });

    const embedder = counting();
    await rebuildIndex(store, index, { embedder });

    expect(embedder.texts).toHaveLength(2);
    for (const record of records) expect(await index.get(record._id)).toMatchObject({ vectorModel: MODEL });
    await store.close();
  });

  it('carries unchanged vectors of the model over on a reindex with no embedder at hand', async () => {
    const store = new SqliteRecordStore(':memory:');
    const projects = store.collection<ProjectRecord>(COLLECTIONS.projects);
    const records = [project('Harvest', 'Organic farming'), project('Beats', 'Music streaming')];
    await projects.insertMany(records);
    const index = EmbeddedSearchIndex.create();
    await rebuildIndex(store, index, { embedder: counting() });
    const kept = (await index.get(records[0]._id))?.vector;
    await projects.update(records[1]._id, { description: 'Film soundtracks' });

    const failures: unknown[] = [];
    await rebuildIndex(store, index, {
      embedder: carryOverEmbedder(MODEL, 'EMBEDDER_URL is unset'),
      onEmbedFailure: (error) => failures.push(error),
    });

    expect(await index.get(records[0]._id)).toMatchObject({ vector: kept, vectorModel: MODEL });
    expect((await index.get(records[1]._id))?.vector).toBeUndefined();
    expect(failures).toEqual([new Error('EMBEDDER_URL is unset')]);
    // Carried over for the configured model only: another model's vectors are not kept as this one's.
    await rebuildIndex(store, index, { embedder: carryOverEmbedder('another/model', 'unset') });
    expect((await index.get(records[0]._id))?.vector).toBeUndefined();
    await store.close();
  });
});
