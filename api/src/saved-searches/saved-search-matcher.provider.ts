import type { Provider } from '@nestjs/common';
import type { SavedSearchRecord } from '@skillers/domain';
import {
  ElasticsearchSavedSearchMatcher,
  InMemorySavedSearchMatcher,
  type SavedSearchMatcher,
} from '@skillers/search';
import { COLLECTIONS, type RecordStore } from '@skillers/store';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG, RECORD_STORE } from '../core/tokens';
import { SAVED_SEARCH_MATCHER } from './saved-searches.tokens';

/**
 * Embedded: every saved search in memory, loaded from the store before the index worker starts (this
 * process runs the index jobs). Cluster: the percolator index the index worker percolates records against;
 * this process only registers and removes searches there.
 */
export const savedSearchMatcherProvider: Provider = {
  provide: SAVED_SEARCH_MATCHER,
  inject: [APP_CONFIG, RECORD_STORE],
  useFactory: async (config: AppConfig, store: RecordStore): Promise<SavedSearchMatcher> => {
    if (config.elasticsearchUrl) return ElasticsearchSavedSearchMatcher.connect(config.elasticsearchUrl);
    const matcher = new InMemorySavedSearchMatcher();
    for (const search of await store.collection<SavedSearchRecord>(COLLECTIONS.savedSearches).find({})) {
      await matcher.put(search);
    }
    return matcher;
  },
};
