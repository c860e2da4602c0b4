import { afterEach, describe, expect, it } from 'vitest';
import { searchDocument } from '../search-index.contract';
import {
  PERCOLATE_MAX_HITS,
  percolateRequest,
  percolatorDocument,
  percolatorMappings,
} from './percolator-requests';
import { startFakeElasticsearch, type FakeElasticsearch } from '../elasticsearch/fake-elasticsearch.testing';
import { ElasticsearchSavedSearchMatcher } from './elasticsearch.saved-search-matcher';
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

  it('stores its must-nots as one must_not among the filters', () => {
    const search = savedSearch({
      filters: { locations: ['Spain'] },
      mustNot: { hardSkills: ['Full Stack Developer'] },
    });
    expect(percolatorDocument(search).query).toEqual({
      bool: {
        filter: [
          { bool: { should: [{ term: { 'tags.locations': 'Spain' } }], minimum_should_match: 1 } },
          { bool: { must_not: [{ term: { 'tags.hardSkills': 'Full Stack Developer' } }] } },
        ],
      },
    });
  });

  it('stores an understood text as its fixed words or one understood label of every filter, and rules labels out', () => {
    const search = savedSearch({
      text: 'pyhton developer in berlin, not full stack',
      understood: {
        labels: { toolsExperience: ['Python'], locations: ['Germany'] },
        not: { hardSkills: ['Full Stack Developer'] },
        places: ['berlin'],
        words: ['python', 'developer', 'berlin'],
      },
    });
    expect(percolatorDocument(search).query).toEqual({
      bool: {
        filter: [
          {
            bool: {
              should: [
                { match: { text: { query: 'python developer berlin', operator: 'and' } } },
                {
                  bool: {
                    filter: [
                      {
                        bool: {
                          should: [{ term: { 'tags.locations': 'Germany' } }],
                          minimum_should_match: 1,
                        },
                      },
                      {
                        bool: {
                          should: [{ term: { toolTokens: expect.any(String) } }],
                          minimum_should_match: 1,
                        },
                      },
                    ],
                  },
                },
              ],
              minimum_should_match: 1,
            },
          },
        ],
        must_not: [{ term: { 'tags.hardSkills': 'Full Stack Developer' } }],
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

// Bodies the matcher sends, against a recording server that answers like Elasticsearch. Checked against the
// API specification (elastic/elasticsearch-specification, specification/indices/put_mapping/
// IndicesPutMappingRequest.ts: body `dynamic`, `properties`; specification/_global/index/IndexRequest.ts:
// the body is the document) and the range query's date math (specification/_types/query_dsl/term.ts,
// `DateRangeQuery` bounds are `DateMath`).
describe('Elasticsearch saved-search matcher requests', () => {
  let server: FakeElasticsearch | undefined;
  let matcher: ElasticsearchSavedSearchMatcher | undefined;
  afterEach(async () => {
    await matcher?.close();
    await server?.close();
    matcher = undefined;
    server = undefined;
  });

  it('stores "Active within" and "Open only" as date math, evaluated when a record is percolated', async () => {
    server = await startFakeElasticsearch('9.4.1');
    matcher = await ElasticsearchSavedSearchMatcher.connect(server.url, { indexPrefix: 'skillers-alerts' });
    const search = savedSearch({ filters: { locations: ['Spain'], activeWithinDays: 30, openOnly: true } });
    await matcher.put(search);
    const [stored] = server.sent('PUT', `/skillers-alerts-saved-searches/_doc/${search._id}`);
    expect(stored.body).toEqual({
      searchId: search._id,
      kind: 'teammate',
      ownerId: search.ownerId,
      query: {
        bool: {
          filter: [
            { bool: { should: [{ term: { 'tags.locations': 'Spain' } }], minimum_should_match: 1 } },
            { range: { lastActiveAt: { gte: 'now-30d' } } },
            { range: { openUntil: { gt: 'now' } } },
          ],
        },
      },
    });
  });

  it('puts the current mapping on an index that exists, so new document fields can be percolated', async () => {
    server = await startFakeElasticsearch('9.4.1');
    matcher = await ElasticsearchSavedSearchMatcher.connect(server.url, { indexPrefix: 'skillers-alerts' });
    const [mapping] = server.sent('PUT', '/skillers-alerts-saved-searches/_mapping');
    expect(mapping.body).toEqual(percolatorMappings());
    expect(Object.keys(mapping.body as object).sort()).toEqual(['dynamic', 'properties']);
  });

  it('creates the index with the mapping when there is none', async () => {
    server = await startFakeElasticsearch('9.4.1', (request) =>
      request.method === 'HEAD' ? { status: 404 } : undefined,
    );
    matcher = await ElasticsearchSavedSearchMatcher.connect(server.url, { indexPrefix: 'skillers-alerts' });
    const [created] = server.sent('PUT', '/skillers-alerts-saved-searches');
    expect(created.body).toEqual({ mappings: percolatorMappings() });
    expect(server.sent('PUT', '/_mapping')).toEqual([]);
  });
});
