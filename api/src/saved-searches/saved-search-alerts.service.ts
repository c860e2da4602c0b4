import { Inject, Injectable, Logger } from '@nestjs/common';
import type { SavedSearchRecord, SearchDocument } from '@skillers/domain';
import { BatchingAlerts, savedSearchAlerts, storedAndPushedAlerts } from '@skillers/indexing';
import { InMemorySavedSearchMatcher, type SavedSearchMatcher } from '@skillers/search';
import { COLLECTIONS, type RecordStore } from '@skillers/store';
import { RECORD_STORE } from '../core/tokens';
import { ChatBroadcaster } from '../chat/chat-broadcaster';
import { SAVED_SEARCH_MATCHER } from './saved-searches.tokens';

/**
 * The embedded profile's alerts: the index job of this process calls `recordIndexed` with each document it
 * wrote, and owners are notified through this process's sockets (the notification is stored as the
 * notifications module stores likes and comments, and pushed as the same `notification` event).
 */
@Injectable()
export class SavedSearchAlertsService {
  readonly recordIndexed: (doc: SearchDocument) => Promise<void>;
  private readonly batches: BatchingAlerts;
  private readonly logger = new Logger(SavedSearchAlertsService.name);

  constructor(
    @Inject(RECORD_STORE) private readonly store: RecordStore,
    @Inject(SAVED_SEARCH_MATCHER) private readonly matcher: SavedSearchMatcher,
    broadcaster: ChatBroadcaster,
  ) {
    this.batches = new BatchingAlerts(
      savedSearchAlerts(
        store,
        matcher,
        storedAndPushedAlerts(
          store,
          (userId, payload) => broadcaster.notified(userId, payload),
          (userId) => broadcaster.hasSockets(userId),
        ),
      ),
    );
    // Not awaited: the queue runs one job at a time here, so awaiting would make every batch one record.
    this.recordIndexed = (doc) => {
      this.batches.add(doc).catch((error: unknown) => {
        this.logger.warn(`Saved-search alerts failed: ${(error as Error).message}`);
      });
      return Promise.resolve();
    };
  }

  /**
   * Fills the in-memory matcher from the store; the index worker calls it once the demo seed (a module
   * init) has run and before it takes jobs. Searches created meanwhile are put again, harmlessly.
   */
  /** Handles the records indexed so far; called at a clean stop. */
  drain(): Promise<void> {
    return this.batches.drain();
  }

  async loadSearches(): Promise<number> {
    if (!(this.matcher instanceof InMemorySavedSearchMatcher)) return 0;
    const searches = await this.store.collection<SavedSearchRecord>(COLLECTIONS.savedSearches).find({});
    for (const search of searches) await this.matcher.put(search);
    return searches.length;
  }
}
