import { createReadStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { LIST_PAGE_SIZE } from '@skillers/domain';
import { searchEventsFileName } from './search-events-files';
import {
  type AnalyticsRange,
  type AnalyticsTally,
  daysOf,
  emptyCounts,
  type EventCounts,
  finishReport,
  LABELS_REPORTED,
  RANKS_REPORTED,
  type SearchAnalyticsReader,
  type SearchAnalyticsReport,
  ZERO_RESULT_COMBINATIONS_REPORTED,
} from './search-analytics';
import { type ClickEvent, filterCombination, pickedLabels, type SearchEvent } from './search-event';
import { TopCounter } from './top-counter';

/**
 * Distinct combinations and labels counted exactly before the counters start to approximate; far more
 * than the reports show, and a few hundred kilobytes at most.
 */
export const DISTINCT_KEYS_COUNTED = 5_000;

/** Lines written before a field existed are read as they were meant: every older event is a search. */
type StoredEvent = Partial<SearchEvent> | Partial<ClickEvent>;

const ranksOf = (event: Partial<SearchEvent>): number[] =>
  event.rank ??
  (event.returned ?? []).map((_, shown) => ((event.page ?? 1) - 1) * LIST_PAGE_SIZE + shown + 1);

/**
 * The embedded profile's analytics: reads the day files of the range line by line, so memory stays bounded
 * (a few counters per day and rank, and two bounded top-k counters) however many events there are.
 */
export class JsonlFileSearchAnalytics implements SearchAnalyticsReader {
  constructor(
    readonly folder: string,
    /** Written events are read: the sink's buffer is flushed first, so the report includes the last seconds. */
    private readonly beforeReading: () => Promise<void> = async () => undefined,
  ) {}

  async report(range: AnalyticsRange): Promise<SearchAnalyticsReport> {
    await this.beforeReading();
    const tally = new JsonlTally();
    for (const day of daysOf(range)) {
      const file = join(this.folder, searchEventsFileName(day));
      if (!existsSync(file)) continue;
      const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
      for await (const line of lines) tally.addLine(day, line);
    }
    return finishReport(range, tally.result());
  }
}

class JsonlTally {
  private readonly days = new Map<string, EventCounts>();
  private readonly impressions = new Array<number>(RANKS_REPORTED + 1).fill(0);
  private readonly clicks = new Array<number>(RANKS_REPORTED + 1).fill(0);
  private readonly combinations = new TopCounter(DISTINCT_KEYS_COUNTED);
  private readonly labels = new TopCounter(DISTINCT_KEYS_COUNTED);

  addLine(day: string, line: string): void {
    if (!line.trim()) return;
    let event: StoredEvent;
    try {
      event = JSON.parse(line) as StoredEvent;
    } catch {
      // A line cut short by a crash mid-write: the events around it still count.
      return;
    }
    this.add(day, event);
  }

  private add(day: string, event: StoredEvent): void {
    let counts = this.days.get(day);
    if (!counts) {
      counts = emptyCounts();
      this.days.set(day, counts);
    }
    if (event.type === 'click') {
      const { rank } = event as Partial<ClickEvent>;
      counts.clicks += 1;
      if (rank !== undefined && rank <= RANKS_REPORTED) this.clicks[rank] += 1;
      return;
    }
    const search = event as Partial<SearchEvent>;
    for (const rank of ranksOf(search)) if (rank <= RANKS_REPORTED) this.impressions[rank] += 1;
    if (search.similarityFallback) {
      counts.fallbacks += 1;
      return;
    }
    counts.searches += 1;
    const filters = search.filters ?? {};
    for (const label of search.labels ?? pickedLabels(filters)) this.labels.add(label);
    if (search.hits === 0) {
      counts.zeroResults += 1;
      this.combinations.add(search.combination ?? filterCombination(filters, search.filterKeys ?? []));
    }
  }

  result(): AnalyticsTally {
    return {
      days: this.days,
      impressions: this.impressions,
      clicks: this.clicks,
      zeroResultCombinations: this.combinations.top(ZERO_RESULT_COMBINATIONS_REPORTED),
      labels: this.labels.top(LABELS_REPORTED),
    };
  }
}
