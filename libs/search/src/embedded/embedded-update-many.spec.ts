import type { SearchDocument } from '@skillers/domain';
import { describe, expect, it } from 'vitest';
import { searchDocument } from '../search-index.contract';
import { EmbeddedSearchIndex } from './embedded.search-index';

/** Sets the vector where the held document still has the text it was computed for. */
const vectorFor =
  (text: string, vector: number[]) =>
  (held: SearchDocument): SearchDocument | undefined =>
    held.text === text ? { ...held, vector, vectorModel: 'm' } : undefined;

describe('EmbeddedSearchIndex.updateMany', () => {
  it('changes the held documents the function returns a version of, and leaves the others', async () => {
    const index = EmbeddedSearchIndex.create();
    const kept = searchDocument({ text: 'Data engineer' });
    const edited = searchDocument({ text: 'Old text' });
    await index.upsert([kept, edited]);
    await index.upsert([{ ...edited, text: 'New text', numbers: { bizRole: 10 } }]);

    const changed = await index.updateMany([kept.id, edited.id, 'unknown-id'], (held) =>
      vectorFor(held.id === kept.id ? 'Data engineer' : 'Old text', [1, 0, 0])(held),
    );

    expect(changed).toBe(1);
    expect(await index.get(kept.id)).toEqual({ ...kept, vector: [1, 0, 0], vectorModel: 'm' });
    expect(await index.get(edited.id)).toEqual({ ...edited, text: 'New text', numbers: { bizRole: 10 } });
    expect(await index.count('teammate')).toBe(2);
    expect((await index.knn('teammate', [1, 0, 0], 5)).map((hit) => hit.id)).toEqual([kept.id]);
  });

  it('checks a generation being built against its own version', async () => {
    const index = EmbeddedSearchIndex.create();
    const doc = searchDocument({ text: 'Live text' });
    await index.upsert([doc]);
    const generation = await index.createGeneration();
    await generation.upsert([{ ...doc, text: 'Newer text in the build' }]);

    expect(await index.updateMany([doc.id], vectorFor('Live text', [1, 0]))).toBe(1);
    expect(await index.get(doc.id)).toMatchObject({ vector: [1, 0] });
    await generation.swap();

    expect(await index.get(doc.id)).toEqual({ ...doc, text: 'Newer text in the build' });
  });
});
