import { beforeEach, describe, expect, it } from 'vitest';
import type { SearchIndex } from '../search-index.port';
import { type ContractSubject, searchDocument } from './search-fixtures.contract';

/** Reindex generations built beside the live index and swapped in at once. */
export const describeGenerationsContract = (subject: ContractSubject): void => {
  let index: SearchIndex;
  const { ids } = subject;
  beforeEach(() => {
    index = subject.index;
  });

  describe('reindex generations', () => {
    it('builds beside the live index, which keeps answering until the swap', async () => {
      const old = searchDocument({ tags: { industry: ['Banking'] } });
      await index.upsert([old]);
      const generation = await index.createGeneration();
      const fresh = searchDocument({ tags: { industry: ['Banking'] } });
      const freshProject = searchDocument({ kind: 'project' });
      await generation.upsert([fresh, freshProject]);
      expect(await generation.count('teammate')).toBe(1);
      expect(await ids({ tags: { industry: ['Banking'] } })).toEqual([old.id]);
      expect(await index.count('project')).toBe(0);
      await generation.swap();
      expect(await ids({ tags: { industry: ['Banking'] } })).toEqual([fresh.id]);
      expect(await index.get(old.id)).toBeNull();
      expect(await index.count('project')).toBe(1);
      await expect(generation.upsert([old])).rejects.toThrow(/already swapped in or discarded/);
    });

    it('applies writes made to the live index while a generation is built', async () => {
      const kept = searchDocument();
      const removed = searchDocument();
      const generation = await index.createGeneration();
      await generation.upsert([kept, removed]);
      const written = searchDocument();
      await index.upsert([written]);
      await index.remove([removed.id]);
      await generation.swap();
      expect(new Set(await ids({}))).toEqual(new Set([kept.id, written.id]));
    });

    it('leaves the live index alone when a generation is discarded', async () => {
      const live = searchDocument();
      await index.upsert([live]);
      const generation = await index.createGeneration();
      await generation.upsert([searchDocument()]);
      await generation.discard();
      expect(await ids({})).toEqual([live.id]);
      await index.upsert([searchDocument()]);
      expect(await index.count('teammate')).toBe(2);
    });
  });
};
