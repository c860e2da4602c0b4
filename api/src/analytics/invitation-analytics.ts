import type { AnalyticsRange, InvitationAnalyticsReport, InvitationOutcomes } from '@skillers/domain';
import type { InvitationEvent, InvitationOutcome } from './invitation-event';
import { RANKS_REPORTED } from './search-analytics';

export type { InvitationAnalyticsReport };

/** Reciprocal scores are reported in five buckets of this width: 0-0.2, …, 0.8-1. */
export const SCORE_BUCKET_WIDTH = 0.2;
export const SCORE_BUCKETS = 5;

/** Injection token of the reader that aggregates the recorded invitation events for the admin analytics. */
export const INVITATION_ANALYTICS = Symbol('INVITATION_ANALYTICS');

/** Aggregates the invitation events of a range; each profile reads where its sink writes. */
export interface InvitationAnalyticsReader {
  report(range: AnalyticsRange): Promise<InvitationAnalyticsReport>;
}

type Counts = Record<InvitationOutcome, number>;

/** What an adapter counts: index b of `byScore` holds bucket b, index r of `byRank` holds rank r. */
export interface InvitationTally {
  totals: Counts;
  byScore: Counts[];
  byRank: Counts[];
}

export const noCounts = (): Counts => ({ sent: 0, accepted: 0, declined: 0 });

export const emptyInvitationTally = (): InvitationTally => ({
  totals: noCounts(),
  byScore: Array.from({ length: SCORE_BUCKETS }, noCounts),
  byRank: Array.from({ length: RANKS_REPORTED + 1 }, noCounts),
});

/** The bucket of a score: a score of 1 belongs to the last one, as 0.8 does. */
export const scoreBucketOf = (score: number): number =>
  Math.min(SCORE_BUCKETS - 1, Math.max(0, Math.floor(score / SCORE_BUCKET_WIDTH + 1e-9)));

/** Counts one event under its outcome: in the totals, its score's bucket and its rank (to 24). */
export const tallyInvitationEvent = (tally: InvitationTally, event: Partial<InvitationEvent>): void => {
  const { outcome, reciprocalScore: score, matchRank: rank } = event;
  if (outcome !== 'sent' && outcome !== 'accepted' && outcome !== 'declined') return;
  tally.totals[outcome] += 1;
  if (typeof score === 'number') tally.byScore[scoreBucketOf(score)][outcome] += 1;
  if (typeof rank === 'number' && rank >= 1 && rank <= RANKS_REPORTED) tally.byRank[rank][outcome] += 1;
};

const withRate = ({ sent, accepted, declined }: Counts): InvitationOutcomes => ({
  sent,
  accepted,
  declined,
  acceptanceRate: sent > 0 ? Math.round((accepted / sent) * 10_000) / 10_000 : 0,
});

const bound = (bucket: number) => Math.round(bucket * SCORE_BUCKET_WIDTH * 10) / 10;

export const finishInvitationReport = (tally: InvitationTally): InvitationAnalyticsReport => {
  const isUsed = (counts: Counts) => counts.sent + counts.accepted + counts.declined > 0;
  const deepest = tally.byRank.findLastIndex((counts, rank) => rank > 0 && isUsed(counts));
  return {
    totals: withRate(tally.totals),
    byScore: tally.byScore.map((counts, bucket) => ({
      from: bound(bucket),
      to: bound(bucket + 1),
      ...withRate(counts),
    })),
    byRank: tally.byRank.slice(1, Math.max(deepest, 0) + 1).map((counts, index) => ({
      rank: index + 1,
      ...withRate(counts),
    })),
  };
};
