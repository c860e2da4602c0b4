import { FUSION_WEIGHTS, fuseRankSignals, optionWeight } from '@skillers/domain';
import { describe, expect, it } from 'vitest';
import { searchQuery } from '../search-index.contract';
import type { ElasticsearchSearchIndex } from './elasticsearch.search-index';
import {
  CLEAN_CLAUSE,
  optionClauseName,
  TEXT_CLAUSE,
  understoodClauseName,
  VECTOR_CLAUSE,
} from './elasticsearch-query';
import {
  adapterPerBlock,
  type FakeAnswer,
  type FakeElasticsearch,
  type RecordedRequest,
} from './fake-elasticsearch.testing';

/*
 * What the adapter sends for a hybrid search and how it reads the answer, against a stand-in HTTP server
 * that answers like Elasticsearch (a real cluster runs the contract suite where ELASTICSEARCH_URL is set).
 */

describe('Elasticsearch hybrid search request', () => {
  let server: FakeElasticsearch;
  let index: ElasticsearchSearchIndex;

  const answer = (request: RecordedRequest): FakeAnswer | undefined => {
    if (!request.path.endsWith('/_search')) return undefined;
    const body = request.body as Record<string, unknown> | undefined;
    if (body?.size === 0) {
      // Option counts: 10 profiles, Banking on 5 of them, Mining on 1.
      return {
        body: {
          hits: { total: { value: 10, relation: 'eq' }, hits: [] },
          aggregations: { o0: { doc_count: 5 }, o1: { doc_count: 1 } },
        },
      };
    }
    return {
      body: {
        hits: {
          total: { value: 2, relation: 'eq' },
          hits: [
            {
              _id: 'a'.repeat(24),
              _score: 1,
              _source: { text: 'Rust compilers for banks' },
              matched_queries: {
                [optionClauseName(0, 1)]: 0.5,
                [TEXT_CLAUSE]: 2.4,
                [VECTOR_CLAUSE]: 0.1,
              },
            },
            {
              _id: 'b'.repeat(24),
              _score: 0.5,
              _source: { text: 'Design systems' },
              matched_queries: { [optionClauseName(0, 0)]: 0.3 },
            },
          ],
        },
      },
    };
  };
  const searches = () => server.requests.filter((request) => request.path.endsWith('/_search'));

  adapterPerBlock(answer, (connected) => ({ server, index } = connected));

  it('sends one scored query with the option weights, the text and the vector, and reads the signals back', async () => {
    server.requests.length = 0;
    const result = await index.search(
      searchQuery({
        tags: { industry: ['Banking', 'Mining'] },
        text: ' rust compilers ',
        queryVector: [0.1, 0.2, 0.3],
        pageSize: 2,
        page: 2,
      }),
    );
    const [counts, search] = searches();
    expect(counts.path).toBe('/skillers-teammate/_search');
    expect(counts.body).toMatchObject({ size: 0, track_total_hits: true });

    expect(search.path).toBe('/skillers-teammate/_search');
    expect(search.query.get('include_named_queries_score')).toBe('true');
    const [banking, mining] = [optionWeight(10, 5), optionWeight(10, 1)];
    const body = search.body as {
      query: { bool: { should: Record<string, { boost?: number; _name?: string }>[] } };
    };
    expect(search.body).toMatchObject({
      from: 2,
      size: 2,
      track_total_hits: true,
      _source: ['text'],
      sort: [{ _score: { order: 'desc' } }, { createdAt: { order: 'desc' } }, { id: { order: 'desc' } }],
      query: { bool: { minimum_should_match: 0 } },
    });
    const options = body.query.bool.should.slice(0, 2).map((clause) => clause.constant_score);
    expect(options.map((clause) => clause.boost)).toEqual([
      (FUSION_WEIGHTS.facet * banking) / (banking + mining),
      (FUSION_WEIGHTS.facet * mining) / (banking + mining),
    ]);
    expect(JSON.stringify(body.query.bool.should[2])).toContain('"query":"rust compilers"');
    expect(JSON.stringify(body.query.bool.should[3])).toContain('"vector":[0.1,0.2,0.3]');

    expect(result.ids).toEqual(['a'.repeat(24), 'b'.repeat(24)]);
    expect(result.total).toBe(2);
    expect(result.scores).toEqual([1, 1]);
    const first = {
      facet: mining / (banking + mining),
      text: 2.4,
      vector: 0.1 / FUSION_WEIGHTS.vector,
      textTerms: ['rust', 'compilers'],
    };
    expect(result.signals?.[0]).toEqual({ ...first, fused: fuseRankSignals(first) });
    const second = { facet: banking / (banking + mining), text: 0, textTerms: [] };
    expect(result.signals?.[1]).toEqual({ ...second, fused: fuseRankSignals(second) });
  });

  it('leaves out the text and vector clauses, and the source, for plain filtering', async () => {
    server.requests.length = 0;
    await index.search(searchQuery({ tags: { industry: ['Banking', 'Mining'] }, queryVector: [1, 2] }));
    // The option counts are still fresh: a single request.
    expect(server.requests).toHaveLength(1);
    const body = server.requests[0].body as { _source: unknown; query: { bool: { should: unknown[] } } };
    expect(body._source).toBe(false);
    // A vector of another length than the mapping's is never compared.
    expect(body.query.bool.should).toHaveLength(2);
  });
});

