import { describe, expect, it } from 'vitest';
import { searchDocument, searchQuery } from '../search-index.contract';
import { EmbeddedSearchIndex } from './embedded.search-index';

describe('Free-text scores', () => {
  it('always follow the indexed records through writes', async () => {
    const index = EmbeddedSearchIndex.create();
    const first = searchDocument({ text: 'Rust compilers' });
    await index.upsert([first, searchDocument({ text: 'Design systems' })]);
    const query = searchQuery({ text: 'rust' });
    const before = await index.search(query);
    expect(before.ids[0]).toBe(first.id);
    // The same search again gives the same answer.
    expect(await index.search(query)).toEqual(before);

    const second = searchDocument({ text: 'Rust services' });
    await index.upsert([second]);
    const after = await index.search(query);
    // Free text ranks without narrowing: both records holding the word come first.
    expect(after.ids.slice(0, 2).sort()).toEqual([first.id, second.id].sort());
    // A second record holding the word makes it less rare: the first record's score falls.
    const firstText = (result: typeof after) => result.signals?.[result.ids.indexOf(first.id)]?.text;
    expect(firstText(after)).toBeLessThan(firstText(before) as number);

    await index.remove([second.id]);
    const removed = await index.search(query);
    expect(removed.signals?.[removed.ids.indexOf(first.id)]?.text).toBe(firstText(before));
    expect(removed.ids).not.toContain(second.id);
  });

  it('name the words each record matches as it is now, after an edit or in a slot a removal freed', async () => {
    const index = EmbeddedSearchIndex.create();
    const record = searchDocument({ text: 'Rust compilers' });
    await index.upsert([record]);
    const query = searchQuery({ text: 'rust design' });
    const terms = async () => (await index.search(query)).signals?.[0]?.textTerms;
    expect(await terms()).toEqual(['rust']);
    await index.upsert([{ ...record, text: 'Design systems' }]);
    expect(await terms()).toEqual(['design']);
    await index.remove([record.id]);
    await index.upsert([searchDocument({ text: 'Rust and design' })]);
    expect(await terms()).toEqual(['rust', 'design']);
  });
});
