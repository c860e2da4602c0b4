import { describe, expect, it } from 'vitest';
import { openSearchIndex } from './open-search-index';
import { EmbeddedSearchIndex } from './embedded/embedded.search-index';

// With ELASTICSEARCH_URL set, the Elasticsearch adapter's contract suite opens its index through it too.
describe('openSearchIndex', () => {
  it('opens an empty embedded index without an Elasticsearch URL', async () => {
    const index = await openSearchIndex();
    expect(index).toBeInstanceOf(EmbeddedSearchIndex);
    expect(index.adapter).toBe('orama');
    expect(await index.isReady()).toBe(true);
    expect(await index.count('project')).toBe(0);
  });

  it('turns down an Elasticsearch URL where nothing answers, instead of falling back to the embedded index', async () => {
    await expect(openSearchIndex({ elasticsearchUrl: 'http://127.0.0.1:9' })).rejects.toThrow();
  }, 30_000);
});
