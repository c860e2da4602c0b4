/** The admin analytics report (`GET /admin/analytics`), shared by the API and the admin page. */

/** UTC days, both included, as `YYYY-MM-DD`. */
export interface AnalyticsRange {
  from: string;
  to: string;
}

/** What one day, or the whole range, counts. */
export interface EventCounts {
  /** Filtering searches (the similarity fallback is counted apart). */
  searches: number;
  /** Filtering searches that matched nothing. */
  zeroResults: number;
  /** Similarity rankings (`/sort`), which the web app asks for when a filtering search matched nothing. */
  fallbacks: number;
  clicks: number;
}

export interface RateCounts extends EventCounts {
  /** zeroResults / searches, 0 without searches. */
  zeroResultRate: number;
  /** fallbacks / searches, 0 without searches. */
  fallbackRate: number;
}

export interface RankClickThrough {
  rank: number;
  /** How many answers showed a result at this rank. */
  impressions: number;
  clicks: number;
  /** clicks / impressions, 0 without impressions. */
  clickThroughRate: number;
}

export interface SearchAnalyticsReport extends AnalyticsRange {
  totals: RateCounts;
  /** Every day of the range, oldest first, days without events included. */
  days: (RateCounts & { day: string })[];
  /** Ranks 1 to the deepest rank shown (at most RANKS_REPORTED). */
  clickThroughByRank: RankClickThrough[];
  /** The filter combinations of filtering searches that matched nothing, most frequent first. */
  zeroResultCombinations: { combination: string; count: number }[];
  /** The options picked in filtering searches, as `key: label`, most used first. */
  topLabels: { label: string; count: number }[];
}

/** Invitations sent and answered; the rate is accepted / sent, 0 without invitations sent. */
export interface InvitationOutcomes {
  sent: number;
  accepted: number;
  declined: number;
  acceptanceRate: number;
}

/** Invitations sent from a match list, by the reciprocal score and the rank the match was shown at. */
export interface InvitationAnalyticsReport {
  /** Every invitation, from a match list or not. */
  totals: InvitationOutcomes;
  /** Score buckets `[from, to)` of width 0.2, the last one including 1; all five, empty ones included. */
  byScore: (InvitationOutcomes & { from: number; to: number })[];
  /** Ranks 1 to the deepest rank reported (at most 24). */
  byRank: (InvitationOutcomes & { rank: number })[];
}

/** `GET /admin/analytics`: the search analytics with the invitations of the same range. */
export interface AdminAnalyticsReport extends SearchAnalyticsReport {
  invitations: InvitationAnalyticsReport;
}