/* Must-haves, facets and relaxations beside the hybrid query, against the same kind of stand-in server. */
describe('Elasticsearch search with must-haves and facets', () => {
  let server: FakeElasticsearch;
  let index: ElasticsearchSearchIndex;
  const empty = { total: { value: 0, relation: 'eq' }, hits: [] };

  const answer = (request: RecordedRequest): FakeAnswer | undefined => {
    if (!request.path.endsWith('/_search')) return undefined;
    const body = request.body as { size?: number; aggs?: Record<string, unknown> };
    const aggs = Object.keys(body.aggs ?? {});
    if (aggs.includes('locations')) {
      return {
        body: {
          hits: empty,
          aggregations: {
            locations: {
              doc_count: 3,
              picked: { buckets: { 0: { doc_count: 0 }, 1: { doc_count: 3 } } },
              labels: { buckets: [{ key: 'Norway', doc_count: 3 }] },
            },
          },
        },
      };
    }
    // The relaxations: drop Location (3 records), or Iceland stops being a must-have (none).
    if (aggs.includes('0')) {
      return { body: { hits: empty, aggregations: { 0: { doc_count: 3 }, 1: { doc_count: 0 } } } };
    }
    if (body.size === 0) {
      return { body: { hits: empty, aggregations: { o0: { doc_count: 0 }, o1: { doc_count: 3 } } } };
    }
    return { body: { hits: empty } };
  };

  adapterPerBlock(answer, (connected) => ({ server, index } = connected));

  it('filters on the must-haves and must-nots, counts facets beside the page and asks for relaxations on no match', async () => {
    server.requests.length = 0;
    const result = await index.search(
      searchQuery({
        tags: { locations: ['Iceland', 'Norway'] },
        mustHave: { locations: ['Iceland'] },
        mustNot: { hardSkills: ['Full Stack Developer'] },
        facets: true,
      }),
    );
    const bodies = server.requests
      .filter((request) => request.path === '/skillers-teammate/_search')
      .map((request) => request.body as { size?: number; query?: unknown; aggs?: Record<string, unknown> });
    const ranked = bodies.find((body) => body.query !== undefined) as {
      query: { bool: { filter: unknown[] } };
    };
    // The must-have is a filter clause of its own, beside the either-location clause.
    expect(ranked.query.bool.filter).toContainEqual({ term: { 'tags.locations': 'Iceland' } });
    // The must-not narrows in the filter context too, without scoring.
    expect(ranked.query.bool.filter).toContainEqual({
      bool: { must_not: [{ term: { 'tags.hardSkills': 'Full Stack Developer' } }] },
    });
    expect(bodies.filter((body) => body.aggs && 'locations' in body.aggs)).toHaveLength(1);
    expect(bodies.filter((body) => body.aggs && '0' in body.aggs)).toHaveLength(1);

    expect(result.total).toBe(0);
    expect(result.facets?.locations).toEqual({ Iceland: 0, Norway: 3 });
    expect(result.relax).toEqual([{ dimension: 'locations', count: 3 }]);
  });
});

/* The sets of filters to drop when no single one helps, against the same kind of stand-in server. */
describe('Elasticsearch search whose single relaxations all find nothing', () => {
  let server: FakeElasticsearch;
  let index: ElasticsearchSearchIndex;
  const empty = { total: { value: 0, relation: 'eq' }, hits: [] };

  const answer = (request: RecordedRequest): FakeAnswer | undefined => {
    if (!request.path.endsWith('/_search')) return undefined;
    const aggs = Object.keys((request.body as { aggs?: Record<string, unknown> }).aggs ?? {});
    // Dropping tools and locations together finds 11 records; every single change, nothing.
    if (aggs.includes('s0')) return { body: { hits: empty, aggregations: { s0: { doc_count: 11 } } } };
    if (aggs.includes('0')) {
      return { body: { hits: empty, aggregations: { 0: { doc_count: 0 }, 1: { doc_count: 0 } } } };
    }
    return { body: { hits: empty, aggregations: {} } };
  };

  adapterPerBlock(answer, (connected) => ({ server, index } = connected));

  it('counts the sets of filters in one more request and answers the smallest that helps', async () => {
    server.requests.length = 0;
    const result = await index.search(
      searchQuery({
        restriction: 'all_match',
        tags: { locations: ['Iceland'] },
        minToolLevels: { COBOL: 1 },
        facets: true,
      }),
    );
    const aggregations = server.requests
      .filter((request) => request.path === '/skillers-teammate/_search')
      .map((request) => (request.body as { aggs?: Record<string, unknown> }).aggs)
      .filter((aggs) => aggs !== undefined && ('0' in aggs || 's0' in aggs));
    // One request for the single changes, then one for the sets: the only pair, tools and locations.
    expect(aggregations.map((aggs) => Object.keys(aggs ?? {}))).toEqual([['0', '1'], ['s0']]);
    expect(aggregations[1]?.s0).toEqual({ filter: { bool: { filter: [] } } });
    expect(result.relax).toEqual([{ remove: ['tools', 'locations'], count: 11 }]);
  });
});

