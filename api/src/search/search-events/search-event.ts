import {
  type ActiveFilters,
  type FilteringRequest,
  type FilteringRestriction,
  type SearchKind,
  setDeadlineDay,
} from '@skillers/domain';

/** How many of the best hits an event keeps with their scores: enough to judge the ranking of a page. */
export const TOP_HITS_RECORDED = 10;

export interface ScoredHit {
  id: string;
  score: number;
}

/**
 * One answered search, as analysts read it. It names no user: ranking questions need none, and even a
 * hashed id stays personal data (ids are known to the store, so a hash is reversed by hashing them all).
 * `signedIn` keeps the one distinction that matters for ranking (saved marks are shown).
 */
export interface SearchEvent {
  /** When the answer was ready, ISO 8601 in UTC. */
  at: string;
  kind: SearchKind;
  restriction: FilteringRestriction;
  /** The `activeFilters` of the request as validated, empty lists and zero values included. */
  filters: ActiveFilters;
  /** The keys of `filters` that narrow the search, in the order the filter keys are declared. */
  filterKeys: string[];
  activeFilterCount: number;
  page: number;
  /** How many records match in all. */
  hits: number;
  /** Ids of the records on the page, in the order shown. */
  returned: string[];
  /**
   * Whether the similarity ranking answered: true for `/sort`, which the web app calls when a filtering
   * search matched nothing; false for the filtering searches themselves.
   */
  similarityFallback: boolean;
  /** `/sort` only: whether the ranking compared vectors (`semantic`) or tags and words (`lexical`, no model). */
  similarityMode?: 'semantic' | 'lexical';
  /** The first hits of the page with the index's score. */
  top: ScoredHit[];
  /** Time spent in the index query and the store join, in milliseconds. */
  latencyMs: number;
  signedIn: boolean;
}

type FilterValue = ActiveFilters[keyof ActiveFilters];

/** Mirrors what `toActiveQuery` leaves out: empty lists, zero hours, shares and months, unset dates. */
const narrows = (value: FilterValue): boolean => {
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'number') return value > 0;
  if (typeof value === 'string') return setDeadlineDay(value) !== undefined;
  return value !== undefined && value.hours > 0;
};

export const activeFilterKeys = (filters: ActiveFilters): string[] =>
  Object.entries(filters)
    .filter(([, value]) => narrows(value as FilterValue))
    .map(([key]) => key);

export interface AnsweredSearch {
  kind: SearchKind;
  request: FilteringRequest;
  /** The index's page: ids best first, with their scores. */
  ranked: { ids: readonly string[]; scores: readonly number[]; total: number };
  returned: readonly string[];
  similarityFallback: boolean;
  similarityMode?: SearchEvent['similarityMode'];
  latencyMs: number;
  signedIn: boolean;
  at?: Date;
}

export const searchEventOf = (search: AnsweredSearch): SearchEvent => {
  const filterKeys = activeFilterKeys(search.request.activeFilters);
  return {
    at: (search.at ?? new Date()).toISOString(),
    kind: search.kind,
    restriction: search.request.filtering_restriction,
    filters: search.request.activeFilters,
    filterKeys,
    activeFilterCount: filterKeys.length,
    page: search.request.page,
    hits: search.ranked.total,
    returned: [...search.returned],
    similarityFallback: search.similarityFallback,
    ...(search.similarityMode && { similarityMode: search.similarityMode }),
    top: search.ranked.ids
      .slice(0, TOP_HITS_RECORDED)
      .map((id, rank) => ({ id, score: search.ranked.scores[rank] ?? 0 })),
    latencyMs: Math.round(search.latencyMs * 10) / 10,
    signedIn: search.signedIn,
  };
};
