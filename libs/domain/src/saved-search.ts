import type { ActiveFilters, FilteringRequest } from './search/active-filters.schema';
import type { SearchDocument, SearchKind } from './search/search-document';
import type { FilteringRestriction } from './search/search-query';
import type { UnderstoodText } from './search/understood-text';

/** A user keeps at most this many saved searches: enough for anyone, and it bounds the matching work. */
export const SAVED_SEARCHES_PER_USER = 50;
export const SAVED_SEARCH_NAME_MAX_LENGTH = 80;

/**
 * The shape of stored saved searches written now. Rows of an older shape are moved to it when read
 * (stored-saved-search.ts); rows without a version are version 1.
 */
export const SAVED_SEARCH_SCHEMA_VERSION = 3;

/** The filter panel's state, kept under a name; matched against every new or edited record of its kind. */
export interface SavedSearchRecord {
  _id: string;
  ownerId: string;
  schemaVersion: typeof SAVED_SEARCH_SCHEMA_VERSION;
  kind: SearchKind;
  name: string;
  /** The filtering calls' `activeFilters`, as validated. */
  filters: ActiveFilters;
  text?: string;
  /**
   * What the server understood of `text` when it was saved (docs/search-understanding.md), which alerts match
   * by; absent without text, and on a row saved before searches were understood until the backfill reads it.
   */
  understood?: UnderstoodText;
  mustHave?: FilteringRequest['mustHave'];
  mustNot?: FilteringRequest['mustNot'];
  restriction: FilteringRestriction;
  /** Notify the owner in-app when a record matches. */
  alerts: boolean;
  /** When the owner last opened it; matches recorded later are "new". */
  lastViewedAt: string;
  createdAt: string;
  updatedAt: string;
}

/**
 * As the API shows it: with the matches the owner has not seen yet, and, when a vocabulary change renamed
 * or removed some of its labels since it was saved, what changed (until the owner saves it again).
 */
export interface SavedSearch extends Omit<SavedSearchRecord, 'ownerId' | 'schemaVersion'> {
  newMatches: number;
  notes?: string[];
  needsAttention?: false;
}

/**
 * A stored saved search that no longer reads as one (a bad row, from a restore, a bug or a change of
 * rules): kept, matched against nothing, and listed to its owner to replace or delete.
 */
export interface SavedSearchNeedingAttention {
  _id: string;
  /** Its stored name, or a stand-in when that is not a usable name. */
  name: string;
  needsAttention: true;
  /** What is wrong with it, in the owner's words. */
  problem: string;
  newMatches: 0;
}

/** One entry of GET /user/saved-searches. */
export type SavedSearchListEntry = SavedSearch | SavedSearchNeedingAttention;

/**
 * The saved searches one record has matched, each once, so an edit never counts or notifies twice: one row
 * per record (keyed by its id) rather than one per search and record, since a record may match hundreds of
 * searches and a durable write each would cost far more than indexing it.
 */
export interface SavedSearchHitsRecord {
  /** The record's id. */
  _id: string;
  recordKind: SearchKind;
  /**
   * The searches it matched, grouped by when they first did (`hitTime`: the record's last change then); a
   * search is in one group only.
   */
  hits: SavedSearchHitGroup[];
}

export interface SavedSearchHitGroup {
  at: string;
  searchIds: string[];
}

/**
 * The row's groups that read as groups: a bad row (a restore, a bug) counts as no matches rather than
 * failing the list or the alerts that read it.
 */
export const hitGroupsOf = (row: SavedSearchHitsRecord | undefined): SavedSearchHitGroup[] =>
  Array.isArray(row?.hits)
    ? row.hits.filter(
        (group): group is SavedSearchHitGroup =>
          typeof group?.at === 'string' &&
          Array.isArray(group.searchIds) &&
          group.searchIds.every((id) => typeof id === 'string'),
      )
    : [];

/** When the record first matched the search, or undefined if it never did. */
export const firstMatchedAt = (row: SavedSearchHitsRecord, searchId: string): string | undefined =>
  hitGroupsOf(row).find((group) => group.searchIds.includes(searchId))?.at;

/**
 * When a record's match counts from: its `lastActiveAt` (an edit or its owner's sign-in moves it), else its
 * creation. A match is "new" for a search viewed before this moment.
 */
export const hitTime = (doc: Pick<SearchDocument, 'lastActiveAt' | 'createdAt'>): string =>
  doc.lastActiveAt ?? doc.createdAt;

/** "N new" counts at most among this many of the search's matches changed since it was last viewed. */
export const NEW_MATCHES_CANDIDATES = 500;

export const SAVED_SEARCH_MESSAGES = {
  created: 'Search saved',
  updated: 'Saved search updated',
  replaced: 'Saved search replaced',
  deleted: 'Saved search deleted',
  notFound: 'Saved search not found',
  nothingToSave: 'Pick at least one filter or type some words before saving a search',
  tooMany: `You can keep at most ${SAVED_SEARCHES_PER_USER} saved searches. Delete one to save another.`,
  nothingToChange: 'Send a new name or alerts: true or false',
  tooManyChanges: 'You are changing saved searches too quickly. Please wait a moment and try again.',
  needsAttention: 'This saved search needs attention: replace it with new filters or delete it',
  unnamed: 'Saved search',
} as const;
