import type { SearchDocument } from '@skillers/domain';
import { OramaSearchIndex } from '@skillers/search';
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
    const live = OramaSearchIndex.create();
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
