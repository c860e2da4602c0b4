import { describe, expect, it } from 'vitest';
import { searchDocument } from '../search-index.contract';
import {
  PERCOLATE_MAX_HITS,
  percolateRequest,
  percolatorDocument,
  percolatorMappings,
} from './percolator-requests';
import { savedSearch } from './saved-search-matcher.contract';

describe('percolator requests', () => {
  it('maps the searchable fields beside the percolator field, without vectors', () => {
    const mappings = percolatorMappings();
    expect(mappings.dynamic).toBe('strict');
    expect(mappings.properties).toMatchObject({
      query: { type: 'percolator' },
      searchId: { type: 'keyword' },
      kind: { type: 'keyword' },
      ownerId: { type: 'keyword' },
      toolTokens: { type: 'keyword' },
      text: { type: 'text', analyzer: 'english' },
    });
    expect(mappings.properties).not.toHaveProperty('vector');
    expect(mappings.properties).not.toHaveProperty('vectorModel');
  });

  it('stores a search as the filtering query plus every word of its text', () => {
    const search = savedSearch({
      filters: { locations: ['Spain', 'Italy'], toolsExperience: [{ tool: 'React', mep: 3 }], bizOrTech: 40 },
      mustHave: { locations: ['Spain'] },
      text: 'drone pilots',
    });
    expect(percolatorDocument(search)).toEqual({
      searchId: search._id,
      kind: 'teammate',
      ownerId: search.ownerId,
      query: {
        bool: {
          filter: [
            {
              bool: {
                should: [{ term: { 'tags.locations': 'Spain' } }, { term: { 'tags.locations': 'Italy' } }],
                minimum_should_match: 1,
              },
            },
            { bool: { should: [{ term: { toolTokens: expect.any(String) } }], minimum_should_match: 1 } },
            { term: { 'tags.locations': 'Spain' } },
            { range: { 'numbers.bizRole': { gte: 20, lte: 60 } } },
            { match: { text: { query: 'drone pilots', operator: 'and' } } },
          ],
        },
      },
    });
  });

  it('leaves the text clause out when the text has no words but stop words', () => {
    const search = savedSearch({ filters: { locations: ['Spain'] }, text: 'the and' });
    expect(percolatorDocument(search).query).toEqual({
      bool: {
        filter: [{ bool: { should: [{ term: { 'tags.locations': 'Spain' } }], minimum_should_match: 1 } }],
      },
    });
  });

  it('percolates a record against the searches of its kind, leaving its owner out, without its vector', () => {
    const doc = searchDocument({
      kind: 'project',
      ownerId: 'c'.repeat(24),
      tags: { locations: ['Spain'] },
      toolLevels: { React: 4 },
      vector: [0.1, 0.2],
      vectorModel: 'test/model',
    });
    const request = percolateRequest('skillers-saved-searches', doc);
    expect(request).toMatchObject({
      index: 'skillers-saved-searches',
      size: PERCOLATE_MAX_HITS,
      _source: ['ownerId'],
      query: {
        bool: {
          filter: [
            { term: { kind: 'project' } },
            {
              percolate: {
                field: 'query',
                document: {
                  id: doc.id,
                  kind: 'project',
                  tags: { locations: ['Spain'] },
                  toolTokens: expect.any(Array),
                },
              },
            },
          ],
          must_not: [{ term: { ownerId: 'c'.repeat(24) } }],
        },
      },
    });
    const percolated = JSON.stringify(request.query);
    expect(percolated).not.toContain('vector');
  });
});
