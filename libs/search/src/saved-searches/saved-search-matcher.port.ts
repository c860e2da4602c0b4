import type { SavedSearchCriteria, SearchDocument } from '@skillers/domain';

/** What a matcher keeps of a saved search: its criteria and whose it is. */
export interface MatchableSearch extends SavedSearchCriteria {
  _id: string;
  ownerId: string;
}

/** A saved search a record matched. */
export interface SearchMatch {
  searchId: string;
  ownerId: string;
}

/**
 * Finds the saved searches a new or edited record matches, with the semantics of
 * `compileSavedSearch` (`@skillers/domain`). The embedded adapter keeps them in memory; the Elasticsearch
 * one registers each as a percolator query. `put` runs on create and on every change (a search's criteria
 * never change, but the alerts thread also keeps its name and switch; a percolator registers the same
 * query again), `remove` on delete.
 */
export interface SavedSearchMatcher {
  readonly adapter: 'memory' | 'elasticsearch';
  put(search: MatchableSearch): Promise<void>;
  remove(searchId: string): Promise<void>;
  /** The searches of the record's kind it matches, leaving out its owner's own. */
  match(doc: SearchDocument): Promise<SearchMatch[]>;
}
