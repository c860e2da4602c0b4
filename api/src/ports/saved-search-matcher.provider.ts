import type { Provider } from '@nestjs/common';
import {
  pushStoredNotifications,
  readStoredSavedSearches,
  SavedSearchAlerts,
  storedAndPushedAlerts,
  ThreadedSavedSearchAlerts,
} from '@skillers/indexing';
import {
  ElasticsearchSavedSearchMatcher,
  InMemorySavedSearchMatcher,
  type SavedSearchMatcher,
} from '@skillers/search';
import type { RecordStore } from '@skillers/store';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG, RECORD_STORE } from '../core/tokens';
import {
  type OpenAlertRunner,
  SAVED_SEARCH_ALERTS,
  SAVED_SEARCH_MATCHER,
} from '../saved-searches/saved-searches.tokens';

/**
 * Embedded: every saved search in memory, on the alerts thread beside the SQLite store (loaded there before
 * the index worker starts: this process runs the index jobs), or in this thread over another store.
 * Cluster: the percolator index the index worker percolates records against; this process only registers
 * and removes searches there.
 */
export const savedSearchMatcherProvider: Provider = {
  provide: SAVED_SEARCH_MATCHER,
  inject: [APP_CONFIG, RECORD_STORE],
  useFactory: async (config: AppConfig, store: RecordStore): Promise<SavedSearchMatcher> => {
    if (config.elasticsearchUrl) {
      return ElasticsearchSavedSearchMatcher.connect(config.elasticsearchUrl, {
        requestTimeoutMs: config.elasticsearchRequestTimeoutMs,
      });
    }
    if (store.sqliteFile) return new ThreadedSavedSearchAlerts({ sqliteFile: store.sqliteFile });
    return new InMemorySavedSearchMatcher();
  },
};

/**
 * The alerts on the matcher above: the threaded matcher runs them on its thread and hands back what to push;
 * any other runs them in this thread. Only the in-memory matcher is filled from the store here (the
 * percolator keeps its searches).
 */
export const savedSearchAlertsProvider: Provider = {
  provide: SAVED_SEARCH_ALERTS,
  inject: [RECORD_STORE, SAVED_SEARCH_MATCHER],
  useFactory:
    (store: RecordStore, matcher: SavedSearchMatcher): OpenAlertRunner =>
    (push, listening, onPushError) => {
      if (matcher instanceof ThreadedSavedSearchAlerts) {
        const pushAll = pushStoredNotifications(store, push, listening);
        matcher.onNotified = (records) => {
          pushAll(records).catch(onPushError);
        };
        return {
          record: matcher.record,
          forgetOwner: (ownerId) => matcher.forgetOwner(ownerId),
          loadSearches: () => matcher.load(),
          close: () => matcher.close(),
        };
      }
      const alerts = new SavedSearchAlerts(store, matcher, storedAndPushedAlerts(store, push, listening));
      return {
        record: alerts.record,
        forgetOwner: (ownerId) => alerts.forgetOwner(ownerId),
        loadSearches: async () =>
          matcher instanceof InMemorySavedSearchMatcher
            ? readStoredSavedSearches(store, (search) => matcher.put(search))
            : undefined,
      };
    },
};
