import type { AnalyticsRange, EventCounts, RateCounts, SearchAnalyticsReport } from '@skillers/domain';

export type { AnalyticsRange, EventCounts, SearchAnalyticsReport };

/** Injection token of the reader that aggregates the recorded search events for the admin analytics. */
export const SEARCH_ANALYTICS = Symbol('SEARCH_ANALYTICS');

/** Click-through is reported for the first two pages of results. */
export const RANKS_REPORTED = 24;
export const ZERO_RESULT_COMBINATIONS_REPORTED = 10;
export const LABELS_REPORTED = 20;

/** Aggregates the events of a range; each profile reads where its sink writes. */
export interface SearchAnalyticsReader {
  report(range: AnalyticsRange): Promise<SearchAnalyticsReport>;
}

/** What an adapter counts; `finishReport` turns it into the report. */
export interface AnalyticsTally {
  days: Map<string, EventCounts>;
  /** Index r holds rank r; index 0 is unused. */
  impressions: number[];
  clicks: number[];
  zeroResultCombinations: { key: string; count: number }[];
  labels: { key: string; count: number }[];
}

const MS_PER_DAY = 86_400_000;

export const emptyCounts = (): EventCounts => ({ searches: 0, zeroResults: 0, fallbacks: 0, clicks: 0 });

export const daysOf = ({ from, to }: AnalyticsRange): string[] => {
  const days: string[] = [];
  for (let time = Date.parse(from); time <= Date.parse(to); time += MS_PER_DAY) {
    days.push(new Date(time).toISOString().slice(0, 10));
  }
  return days;
};

export const dayAfter = (day: string): string =>
  new Date(Date.parse(day) + MS_PER_DAY).toISOString().slice(0, 10);

const rate = (part: number, whole: number): number =>
  whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : 0;

const withRates = (counts: EventCounts): RateCounts => ({
  ...counts,
  zeroResultRate: rate(counts.zeroResults, counts.searches),
  fallbackRate: rate(counts.fallbacks, counts.searches),
});

export const finishReport = (range: AnalyticsRange, tally: AnalyticsTally): SearchAnalyticsReport => {
  const days = daysOf(range).map((day) => ({ day, ...withRates(tally.days.get(day) ?? emptyCounts()) }));
  const totals = emptyCounts();
  for (const day of days) {
    totals.searches += day.searches;
    totals.zeroResults += day.zeroResults;
    totals.fallbacks += day.fallbacks;
    totals.clicks += day.clicks;
  }
  let deepest = 0;
  for (let rank = 1; rank <= RANKS_REPORTED; rank += 1) {
    if ((tally.impressions[rank] ?? 0) > 0 || (tally.clicks[rank] ?? 0) > 0) deepest = rank;
  }
  const clickThroughByRank = Array.from({ length: deepest }, (_, index) => {
    const rank = index + 1;
    const impressions = tally.impressions[rank] ?? 0;
    const clicks = tally.clicks[rank] ?? 0;
    return { rank, impressions, clicks, clickThroughRate: rate(clicks, impressions) };
  });
  return {
    ...range,
    totals: withRates(totals),
    days,
    clickThroughByRank,
    zeroResultCombinations: tally.zeroResultCombinations
      .slice(0, ZERO_RESULT_COMBINATIONS_REPORTED)
      .map(({ key, count }) => ({ combination: key, count })),
    topLabels: tally.labels.slice(0, LABELS_REPORTED).map(({ key, count }) => ({ label: key, count })),
  };
};
