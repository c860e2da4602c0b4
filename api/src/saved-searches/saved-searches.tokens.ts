import type { SearchDocument } from '@skillers/domain';
import type { NotificationPush, StoredSavedSearches } from '@skillers/indexing';

/** The `SavedSearchMatcher` the configuration selects: in memory (embedded) or the percolator (cluster). */
export const SAVED_SEARCH_MATCHER = Symbol('SAVED_SEARCH_MATCHER');

/** The `OpenAlertRunner` for the matcher the configuration selected. */
export const SAVED_SEARCH_ALERTS = Symbol('SAVED_SEARCH_ALERTS');

/** Where the saved-search alerts of this process run: on a thread of their own, or in this one. */
export interface AlertRunner {
  /** Matches a batch of indexed records and stores and pushes their alerts. */
  readonly record: (docs: readonly SearchDocument[]) => Promise<void>;
  /** The owner's searches' next new matches are looked at afresh. */
  forgetOwner(ownerId: string): void;
  /** Reads the stored searches into the matcher; undefined for a matcher that keeps them itself. */
  loadSearches(): Promise<StoredSavedSearches | undefined>;
  close?(): Promise<void>;
}

/** Opens the alerts, pushing to `push` the owners `listening` says have a socket here. */
export type OpenAlertRunner = (
  push: NotificationPush,
  listening: (userId: string) => boolean,
  onPushError: (error: unknown) => void,
) => AlertRunner;
