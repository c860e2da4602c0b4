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
