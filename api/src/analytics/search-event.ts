import {
  type ActiveFilters,
  type FilteringRequest,
  type FilteringRestriction,
  LIST_PAGE_SIZE,
  type SearchClick,
  type SearchKind,
  setDeadlineDay,
} from '@skillers/domain';
import { randomUUID } from 'node:crypto';
import type { InvitationEvent } from './invitation-event';

/** How many of the best hits an event keeps with their scores: enough to judge the ranking of a page. */
export const TOP_HITS_RECORDED = 10;

export interface ScoredHit {
  id: string;
  score: number;
}

/** One result shown, with its place in the ranking and the parts of its score. */
export interface RankedResult {
  id: string;
  /** 1-based place in the whole ranking: the first result of page 2 is 13. */
  rank: number;
  /** The score the index ranked by. */
  fused: number;
  /** Facet evidence (picked options present and number filters met). */
  facet?: number;
  /** Lexical (BM25) relevance of the free text. */
  text?: number;
  /** Cosine similarity of the query vector, 0-1. */
  vector?: number;
}

export type ScoreParts = Omit<RankedResult, 'id' | 'rank'>;

/**
 * One answered search, as analysts read it. It names no user: ranking questions need none, and even a
 * hashed id stays personal data (ids are known to the store, so a hash is reversed by hashing them all).
 * `signedIn` keeps the one distinction that matters for ranking (saved marks are shown).
 */
export interface SearchEvent {
  type: 'search';
  /** Given to the client with the answer, so that clicks on its results name it. */
  eventId: string;
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
  /** Every result shown, in order, with its rank and score parts. */
  results: RankedResult[];
  /**
   * The ranks shown (`results[].rank` again, as a top-level field): a click event's `rank` has the same
   * name, so one histogram over `rank` counts impressions and clicks side by side.
   */
  rank: number[];
  /** The picked options, as `key: label`, for counting the most used labels. */
  labels: string[];
  /** The narrowing filters with their values as one text, for counting repeated combinations. */
  combination: string;
  /** Time spent in the index query and the store join, in milliseconds. */
  latencyMs: number;
  signedIn: boolean;
}

/** A result opened from a search's answer; `eventId` names that search event. */
export interface ClickEvent extends SearchClick {
  type: 'click';
  at: string;
  signedIn: boolean;
}

/** What the events sink records: searches, the clicks on their results, and invitations (kept apart). */
export type AnalyticsEvent = SearchEvent | ClickEvent | InvitationEvent;

type FilterValue = ActiveFilters[keyof ActiveFilters];

/** Mirrors what `toActiveQuery` leaves out: empty lists, zero hours, shares and months, unset dates. */
const narrows = (value: FilterValue): boolean => {
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'number') return value > 0;
  if (typeof value === 'string') return setDeadlineDay(value) !== undefined;
  if (typeof value === 'boolean') return value;
  return value !== undefined && value.hours > 0;
};

export const activeFilterKeys = (filters: ActiveFilters): string[] =>
  Object.entries(filters)
    .filter(([, value]) => narrows(value as FilterValue))
    .map(([key]) => key);

/** Label lists of `activeFilters`: every key whose value is a list of options (tools by name). */
const labelsOf = (key: string, value: FilterValue): string[] => {
  if (!Array.isArray(value)) return [];
  return value.map((pick) => `${key}: ${typeof pick === 'string' ? pick : pick.tool}`);
};

/** A combination longer than this is cut: it is read by people, and Elasticsearch keeps short keywords. */
export const COMBINATION_MAX_LENGTH = 500;

const describeValue = (value: FilterValue): string => {
  if (Array.isArray(value))
    return [
      ...new Set(value.map((pick) => (typeof pick === 'string' ? pick : `${pick.tool} ${pick.mep}+`))),
    ].join(', ');
  if (typeof value === 'object') return `${value.mode} ${value.hours} h`;
  return String(value);
};

/** The narrowing filters in declaration order, each with its values (a tool's lowest level as `3+`). */
export const filterCombination = (filters: ActiveFilters, keys: readonly string[]): string => {
  if (keys.length === 0) return '(no filters)';
  const text = keys
    .map((key) => `${key}: ${describeValue(filters[key as keyof ActiveFilters] as FilterValue)}`)
    .join(' + ');
  return text.length > COMBINATION_MAX_LENGTH ? `${text.slice(0, COMBINATION_MAX_LENGTH - 1)}…` : text;
};

/** Every picked option once, as `key: label`. */
export const pickedLabels = (filters: ActiveFilters): string[] => [
  ...new Set(Object.entries(filters).flatMap(([key, value]) => labelsOf(key, value as FilterValue))),
];

export interface AnsweredSearch {
  kind: SearchKind;
  request: FilteringRequest;
  /** The index's page: ids best first, with their scores and, when the index reports them, their parts. */
  ranked: {
    ids: readonly string[];
    scores: readonly number[];
    total: number;
    /** The index's `signals` (extra fields ignored), or the similarity parts of a `/sort` answer. */
    signals?: readonly ScoreParts[];
  };
  returned: readonly string[];
  similarityFallback: boolean;
  similarityMode?: SearchEvent['similarityMode'];
  latencyMs: number;
  signedIn: boolean;
  at?: Date;
}

/** Score parts as recorded: the index's signals, or its score alone (the facet evidence) without them. */
const scoreParts = (ranked: AnsweredSearch['ranked'], position: number): ScoreParts => {
  const signals = ranked.signals?.[position];
  if (!signals) {
    const score = ranked.scores[position] ?? 0;
    return { fused: score, facet: score };
  }
  const { fused, facet, text, vector } = signals;
  return {
    fused,
    ...(facet === undefined ? {} : { facet }),
    ...(text === undefined ? {} : { text }),
    ...(vector === undefined ? {} : { vector }),
  };
};

/**
 * The shown results with their ranks. A record the store no longer has is not shown, so ranks follow the
 * shown order, as the client counts them; the score parts are those the index gave that id.
 */
const rankedResults = (search: AnsweredSearch): RankedResult[] => {
  const offset = (search.request.page - 1) * LIST_PAGE_SIZE;
  const positions = new Map(search.ranked.ids.map((id, position) => [id, position]));
  return search.returned.map((id, shown) => {
    const position = positions.get(id);
    return {
      id,
      rank: offset + shown + 1,
      ...(position === undefined ? { fused: 0 } : scoreParts(search.ranked, position)),
    };
  });
};

export const searchEventOf = (search: AnsweredSearch): SearchEvent => {
  const filters = search.request.activeFilters;
  const filterKeys = activeFilterKeys(filters);
  const results = rankedResults(search);
  return {
    type: 'search',
    eventId: randomUUID(),
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
    results,
    rank: results.map((result) => result.rank),
    labels: pickedLabels(filters),
    combination: filterCombination(filters, filterKeys),
    latencyMs: Math.round(search.latencyMs * 10) / 10,
    signedIn: search.signedIn,
  };
};
