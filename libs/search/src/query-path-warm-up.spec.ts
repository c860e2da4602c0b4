import type { SearchQuery } from '@skillers/domain';
import { describe, expect, it, vi } from 'vitest';
import { searchDocument } from './contract/search-fixtures.contract';
import { EmbeddedSearchIndex } from './embedded/embedded.search-index';
import { warmQueryPath } from './query-path-warm-up';

const LABELS = ['React', 'Rust', 'Figma', 'Go'];

const filledIndex = async () => {
  const index = EmbeddedSearchIndex.create();
  await index.upsert(
    Array.from({ length: 40 }, (_, n) =>
      searchDocument({
        text: `Record ${n} builds with ${LABELS[n % 4]}`,
        tags: { tools: [LABELS[n % 4]], usedLanguages: ['English'] },
        toolLevels: { [LABELS[n % 4]]: 1 + (n % 5) },
        vector: [1, n % 5, (n * 7) % 3, 1],
      }),
    ),
  );
  return index;
};

describe('warmQueryPath', () => {
  it('runs filtered, faceted, free-text and vector queries on each kind with records, and writes nothing', async () => {
    const index = await filledIndex();
    const search = vi.spyOn(index, 'search');
    const knn = vi.spyOn(index, 'knn');
    const upsert = vi.spyOn(index, 'upsert');

    expect(await warmQueryPath(index, { queriesPerKind: 40 })).toBe(40);

    const queries = search.mock.calls.map(([query]) => query as SearchQuery);
    expect(queries.every((query) => query.kind === 'teammate')).toBe(true);
    expect(queries.some((query) => Object.keys(query.tags).length > 0)).toBe(true);
    expect(queries.some((query) => query.facets)).toBe(true);
    expect(queries.some((query) => LABELS.some((label) => query.text?.includes(label)))).toBe(true);
    expect(queries.some((query) => query.queryVector?.length === 4)).toBe(true);
    expect(queries.some((query) => query.page > 1)).toBe(true);
    expect(knn).toHaveBeenCalled();
    expect(upsert).not.toHaveBeenCalled();
    expect(await index.count('teammate')).toBe(40);
  });

  it('stops when its signal aborts, and skips an empty index', async () => {
    const index = await filledIndex();
    const stop = new AbortController();
    stop.abort();
    expect(await warmQueryPath(index, { signal: stop.signal })).toBe(0);
    expect(await warmQueryPath(EmbeddedSearchIndex.create())).toBe(0);
  });
});