/* Labels understood from the free text, against the same kind of stand-in server. */
describe('Elasticsearch search with understood and ruled-out labels', () => {
  let server: FakeElasticsearch;
  let index: ElasticsearchSearchIndex;

  const answer = (request: RecordedRequest): FakeAnswer | undefined => {
    if (!request.path.endsWith('/_search')) return undefined;
    const body = request.body as Record<string, unknown> | undefined;
    if (body?.size === 0) {
      // Option counts of the understood options: 10 profiles, Rust on 2 of them, Spain on 4.
      return {
        body: {
          hits: { total: { value: 10, relation: 'eq' }, hits: [] },
          aggregations: { o0: { doc_count: 4 }, o1: { doc_count: 2 } },
        },
      };
    }
    return {
      body: {
        hits: {
          total: { value: 2, relation: 'eq' },
          hits: [
            {
              _id: 'a'.repeat(24),
              _score: 1,
              _source: { text: 'Rust in Madrid' },
              matched_queries: { [understoodClauseName(1, 0)]: 0.1, [CLEAN_CLAUSE]: 0.5, [TEXT_CLAUSE]: 1.2 },
            },
            {
              _id: 'b'.repeat(24),
              _score: 0.2,
              _source: { text: 'Full stack in Madrid' },
              matched_queries: { [understoodClauseName(0, 0)]: 0.05 },
            },
          ],
        },
      },
    };
  };

  adapterPerBlock(answer, (connected) => ({ server, index } = connected));

  it('weighs understood options like picks, lifts the records without a ruled-out label, and never narrows', async () => {
    server.requests.length = 0;
    const result = await index.search(
      searchQuery({
        text: 'rust madrid',
        understood: {
          options: { tags: { locations: ['Spain'] }, minToolLevels: { Rust: 1 } },
          not: { tags: { hardSkills: ['Full Stack Developer'] } },
        },
      }),
    );
    const search = server.requests.find(
      (request) => request.path.endsWith('/_search') && (request.body as { size?: number }).size !== 0,
    ) as RecordedRequest;
    const body = search.body as {
      query: {
        bool: {
          filter: unknown[];
          should: Record<string, { boost?: number; _name?: string; filter?: unknown }>[];
        };
      };
    };
    // Nothing understood narrows: the query has no filter clause at all.
    expect(body.query.bool.filter).toEqual([]);
    const named = Object.fromEntries(
      body.query.bool.should
        .map((clause) => clause.constant_score)
        .filter((clause) => clause?._name !== undefined)
        .map((clause) => [clause._name, clause]),
    );
    const [spain, rust] = [optionWeight(10, 4), optionWeight(10, 2)];
    expect(named[understoodClauseName(0, 0)]).toEqual({
      filter: { term: { 'tags.locations': 'Spain' } },
      boost: ((FUSION_WEIGHTS.understood ?? 0) * spain) / (spain + rust),
      _name: understoodClauseName(0, 0),
    });
    expect(named[understoodClauseName(1, 0)].boost).toBe(
      ((FUSION_WEIGHTS.understood ?? 0) * rust) / (spain + rust),
    );
    expect(named[CLEAN_CLAUSE]).toEqual({
      filter: { bool: { must_not: [{ term: { 'tags.hardSkills': 'Full Stack Developer' } }] } },
      boost: FUSION_WEIGHTS.clean,
      _name: CLEAN_CLAUSE,
    });

    const first = {
      facet: 0,
      understood: rust / (spain + rust),
      clean: 1,
      text: 1.2,
      textTerms: ['rust', 'madrid'],
    };
    expect(result.signals?.[0]).toEqual({ ...first, fused: fuseRankSignals(first) });
    const second = { facet: 0, understood: spain / (spain + rust), clean: 0, text: 0, textTerms: ['madrid'] };
    expect(result.signals?.[1]).toEqual({ ...second, fused: fuseRankSignals(second) });
  });
});
