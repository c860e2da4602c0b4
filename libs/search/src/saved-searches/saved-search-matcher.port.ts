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
 * one registers each as a percolator query. A search's criteria never change once saved (rename and alerts
 * do not touch them), so `put` runs on create and `remove` on delete.
 */
export interface SavedSearchMatcher {
  readonly adapter: 'memory' | 'elasticsearch';
  put(search: MatchableSearch): Promise<void>;
  remove(searchId: string): Promise<void>;
  /** The searches of the record's kind it matches, leaving out its owner's own. */
  match(doc: SearchDocument): Promise<SearchMatch[]>;
}
