import { Global, Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { type Embedder, resolveVectorSpace } from '@skillers/embedding';
import { type JobQueue, openJobQueue } from '@skillers/queue';
import {
  describeLiveVectorSpaces,
  describeVectorSpace,
  ElasticsearchSavedSearchMatcher,
  openSearchIndex,
  type SavedSearchMatcher,
  type SearchIndex,
} from '@skillers/search';
import type { AppConfig } from '../config/app-config';
import { PortStatusRegistry } from '../core/port-status';
import { APP_CONFIG, JOB_QUEUE, SEARCH_INDEX } from '../core/tokens';
import { EMBEDDER } from '../core/embedder.tokens';
import { VectorBackfillState } from '../indexing/vector-backfill.state';
import { SAVED_SEARCH_ALERTS, SAVED_SEARCH_MATCHER } from '../saved-searches/saved-searches.tokens';
import { savedSearchAlertsProvider, savedSearchMatcherProvider } from './saved-search-matcher.provider';
import { SearchEventsModule } from './search-events.module';

/**
 * The search index, the job queue, the saved-search matcher and the search events, each with the adapter the
 * configuration selects.
 */
@Global()
@Module({
  imports: [SearchEventsModule],
  providers: [
    savedSearchMatcherProvider,
    savedSearchAlertsProvider,
    {
      provide: SEARCH_INDEX,
      inject: [APP_CONFIG, PortStatusRegistry, EMBEDDER, VectorBackfillState],
      useFactory: async (
        config: AppConfig,
        ports: PortStatusRegistry,
        embedder: Embedder,
        backfill: VectorBackfillState,
      ): Promise<SearchIndex> => {
        const logger = new Logger('SearchIndex');
        // Elasticsearch outlives this process: its generations are keyed by the embedding model, so vectors
        // of two models never meet (see docs/architecture.md, "Vectors in the index").
        const index = await openSearchIndex(
          config.elasticsearchUrl
            ? {
                elasticsearchUrl: config.elasticsearchUrl,
                requestTimeoutMs: config.elasticsearchRequestTimeoutMs,
                vectorSpace: await resolveVectorSpace(config.embedderModel, embedder),
                vectorModel: config.embedderModel,
                onWarning: (message) => logger.warn(message),
              }
            : // The rows of a million 384-number vectors are 1.5 GB: kept in the page cache, not the heap.
              { vectorRowsDir: config.dataDir },
        );
        ports.register('search', async () => {
          const ready = await index.isReady();
          const vectors = ready ? await index.vectorStatus?.() : undefined;
          // The embedded index has no generations of another model: only its backfill may leave vectors out.
          const detail = vectors
            ? vectors.reindexNeeded
              ? `reindex needed: the live index was built for ${describeLiveVectorSpaces(vectors.live)}, ` +
                `the configured model is ${describeVectorSpace(vectors.configured)}`
              : `vectors of ${describeVectorSpace(vectors.configured)}`
            : backfill.detail();
          return { adapter: index.adapter, ready, ...(detail !== undefined && { detail }) };
        });
        return index;
      },
    },
    {
      provide: JOB_QUEUE,
      inject: [APP_CONFIG, PortStatusRegistry],
      useFactory: (config: AppConfig, ports: PortStatusRegistry): JobQueue => {
        const queue = openJobQueue({ redisUrl: config.redisUrl, retry: config.jobRetry });
        ports.register('queue', async () => ({ adapter: queue.adapter, ready: await queue.isReady() }));
        return queue;
      },
    },
  ],
  exports: [SEARCH_INDEX, JOB_QUEUE, SAVED_SEARCH_MATCHER, SAVED_SEARCH_ALERTS],
})
export class SearchPortsModule implements OnApplicationShutdown {
  constructor(
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(SEARCH_INDEX) private readonly index: SearchIndex,
    @Inject(SAVED_SEARCH_MATCHER) private readonly matcher: SavedSearchMatcher,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
    // The embedded index stays open: requests may still come until the HTTP server closes, after this hook.
    if (this.config.elasticsearchUrl) await this.index.close?.();
    if (this.matcher instanceof ElasticsearchSavedSearchMatcher) await this.matcher.close();
  }
}
