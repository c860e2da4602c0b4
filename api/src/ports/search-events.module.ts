import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { join } from 'node:path';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../core/tokens';
import { ElasticsearchSearchEventSink } from '../analytics/elasticsearch.search-event-sink';
import { JsonlFileSearchEventSink, SEARCH_EVENTS_FOLDER } from '../analytics/jsonl-file.search-event-sink';
import { INVITATION_ANALYTICS } from '../analytics/invitation-analytics';
import { InvitationEventsRecorder } from '../analytics/invitation-events.recorder';
import { SEARCH_ANALYTICS } from '../analytics/search-analytics';
import { SEARCH_EVENT_SINK, type SearchEventSink } from '../analytics/search-event-sink';
import { ServedSearches } from '../analytics/served-searches';

/**
 * Search and invitation events go where the search index is: into Elasticsearch beside it when ELASTICSEARCH_URL is set
 * (for Kibana), otherwise into daily JSON-lines files under the data folder.
 */
@Global()
@Module({
  providers: [
    {
      provide: SEARCH_EVENT_SINK,
      inject: [APP_CONFIG],
      useFactory: async (config: AppConfig): Promise<SearchEventSink> =>
        config.elasticsearchUrl
          ? ElasticsearchSearchEventSink.connect(config.elasticsearchUrl)
          : new JsonlFileSearchEventSink(join(config.dataDir, SEARCH_EVENTS_FOLDER)),
    },
    {
      provide: SEARCH_ANALYTICS,
      inject: [SEARCH_EVENT_SINK],
      useFactory: (sink: SearchEventSink) => sink.analytics(),
    },
    {
      provide: INVITATION_ANALYTICS,
      inject: [SEARCH_EVENT_SINK],
      useFactory: (sink: SearchEventSink) => sink.invitationAnalytics(),
    },
    ServedSearches,
    InvitationEventsRecorder,
  ],
  exports: [SEARCH_EVENT_SINK, SEARCH_ANALYTICS, INVITATION_ANALYTICS, ServedSearches],
})
export class SearchEventsModule implements OnApplicationShutdown {
  constructor(@Inject(SEARCH_EVENT_SINK) private readonly sink: SearchEventSink) {}

  /** Writes what is still buffered, so a clean stop loses no event. */
  async onApplicationShutdown(): Promise<void> {
    await this.sink.close();
  }
}
