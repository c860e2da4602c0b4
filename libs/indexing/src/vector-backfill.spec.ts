import type { ProjectRecord, ProfileRecord } from '@skillers/domain';
import { EmbeddedSearchIndex } from '@skillers/search';
import { COLLECTIONS, SqliteRecordStore } from '@skillers/store';
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DocumentEmbedder, embeddingText } from './document-vectors';
import { indexRecordHandler } from './index-record.job';
import { rebuildIndex } from './rebuild-index';
import { projectRecord, profileRecord } from './record-fixtures.testing';
import { backfillVectors, type VectorBackfillProgress } from './vector-backfill';

const MODEL = 'test/hash-3d';

/** A deterministic vector per text. */
const vectorOf = (text: string): number[] => {
  const bytes = createHash('sha256').update(text).digest();
  return [bytes[0] + 1, bytes[1] + 1, bytes[2] + 1];
};

/** Embeds by hash, recording the texts asked for; `hold` makes each call wait until `release()`. */
const testEmbedder = () => {
  const asked: string[][] = [];
  let gate: Promise<void> | undefined;
  let open = () => {};
  let entered = () => {};
  const embedder: DocumentEmbedder & {
    asked: string[][];
    hold(): Promise<void>;
    release(): void;
  } = {
    modelId: MODEL,
    asked,
    embed: async (texts) => {
      asked.push([...texts]);
      entered();
      if (gate) await gate;
      return texts.map(vectorOf);
    },
    /** Resolves once the next embed call has started; that call waits for `release()`. */
    hold: () => {
      gate = new Promise((resolve) => (open = resolve));
      return new Promise((resolve) => (entered = resolve));
    },
    release: () => {
      gate = undefined;
      open();
    },
  };
  return embedder;
};

/** Indexes without vectors, as the start-up build does when the cache holds none. */
const noVectors: DocumentEmbedder = { modelId: MODEL, embed: async (texts) => texts.map(() => undefined) };

