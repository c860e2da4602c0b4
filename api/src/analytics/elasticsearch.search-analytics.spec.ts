import type { Client } from '@elastic/elasticsearch';
import { describe, expect, it } from 'vitest';
import {
  analyticsRequest,
  ElasticsearchSearchAnalytics,
  tallyOfAggregations,
} from './elasticsearch.search-analytics';
import { RANKS_REPORTED } from './search-analytics';

const CLICKS = { term: { type: 'click' } };
const FALLBACKS = { term: { similarityFallback: true } };
const FILTERING = { bool: { must_not: [CLICKS, FALLBACKS] } };
const ZERO = { bool: { filter: [FILTERING, { term: { hits: 0 } }] } };

/** An answer shaped as Elasticsearch gives it for `analyticsRequest`. */
const answer = {
  days: {
    buckets: [
      {
        key_as_string: '2031-05-04',
        key: Date.parse('2031-05-04'),
        doc_count: 9,
        searches: { doc_count: 4 },
        zeroResults: { doc_count: 1 },
        fallbacks: { doc_count: 1 },
        clicks: { doc_count: 3 },
      },
      {
        key_as_string: '2031-05-05',
        key: Date.parse('2031-05-05'),
        doc_count: 0,
        searches: { doc_count: 0 },
        zeroResults: { doc_count: 0 },
        fallbacks: { doc_count: 0 },
        clicks: { doc_count: 0 },
      },
    ],
  },
  ranks: {
    buckets: [
      { key: 1, doc_count: 6, clicks: { doc_count: 2 } },
      { key: 2, doc_count: 4, clicks: { doc_count: 1 } },
    ],
  },
  zeroResultCombinations: { doc_count: 1, top: { buckets: [{ key: 'locations: Iceland', doc_count: 1 }] } },
  labels: {
    doc_count: 4,
    top: {
      buckets: [
        { key: 'hardSkills: SQL', doc_count: 3 },
        { key: 'locations: Iceland', doc_count: 1 },
      ],
    },
  },
};

describe('search analytics from Elasticsearch', () => {
  it('asks for aggregations only, over the UTC days of the range, both included', () => {
    expect(analyticsRequest('search-events', { from: '2031-05-04', to: '2031-05-05' })).toEqual({
      index: 'search-events',
      ignore_unavailable: true,
      size: 0,
      track_total_hits: false,
      query: { range: { at: { gte: '2031-05-04T00:00:00.000Z', lt: '2031-05-06T00:00:00.000Z' } } },
      aggs: {
        days: {
          date_histogram: {
            field: 'at',
            calendar_interval: 'day',
            time_zone: 'UTC',
            format: 'yyyy-MM-dd',
            min_doc_count: 0,
            extended_bounds: { min: '2031-05-04', max: '2031-05-05' },
          },
          aggs: {
            searches: { filter: FILTERING },
            zeroResults: { filter: ZERO },
            fallbacks: { filter: FALLBACKS },
            clicks: { filter: CLICKS },
          },
        },
        ranks: {
          histogram: {
            field: 'rank',
            interval: 1,
            min_doc_count: 1,
            hard_bounds: { min: 1, max: RANKS_REPORTED },
          },
          aggs: { clicks: { filter: CLICKS } },
        },
        zeroResultCombinations: {
          filter: ZERO,
          aggs: { top: { terms: { field: 'combination', size: 10 } } },
        },
        labels: { filter: FILTERING, aggs: { top: { terms: { field: 'labels', size: 20 } } } },
      },
    });
  });

  it('turns the aggregations into the report: a rank bucket holds impressions and clicks together', async () => {
    const tally = tallyOfAggregations(answer);
    expect(tally.impressions.slice(0, 3)).toEqual([0, 4, 3]);
    expect(tally.clicks.slice(0, 3)).toEqual([0, 2, 1]);

    const requests: unknown[] = [];
    const client = {
      search: async (request: unknown) => {
        requests.push(request);
        return { aggregations: answer };
      },
    } as unknown as Client;
    const report = await new ElasticsearchSearchAnalytics(client, 'events').report({
      from: '2031-05-04',
      to: '2031-05-05',
    });
    expect(requests).toEqual([analyticsRequest('events', { from: '2031-05-04', to: '2031-05-05' })]);
    expect(report).toEqual({
      from: '2031-05-04',
      to: '2031-05-05',
      totals: {
        searches: 4,
        zeroResults: 1,
        fallbacks: 1,
        clicks: 3,
        zeroResultRate: 0.25,
        fallbackRate: 0.25,
      },
      days: [
        {
          day: '2031-05-04',
          searches: 4,
          zeroResults: 1,
          fallbacks: 1,
          clicks: 3,
          zeroResultRate: 0.25,
          fallbackRate: 0.25,
        },
        {
          day: '2031-05-05',
          searches: 0,
          zeroResults: 0,
          fallbacks: 0,
          clicks: 0,
          zeroResultRate: 0,
          fallbackRate: 0,
        },
      ],
      clickThroughByRank: [
        { rank: 1, impressions: 4, clicks: 2, clickThroughRate: 0.5 },
        { rank: 2, impressions: 3, clicks: 1, clickThroughRate: 0.3333 },
      ],
      zeroResultCombinations: [{ combination: 'locations: Iceland', count: 1 }],
      topLabels: [
        { label: 'hardSkills: SQL', count: 3 },
        { label: 'locations: Iceland', count: 1 },
      ],
    });
  });

  it('reports zeros when the index does not exist yet (no aggregations in the answer)', () => {
    const tally = tallyOfAggregations({});
    expect(tally.days.size).toBe(0);
    expect(tally.labels).toEqual([]);
  });
});
