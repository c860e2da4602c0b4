import type { WORKING_TYPES } from '../vocabularies/working-types';
import type { SearchKind, TagFacet } from './search-document';

export const FILTERING_RESTRICTIONS = ['min_1_match', 'all_match'] as const;
/**
 * `min_1_match`: every active filter has at least one of its picked options in the record.
 * `all_match`: every picked option of every active filter is in the record.
 */
export type FilteringRestriction = (typeof FILTERING_RESTRICTIONS)[number];

export type WorkingType = (typeof WORKING_TYPES)[number];

export const AVAILABILITY_MODES = ['upTo', 'atLeast'] as const;
export type AvailabilityMode = (typeof AVAILABILITY_MODES)[number];

/**
 * The filters of a search, already normalised. A filter is active when it has something picked: an empty
 * list, a zero number or an unset date is no filter at all. The rules live in `reference-filter.ts`.
 */
export interface SearchFilter {
  restriction: FilteringRestriction;
  tags: Partial<Record<TagFacet, string[]>>;
  /** Tool name to the lowest experience level asked for. */
  minToolLevels?: Record<string, number>;
  workingTypes?: WorkingType[];
  /** Hours per week: "Up to N" or "At least N". */
  availability?: { mode: AvailabilityMode; hours: number };
  /** The record offers at least this many months of collaboration. */
  durationMonths?: number;
  /** The asked business share, 0-100. */
  bizRole?: number;
  /** ISO date: the record's deadline is on or after it. */
  deadline?: string;
  /**
   * Options that must all be present, whatever the restriction; the other picks only rank. `tools` names
   * tools, each asked at its level in `minToolLevels` (level 1 when not there).
   */
  mustHave?: Partial<Record<TagFacet, string[]>>;
  /** Working types that must all be offered. */
  mustHaveWorkingTypes?: WorkingType[];
  /**
   * Options no match may carry, whatever the restriction (a tool at level 1 or higher); they only narrow,
   * and facets and relaxations count without the records carrying them.
   */
  mustNot?: Partial<Record<TagFacet, string[]>>;
  /** Working types no match may offer. */
  mustNotWorkingTypes?: WorkingType[];
  /** ISO-8601 ("Active within"): the record's owner was active at or after this moment. */
  activeSince?: string;
  /** ISO-8601 ("Open only"): the record is still open to collaborate after this moment. */
  openAt?: string;
}

/** Options of the option filters, as a filter picks them: what understood labels are. */
export type OptionPicks = Pick<SearchFilter, 'tags' | 'minToolLevels' | 'workingTypes'>;

/**
 * What the server understood from the free text, as options: `options` earn a record the `understood` signal
 * (rarity-weighted like picks, weighed less), `not` take the `clean` signal from the records carrying them.
 * They rank; they never narrow the matches.
 */
export interface UnderstoodOptions {
  options: OptionPicks;
  not: OptionPicks;
}

export interface SearchQuery extends SearchFilter {
  kind: SearchKind;
  /** Free text: ranks the matches (BM25 over name, description and goal), never narrows them. */
  text?: string;
  /** Labels understood from the free text (with `text`): they rank the matches, never narrow them. */
  understood?: UnderstoodOptions;
  /** The embedded picked labels and free text: ranks the matches by cosine similarity with their vectors. */
  queryVector?: number[];
  /**
   * ISO-8601: the moment the freshness signal is measured at (`freshnessSignal` in hybrid-ranking.ts).
   * Absent: the ranking has no freshness signal.
   */
  rankedAt?: string;
  /** 1-based. */
  page: number;
  pageSize: number;
  /**
   * Also count the disjunctive facets of every option filter (`SearchResult.facets`) and, when nothing
   * matches, the relaxations (`SearchResult.relax`). Plain searches skip both, so they cost no more.
   */
  facets?: boolean;
}
