import type { Client, estypes } from '@elastic/elasticsearch';
import {
  emptyInvitationTally,
  finishInvitationReport,
  type InvitationAnalyticsReader,
  type InvitationAnalyticsReport,
  type InvitationTally,
  SCORE_BUCKET_WIDTH,
  scoreBucketOf,
} from './invitation-analytics';
import type { InvitationOutcome } from './invitation-event';
import { REPORT_TIMEOUT_MS } from './elasticsearch.search-analytics';
import { type AnalyticsRange, dayAfter, RANKS_REPORTED } from './search-analytics';

const OUTCOMES: readonly InvitationOutcome[] = ['sent', 'accepted', 'declined'];

/** One filter sub-aggregation per outcome. */
const byOutcome: Record<InvitationOutcome, estypes.AggregationsAggregationContainer> = {
  sent: { filter: { term: { outcome: 'sent' } } },
  accepted: { filter: { term: { outcome: 'accepted' } } },
  declined: { filter: { term: { outcome: 'declined' } } },
};

/**
 * One request, no hits: the outcomes in all, per score bucket (a histogram of width 0.2, whose bucket
 * at 1 is folded into the last one; scores are validated to 0-1) and per rank 1-24.
 */
export const invitationAnalyticsRequest = (
  index: string,
  { from, to }: AnalyticsRange,
): estypes.SearchRequest => ({
  index,
  ignore_unavailable: true,
  size: 0,
  track_total_hits: false,
  query: { range: { at: { gte: `${from}T00:00:00.000Z`, lt: `${dayAfter(to)}T00:00:00.000Z` } } },
  aggs: {
    ...byOutcome,
    scores: {
      histogram: {
        field: 'reciprocalScore',
        interval: SCORE_BUCKET_WIDTH,
        min_doc_count: 1,
      },
      aggs: byOutcome,
    },
    ranks: {
      histogram: {
        field: 'matchRank',
        interval: 1,
        min_doc_count: 1,
        hard_bounds: { min: 1, max: RANKS_REPORTED },
      },
      aggs: byOutcome,
    },
  },
});

interface Count {
  doc_count: number;
}
type OutcomeBucket = Record<InvitationOutcome, Count> & { key: number };

const countsOf = (bucket: Partial<Record<InvitationOutcome, Count>>) => ({
  sent: bucket.sent?.doc_count ?? 0,
  accepted: bucket.accepted?.doc_count ?? 0,
  declined: bucket.declined?.doc_count ?? 0,
});

const add = (into: Record<InvitationOutcome, number>, counts: Record<InvitationOutcome, number>) => {
  for (const outcome of OUTCOMES) into[outcome] += counts[outcome];
};

/** The aggregations of `invitationAnalyticsRequest`'s answer, as the report's counts. */
export const invitationTallyOfAggregations = (aggregations: Record<string, unknown>): InvitationTally => {
  const tally = emptyInvitationTally();
  tally.totals = countsOf(aggregations as Partial<Record<InvitationOutcome, Count>>);
  const buckets = (name: string) =>
    (aggregations[name] as { buckets?: OutcomeBucket[] } | undefined)?.buckets ?? [];
  for (const bucket of buckets('scores')) {
    // Float keys (0.6000000000000001): the bucket's middle names it surely.
    add(tally.byScore[scoreBucketOf(bucket.key + SCORE_BUCKET_WIDTH / 2)], countsOf(bucket));
  }
  for (const bucket of buckets('ranks')) {
    if (bucket.key >= 1 && bucket.key <= RANKS_REPORTED) add(tally.byRank[bucket.key], countsOf(bucket));
  }
  return tally;
};

/** The cluster profile's invitation analytics: Elasticsearch aggregates the invitation events stream. */
export class ElasticsearchInvitationAnalytics implements InvitationAnalyticsReader {
  constructor(
    private readonly client: Client,
    private readonly index: string,
  ) {}

  async report(range: AnalyticsRange): Promise<InvitationAnalyticsReport> {
    const answer = await this.client.search(invitationAnalyticsRequest(this.index, range), {
      requestTimeout: REPORT_TIMEOUT_MS,
    });
    return finishInvitationReport(invitationTallyOfAggregations(answer.aggregations ?? {}));
  }
}
