import type { ActiveFilters, FilteringRequest } from './search/active-filters.schema';
import type { SearchKind } from './search/search-document';
import type { FilteringRestriction } from './search/search-query';

/** A user keeps at most this many saved searches: enough for anyone, and it bounds the matching work. */
export const SAVED_SEARCHES_PER_USER = 50;
export const SAVED_SEARCH_NAME_MAX_LENGTH = 80;

/** The filter panel's state, kept under a name; matched against every new or edited record of its kind. */
export interface SavedSearchRecord {
  _id: string;
  ownerId: string;
  kind: SearchKind;
  name: string;
  /** The filtering calls' `activeFilters`, as validated. */
  filters: ActiveFilters;
  text?: string;
  mustHave?: FilteringRequest['mustHave'];
  restriction: FilteringRestriction;
  /** Notify the owner in-app when a record matches. */
  alerts: boolean;
  /** When the owner last opened it; matches recorded later are "new". */
  lastViewedAt: string;
  createdAt: string;
  updatedAt: string;
}

/** As the API shows it: with the matches the owner has not seen yet. */
export interface SavedSearch extends Omit<SavedSearchRecord, 'ownerId'> {
  newMatches: number;
}

/** One record that matched one saved search; unique per search and record, so an edit never counts twice. */
export interface SavedSearchMatchRecord {
  _id: string;
  searchId: string;
  ownerId: string;
  recordKind: SearchKind;
  recordId: string;
  /** False until the owner opens the search. */
  seen: boolean;
  matchedAt: string;
}

export const SAVED_SEARCH_MESSAGES = {
  created: 'Search saved',
  updated: 'Saved search updated',
  deleted: 'Saved search deleted',
  notFound: 'Saved search not found',
  nothingToSave: 'Pick at least one filter or type some words before saving a search',
  tooMany: `You can keep at most ${SAVED_SEARCHES_PER_USER} saved searches. Delete one to save another.`,
  nothingToChange: 'Send a new name or alerts: true or false',
  tooManyChanges: 'You are changing saved searches too quickly. Please wait a moment and try again.',
} as const;
