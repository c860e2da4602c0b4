import type { SearchDocument } from '@skillers/domain';
import { describe, expect, it } from 'vitest';
import { searchDocument } from '../search-index.contract';
import { OramaSearchIndex } from './orama.search-index';

const sameText = (held: SearchDocument | null, doc: SearchDocument) => held?.text === doc.text;

describe('OramaSearchIndex.upsertWhere', () => {
  it('writes only the documents the check accepts against the held version', async () => {
    const index = OramaSearchIndex.create();
    const kept = searchDocument({ text: 'Data engineer' });
    const edited = searchDocument({ text: 'Old text' });
    await index.upsert([kept, edited]);
    await index.upsert([{ ...edited, text: 'New text' }]);

    const written = await index.upsertWhere(
      [
        { ...kept, vector: [1, 0, 0], vectorModel: 'm' },
        { ...edited, vector: [0, 1, 0], vectorModel: 'm' },
        searchDocument({ text: 'Never indexed', vector: [0, 0, 1], vectorModel: 'm' }),
      ],
      sameText,
    );

    expect(written).toBe(1);
    expect(await index.get(kept.id)).toMatchObject({ vector: [1, 0, 0], vectorModel: 'm' });
    expect(await index.get(edited.id)).toEqual({ ...edited, text: 'New text' });
    expect(await index.count('teammate')).toBe(2);
    expect((await index.knn('teammate', [1, 0, 0], 5)).map((hit) => hit.id)).toEqual([kept.id]);
  });

  it('checks a generation being built against its own version', async () => {
    const index = OramaSearchIndex.create();
    const doc = searchDocument({ text: 'Live text' });
    await index.upsert([doc]);
    const generation = await index.createGeneration();
    await generation.upsert([{ ...doc, text: 'Newer text in the build' }]);

    expect(await index.upsertWhere([{ ...doc, vector: [1, 0], vectorModel: 'm' }], sameText)).toBe(1);
    await generation.swap();

    expect(await index.get(doc.id)).toEqual({ ...doc, text: 'Newer text in the build' });
  });
});
