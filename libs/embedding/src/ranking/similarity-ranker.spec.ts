import type { SearchDocument } from '@skillers/domain';
import { EmbeddedSearchIndex } from '@skillers/search';
import { describe, expect, it } from 'vitest';
import { countingReads } from '../../../search/src/read-counting.testing';
import { searchDocument } from '../../../search/src/search-index.contract';
import { type Embedder, EmbedderUnavailableError } from '../embedder/embedder.port';
import { SimilarityRanker } from './similarity-ranker';

/** An embedder whose model cannot be loaded: the ranker answers lexically. */
const withoutModel: Embedder = {
  modelId: 'missing-model',
  adapter: 'transformers.js',
  dimension: () => undefined,
  embed: () => Promise.reject(new EmbedderUnavailableError('no model')),
  isReady: async () => false,
  status: async () => ({ adapter: 'transformers.js', model: 'missing-model', ready: false }),
};

describe('SimilarityRanker without a model', () => {
  it('reads every candidate in one batch, without vectors, and ranks by tags and words', async () => {
    const live = EmbeddedSearchIndex.create();
    const docs: SearchDocument[] = Array.from({ length: 40 }, (_, n) =>
      searchDocument({
        kind: 'project',
        createdAt: new Date(Date.UTC(2026, 0, 1 + n)).toISOString(),
        text: n === 7 ? 'A mobile app for farmers' : `Project ${n}`,
        tags: { industry: n % 2 === 0 ? ['Farming'] : ['Banking'] },
        vector: [1, 0, 0],
      }),
    );
    await live.upsert(docs);
    const { index, reads } = countingReads(live);
    const ranker = new SimilarityRanker(withoutModel, index);

    const answer = await ranker.rank({
      type: 'project',
      filter: { requiredAreaOfExpertise: ['Farming'] },
      text: 'mobile app',
      limit: 5,
    });

    expect(answer.mode).toBe('lexical');
    expect(reads).toEqual({ get: 0, getMany: 1 });
    expect(answer.results).toHaveLength(5);
    expect(answer.results.every(({ similarity }) => similarity > 0)).toBe(true);
  });
});

/** A model that embeds every text alike: only which documents hold a vector decides the answer. */
const flatModel: Embedder = {
  ...withoutModel,
  modelId: 'flat-model',
  embed: async (texts) => texts.map(() => [1, 0, 0]),
  isReady: async () => true,
};

describe('SimilarityRanker while vectors are pending', () => {
  const query = { type: 'project' as const, filter: {}, text: 'mobile app', limit: 5 };

  it('answers lexically while no document holds a vector yet, and by vector once some do', async () => {
    const index = EmbeddedSearchIndex.create();
    const docs = [1, 2, 3].map((n) => searchDocument({ kind: 'project', text: `Mobile app ${n}` }));
    await index.upsert(docs);
    const ranker = new SimilarityRanker(flatModel, index, () => true);

    const waiting = await ranker.rank(query);
    expect(waiting.mode).toBe('lexical');
    expect(waiting.results).toHaveLength(3);

    await index.upsert([{ ...docs[1], vector: [1, 0, 0], vectorModel: 'flat-model' }]);
    expect(await ranker.rank(query)).toEqual({
      mode: 'semantic',
      results: [{ record_id: docs[1].id, similarity: 1 }],
    });
  });

  it('answers by vector, finding nothing, when no vector is pending', async () => {
    const index = EmbeddedSearchIndex.create();
    await index.upsert([searchDocument({ kind: 'project', text: 'Mobile app' })]);

    expect(await new SimilarityRanker(flatModel, index).rank(query)).toEqual({
      mode: 'semantic',
      results: [],
    });
  });
});
