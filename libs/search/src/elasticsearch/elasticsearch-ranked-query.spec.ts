import { FUSION_WEIGHTS } from '@skillers/domain';
import { describe, expect, it } from 'vitest';
import {
  filterQuery,
  FRESH_ACTIVE_CLAUSE,
  FRESH_OPEN_CLAUSE,
  optionClauseName,
  rankedQuery,
  TEXT_CLAUSE,
  VECTOR_CLAUSE,
} from './elasticsearch-query';

// What is sent to Elasticsearch, checked without a cluster; the behaviour itself is the contract suite's.
describe('Elasticsearch ranked query', () => {
  const filters = filterQuery({
    restriction: 'min_1_match',
    tags: { industry: ['Banking', 'Mining'] },
    minToolLevels: { Rust: 1 },
  });

  it('scores each picked option by its share of the picked weight, without narrowing the matches', () => {
    const query = rankedQuery(filters, { optionWeights: [[100, 300], [600]] });
    expect(query.bool.filter).toBe(filters.filter);
    expect(query.bool.minimum_should_match).toBe(0);
    expect(query.bool.should).toEqual([
      {
        constant_score: {
          filter: { term: { 'tags.industry': 'Banking' } },
          boost: FUSION_WEIGHTS.facet * 0.1,
          _name: optionClauseName(0, 0),
        },
      },
      {
        constant_score: {
          filter: { term: { 'tags.industry': 'Mining' } },
          boost: FUSION_WEIGHTS.facet * 0.3,
          _name: optionClauseName(0, 1),
        },
      },
      {
        constant_score: {
          filter: { term: { toolTokens: '1\u0000Rust' } },
          boost: FUSION_WEIGHTS.facet * 0.6,
          _name: optionClauseName(1, 0),
        },
      },
    ]);
  });

  it('adds the saturated BM25 of the free text and the positive cosine of the model vectors', () => {
    const query = rankedQuery(filterQuery({ restriction: 'min_1_match', tags: {} }), {
      optionWeights: [],
      text: 'rust compilers',
      vector: { values: [0.1, 0.2, 0.3], model: 'test/model' },
    });
    expect(query.bool.filter).toEqual([]);
    expect(query.bool.should).toEqual([
      {
        script_score: {
          query: { match: { text: { query: 'rust compilers', _name: TEXT_CLAUSE } } },
          script: {
            source: 'params.weight * _score / (_score + params.saturation)',
            params: { weight: FUSION_WEIGHTS.text, saturation: FUSION_WEIGHTS.textSaturation },
          },
        },
      },
      {
        script_score: {
          query: {
            bool: { filter: [{ exists: { field: 'vector' } }, { term: { vectorModel: 'test/model' } }] },
          },
          script: {
            source:
              "double c = cosineSimilarity(params.vector, 'vector'); return c > 0 ? params.weight * c : 0;",
            params: { vector: [0.1, 0.2, 0.3], weight: FUSION_WEIGHTS.vector },
          },
          _name: VECTOR_CLAUSE,
        },
      },
    ]);
  });
});

describe('Elasticsearch freshness ranking', () => {
  it('adds half the freshness weight for an owner active within 30 days and half for an open record', () => {
    const rankedAtMs = Date.parse('2026-03-01T00:00:00.000Z');
    const query = rankedQuery(filterQuery({ restriction: 'min_1_match', tags: {} }), {
      optionWeights: [],
      rankedAtMs,
    });
    const half = (FUSION_WEIGHTS.fresh ?? 0) / 2;
    expect(half).toBeGreaterThan(0);
    expect(query.bool.should).toEqual([
      {
        constant_score: {
          filter: {
            range: { lastActiveAt: { gte: rankedAtMs - 30 * 86_400_000, format: 'epoch_millis' } },
          },
          boost: half,
          _name: FRESH_ACTIVE_CLAUSE,
        },
      },
      {
        constant_score: {
          filter: { range: { openUntil: { gt: rankedAtMs, format: 'epoch_millis' } } },
          boost: half,
          _name: FRESH_OPEN_CLAUSE,
        },
      },
    ]);
  });

  it('leaves freshness out without a ranking moment', () => {
    const query = rankedQuery(filterQuery({ restriction: 'min_1_match', tags: {} }), { optionWeights: [] });
    expect(query.bool.should).toEqual([]);
  });
});
