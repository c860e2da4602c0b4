import type { Provider } from '@nestjs/common';
import { ThreadedSavedSearchAlerts } from '@skillers/indexing';
import {
  ElasticsearchSavedSearchMatcher,
  InMemorySavedSearchMatcher,
  type SavedSearchMatcher,
} from '@skillers/search';
import { type RecordStore, SqliteRecordStore } from '@skillers/store';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG, RECORD_STORE } from '../core/tokens';
import { SAVED_SEARCH_MATCHER } from '../saved-searches/saved-searches.tokens';

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
    if (store instanceof SqliteRecordStore && store.filename !== ':memory:') {
      return new ThreadedSavedSearchAlerts({ sqliteFile: store.filename });
    }
    return new InMemorySavedSearchMatcher();
  },
};