describe('backfillVectors', () => {
  let store: SqliteRecordStore;
  let index: EmbeddedSearchIndex;
  let projects: ProjectRecord[];
  let profiles: ProfileRecord[];

  beforeEach(async () => {
    store = new SqliteRecordStore(':memory:');
    projects = Array.from({ length: 7 }, (_, n) => projectRecord(`Project ${n}`));
    profiles = Array.from({ length: 5 }, (_, n) => profileRecord(`Skiller ${n}`));
    await store.collection<ProjectRecord>(COLLECTIONS.projects).insertMany(projects);
    await store.collection<ProfileRecord>(COLLECTIONS.teammates).insertMany(profiles);
    index = EmbeddedSearchIndex.create();
    await rebuildIndex(store, index, { embedder: noVectors, replay: false });
  });
  afterEach(() => store.close());

  it('gives every indexed document a vector of its text, asking only for those without one', async () => {
    const already = await index.get(projects[3]._id);
    const kept = [9, 9, 9];
    await index.upsert([{ ...already!, vector: kept, vectorModel: MODEL }]);
    const embedder = testEmbedder();
    const progress: VectorBackfillProgress[] = [];

    const result = await backfillVectors(store, index, {
      embedder,
      batchSize: 3,
      embedBatchSize: 2,
      onProgress: (line) => progress.push(line),
    });

    expect(result).toMatchObject({ checked: 12, embedded: 11, outdated: 0, total: 12 });
    expect(result.stopped).toBeUndefined();
    expect(embedder.asked.flat()).toHaveLength(11);
    expect(embedder.asked.flat()).not.toContain(embeddingText(already!));
    expect(Math.max(...embedder.asked.map((texts) => texts.length))).toBe(2);
    for (const record of [...projects, ...profiles]) {
      const doc = await index.get(record._id);
      expect(doc?.vectorModel).toBe(MODEL);
      expect(doc?.vector).toEqual(record === projects[3] ? kept : vectorOf(embeddingText(doc!)));
    }
    expect(progress.at(-1)).toMatchObject({ checked: 12, embedded: 11, total: 12 });
    const [hit] = await index.knn(
      'teammate',
      vectorOf(embeddingText((await index.get(profiles[2]._id))!)),
      1,
    );
    expect(hit.id).toBe(profiles[2]._id);
  });

  it('keeps edits indexed while a vector was computed, with or without their own vector', async () => {
    const embedder = testEmbedder();
    // Newest id first: the first batch holds the last two projects inserted.
    const [withoutVector, withVector] = [projects[6], projects[5]];
    const entered = embedder.hold();
    const running = backfillVectors(store, index, { embedder, batchSize: 2, embedBatchSize: 2 });
    await entered;
    expect(embedder.asked[0]).toHaveLength(2);

    const stored = store.collection<ProjectRecord>(COLLECTIONS.projects);
    await stored.update(withoutVector._id, { description: 'Edited while embedding' });
    await indexRecordHandler(store, index, noVectors)({ kind: 'project', id: withoutVector._id }, 1);
    await stored.update(withVector._id, { description: 'Edited and embedded' });
    const jobEmbedder: DocumentEmbedder = {
      modelId: MODEL,
      embed: async (texts) => texts.map(() => [5, 5, 5]),
    };
    await indexRecordHandler(store, index, jobEmbedder)({ kind: 'project', id: withVector._id }, 1);
    embedder.release();
    const result = await running;

    expect(result).toMatchObject({ embedded: 10, outdated: 2 });
    const edited = await index.get(withoutVector._id);
    expect(edited?.text).toContain('Edited while embedding');
    expect(edited).not.toHaveProperty('vector');
    expect(await index.get(withVector._id)).toMatchObject({ vector: [5, 5, 5], vectorModel: MODEL });
    expect(embedder.asked.flat()).not.toContain(embeddingText(edited!));

    // A second pass fills in the edit it could not set.
    expect(await backfillVectors(store, index, { embedder })).toMatchObject({ embedded: 1, outdated: 0 });
    expect((await index.get(withoutVector._id))?.vector).toEqual(vectorOf(embeddingText(edited!)));
  });

  it('stops between embedding batches when its signal aborts', async () => {
    const embedder = testEmbedder();
    const stop = new AbortController();
    const entered = embedder.hold();
    const running = backfillVectors(store, index, {
      embedder,
      batchSize: 4,
      embedBatchSize: 2,
      signal: stop.signal,
    });
    await entered;
    stop.abort();
    embedder.release();

    const result = await running;
    expect(result).toMatchObject({ stopped: 'aborted', embedded: 2 });
    expect(embedder.asked).toHaveLength(1);
    const docs = await index.getMany([...projects, ...profiles].map((record) => record._id));
    expect(docs.filter((doc) => doc?.vector !== undefined)).toHaveLength(2);
  });

  it('retries a failing embedder after a pause, then stops and says why, leaving the index as it was', async () => {
    const retries: number[] = [];
    let calls = 0;
    const failing: DocumentEmbedder = {
      modelId: MODEL,
      embed: async () => {
        calls += 1;
        throw new Error('model unavailable');
      },
    };

    const result = await backfillVectors(store, index, {
      embedder: failing,
      attempts: 3,
      retryDelayMs: 5,
      onRetry: (_error, attempt) => retries.push(attempt),
    });

    expect(result).toMatchObject({
      stopped: 'embedder failed',
      embedded: 0,
      error: new Error('model unavailable'),
    });
    expect(calls).toBe(3);
    expect(retries).toEqual([1, 2]);
    const docs = await index.getMany(projects.map((record) => record._id));
    expect(docs.every((doc) => doc !== null && doc.vector === undefined)).toBe(true);
  });

  it('embeds again after a failure that passes', async () => {
    let failures = 1;
    const flaky = testEmbedder();
    const embedder: DocumentEmbedder = {
      modelId: MODEL,
      embed: async (texts) => {
        if (failures-- > 0) throw new Error('busy');
        return flaky.embed(texts);
      },
    };

    const result = await backfillVectors(store, index, { embedder, retryDelayMs: 1 });

    expect(result).toMatchObject({ embedded: 12 });
    expect(result.stopped).toBeUndefined();
  });
});
