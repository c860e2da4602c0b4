import { TAG_FACETS } from '@skillers/domain';
import { describe, expect, it } from 'vitest';
import { searchDocument } from '../search-index.contract';
import { searchIndexMappings, toSource } from './elasticsearch-mapping';

// What is sent to Elasticsearch, checked without a cluster; the behaviour itself is the contract suite's.
describe('Elasticsearch mapping', () => {
  const mappings = searchIndexMappings(384);

  it('declares every field: keyword facets, cosine dense vector, strict', () => {
    expect(mappings.dynamic).toBe('strict');
    const tags = mappings.properties?.tags as { properties: Record<string, { type: string }> };
    expect(Object.keys(tags.properties).sort()).toEqual([...TAG_FACETS].sort());
    for (const facet of TAG_FACETS) expect(tags.properties[facet].type).toBe('keyword');
    expect(mappings.properties?.vector).toMatchObject({
      type: 'dense_vector',
      dims: 384,
      similarity: 'cosine',
    });
    expect(mappings.properties?.createdAt).toEqual({ type: 'date' });
    expect(mappings.properties?.lastActiveAt).toEqual({ type: 'date' });
    expect(mappings.properties?.openUntil).toEqual({ type: 'date' });
  });

  it('indexes tool levels as tokens and the deadline as a day, leaving zero vectors out', () => {
    const source = toSource(
      searchDocument({ toolLevels: { Go: 2 }, numbers: { deadline: '1970-01-03' }, vector: [0, 0, 0] }),
    );
    expect(source.toolTokens).toEqual(['0\u0000Go', '1\u0000Go', '2\u0000Go']);
    expect(source.deadlineDay).toBe(2);
    expect(source).not.toHaveProperty('vector');
  });
});
