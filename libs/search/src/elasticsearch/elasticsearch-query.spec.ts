import { TAG_FACETS } from '@skillers/domain';
import { describe, expect, it } from 'vitest';
import { searchIndexMappings, toSource } from './elasticsearch-mapping';
import { filterQuery } from './elasticsearch-query';
import { searchDocument } from '../search-index.contract';

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

describe('Elasticsearch filter query', () => {
  it('scores one clause per picked option and ORs options within a filter under min_1_match', () => {
    const query = filterQuery({
      restriction: 'min_1_match',
      tags: { industry: ['Banking', 'Mining'] },
      minToolLevels: { Go: 3 },
    });
    expect(query.should).toHaveLength(3);
    expect(query.filter).toEqual([
      {
        bool: {
          should: [{ term: { 'tags.industry': 'Banking' } }, { term: { 'tags.industry': 'Mining' } }],
          minimum_should_match: 1,
        },
      },
      { bool: { should: [{ term: { toolTokens: '3\u0000Go' } }], minimum_should_match: 1 } },
    ]);
  });

  it('requires every picked option under all_match', () => {
    const query = filterQuery({ restriction: 'all_match', tags: {}, workingTypes: ['Remote', 'Office'] });
    expect(query.filter).toEqual([
      { term: { workingTypeRemote: true } },
      { term: { workingTypeOffice: true } },
    ]);
  });

  it('turns number filters into ranges with the reference bounds', () => {
    const query = filterQuery({
      restriction: 'min_1_match',
      tags: {},
      availability: { mode: 'upTo', hours: 20 },
      bizRole: 50,
      deadline: '1970-01-11',
    });
    expect(query.numberFilters).toBe(3);
    expect(query.filter).toEqual([
      { range: { 'numbers.availability': { gt: 0, lte: 20 } } },
      { range: { 'numbers.bizRole': { gte: 30, lte: 70 } } },
      { range: { deadlineDay: { gte: 10 } } },
    ]);
  });
});
