import { Inject, Injectable } from '@nestjs/common';
import type { SearchDocument } from '@skillers/domain';
import { savedSearchAlerts } from '@skillers/indexer';
import type { SavedSearchMatcher } from '@skillers/search';
import type { RecordStore } from '@skillers/store';
import { RECORD_STORE } from '../core/tokens';
import { NotificationsService } from '../notifications/notifications.service';
import { SAVED_SEARCH_MATCHER } from './saved-searches.tokens';

/**
 * The embedded profile's alerts: the index job of this process calls `recordIndexed` with each document it
 * wrote, and owners are notified through this process's sockets.
 */
@Injectable()
export class SavedSearchAlertsService {
  readonly recordIndexed: (doc: SearchDocument) => Promise<void>;

  constructor(
    @Inject(RECORD_STORE) store: RecordStore,
    @Inject(SAVED_SEARCH_MATCHER) matcher: SavedSearchMatcher,
    notifications: NotificationsService,
  ) {
    this.recordIndexed = savedSearchAlerts(store, matcher, ({ search, publisher, recordKind, recordId }) =>
      notifications.notify(search.ownerId, {
        kind: 'saved_search',
        actor: publisher,
        text: search.name,
        savedSearchId: search._id,
        recordKind,
        recordId,
      }),
    );
  }
}
