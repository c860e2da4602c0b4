import { type SearchFilter } from '@skillers/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SearchIndex } from '../search-index.port';
import { type ContractSubject, searchDocument } from './search-fixtures.contract';

/** Nearest neighbours of a vector by cosine similarity, within a filter. */
export const describeKnnContract = (subject: ContractSubject): void => {
  let index: SearchIndex;
  const { options } = subject;
  beforeEach(() => {
    index = subject.index;
  });

  describe('knn', () => {
    const vector = (...head: number[]) => Array.from({ length: options.vectorDims }, (_, i) => head[i] ?? 0);

    it('ranks documents of the kind by cosine similarity, within the filter', async () => {
      const same = searchDocument({ vector: vector(1, 0), tags: { industry: ['Banking'] } });
      const close = searchDocument({ vector: vector(1, 1), tags: { industry: ['Mining'] } });
      const opposite = searchDocument({ vector: vector(-1, 0), tags: { industry: ['Banking'] } });
      const without = searchDocument({ tags: { industry: ['Banking'] } });
      const project = searchDocument({ kind: 'project', vector: vector(1, 0) });
      await index.upsert([same, close, opposite, without, project]);
      const hits = await index.knn('teammate', vector(2, 0), 10);
      expect(hits.map((hit) => hit.id)).toEqual([same.id, close.id, opposite.id]);
      expect(hits[0].similarity).toBeCloseTo(1, 5);
      expect(hits[1].similarity).toBeCloseTo(Math.SQRT1_2, 5);
      expect(hits[2].similarity).toBeCloseTo(-1, 5);
      expect((await index.knn('teammate', vector(2, 0), 1)).map((hit) => hit.id)).toEqual([same.id]);
      const banking: SearchFilter = { restriction: 'min_1_match', tags: { industry: ['Banking'] } };
      const filtered = await index.knn('teammate', vector(1, 1), 10, banking);
      expect(filtered.map((hit) => hit.id)).toEqual([same.id, opposite.id]);
      const tooLong = Array.from({ length: options.vectorDims + 1 }, () => 1);
      expect(await index.knn('teammate', tooLong, 10)).toEqual([]);
    });
  });
};
