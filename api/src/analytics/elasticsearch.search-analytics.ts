import type { Client, estypes } from '@elastic/elasticsearch';
import {
  type AnalyticsRange,
  type AnalyticsTally,
  dayAfter,
  type EventCounts,
  finishReport,
  LABELS_REPORTED,
  RANKS_REPORTED,
  type SearchAnalyticsReader,
  type SearchAnalyticsReport,
  ZERO_RESULT_COMBINATIONS_REPORTED,
} from './search-analytics';

const CLICKS: estypes.QueryDslQueryContainer = { term: { type: 'click' } };
const FALLBACKS: estypes.QueryDslQueryContainer = { term: { similarityFallback: true } };
/** Filtering searches: neither clicks nor fallbacks. Events older than `type` have none and are searches. */
const FILTERING: estypes.QueryDslQueryContainer = { bool: { must_not: [CLICKS, FALLBACKS] } };
const ZERO_RESULTS: estypes.QueryDslQueryContainer = { bool: { filter: [FILTERING, { term: { hits: 0 } }] } };

/**
 * One request, no hits, only aggregations: a per-day histogram with the four counts, a histogram over
 * `rank` (a search counts once under each rank it showed, a click under the rank it opened), and the top
 * zero-result combinations and labels of filtering searches.
 */
export const analyticsRequest = (index: string, { from, to }: AnalyticsRange): estypes.SearchRequest => ({
  index,
  // Before the first event the index may not exist yet: an empty report, not an error.
  ignore_unavailable: true,
  size: 0,
  track_total_hits: false,
  query: { range: { at: { gte: `${from}T00:00:00.000Z`, lt: `${dayAfter(to)}T00:00:00.000Z` } } },
  aggs: {
    days: {
      date_histogram: {
        field: 'at',
        calendar_interval: 'day',
        time_zone: 'UTC',
        format: 'yyyy-MM-dd',
        min_doc_count: 0,
        extended_bounds: { min: from, max: to },
      },
      aggs: {
        searches: { filter: FILTERING },
        zeroResults: { filter: ZERO_RESULTS },
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
      filter: ZERO_RESULTS,
      aggs: { top: { terms: { field: 'combination', size: ZERO_RESULT_COMBINATIONS_REPORTED } } },
    },
    labels: {
      filter: FILTERING,
      aggs: { top: { terms: { field: 'labels', size: LABELS_REPORTED } } },
    },
  },
});

interface Count {
  doc_count: number;
}
interface KeyedBuckets<Key> {
  buckets: (Count & { key: Key; key_as_string?: string } & Record<string, unknown>)[];
}
interface TopTerms {
  top: KeyedBuckets<string>;
}

/** The aggregations of `analyticsRequest`'s answer, as the report's counts. */
export const tallyOfAggregations = (aggregations: Record<string, unknown>): AnalyticsTally => {
  const none = { buckets: [] };
  const days = (aggregations.days ?? none) as KeyedBuckets<number>;
  const ranks = (aggregations.ranks ?? none) as KeyedBuckets<number>;
  const impressions = new Array<number>(RANKS_REPORTED + 1).fill(0);
  const clicks = new Array<number>(RANKS_REPORTED + 1).fill(0);
  for (const bucket of ranks.buckets) {
    const clicked = (bucket.clicks as Count).doc_count;
    impressions[bucket.key] = bucket.doc_count - clicked;
    clicks[bucket.key] = clicked;
  }
  const top = (name: string) =>
    ((aggregations[name] as TopTerms | undefined)?.top ?? none).buckets.map((bucket) => ({
      key: bucket.key,
      count: bucket.doc_count,
    }));
  return {
    days: new Map(
      days.buckets.map((bucket): [string, EventCounts] => [
        bucket.key_as_string ?? new Date(bucket.key).toISOString().slice(0, 10),
        {
          searches: (bucket.searches as Count).doc_count,
          zeroResults: (bucket.zeroResults as Count).doc_count,
          fallbacks: (bucket.fallbacks as Count).doc_count,
          clicks: (bucket.clicks as Count).doc_count,
        },
      ]),
    ),
    impressions,
    clicks,
    zeroResultCombinations: top('zeroResultCombinations'),
    labels: top('labels'),
  };
};

/** A year of events is aggregated in one request: more patience than the sink's quick writes get. */
export const REPORT_TIMEOUT_MS = 30_000;

/** The cluster profile's analytics: Elasticsearch aggregates the events index it is given. */
export class ElasticsearchSearchAnalytics implements SearchAnalyticsReader {
  constructor(
    private readonly client: Client,
    private readonly index: string,
  ) {}

  async report(range: AnalyticsRange): Promise<SearchAnalyticsReport> {
    const answer = await this.client.search(analyticsRequest(this.index, range), {
      requestTimeout: REPORT_TIMEOUT_MS,
    });
    return finishReport(range, tallyOfAggregations(answer.aggregations ?? {}));
  }
}
