import type { Provider } from '@nestjs/common';
import {
  ElasticsearchSavedSearchMatcher,
  InMemorySavedSearchMatcher,
  type SavedSearchMatcher,
} from '@skillers/search';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../core/tokens';
import { SAVED_SEARCH_MATCHER } from './saved-searches.tokens';

/**
 * Embedded: every saved search in memory (loaded from the store by `SavedSearchAlertsService` before the
 * index worker starts: this process runs the index jobs). Cluster: the percolator index the index worker
 * percolates records against; this process only registers and removes searches there.
 */
export const savedSearchMatcherProvider: Provider = {
  provide: SAVED_SEARCH_MATCHER,
  inject: [APP_CONFIG],
  useFactory: async (config: AppConfig): Promise<SavedSearchMatcher> =>
    config.elasticsearchUrl
      ? ElasticsearchSavedSearchMatcher.connect(config.elasticsearchUrl)
      : new InMemorySavedSearchMatcher(),
};
