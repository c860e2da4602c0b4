import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { type JobQueue, openJobQueue } from '@skillers/queue';
import { ElasticsearchSearchIndex, OramaSearchIndex, type SearchIndex } from '@skillers/search';
import type { AppConfig } from '../config/app-config';
import { PortStatusRegistry } from '../core/port-status';
import { APP_CONFIG, JOB_QUEUE, SEARCH_INDEX } from '../core/tokens';
import { SearchEventsModule } from './search-events/search-events.module';

/** The search index, the job queue and the search events, each with the adapter the configuration selects. */
@Global()
@Module({
  imports: [SearchEventsModule],
  providers: [
    {
      provide: SEARCH_INDEX,
      inject: [APP_CONFIG, PortStatusRegistry],
      useFactory: async (config: AppConfig, ports: PortStatusRegistry): Promise<SearchIndex> => {
        const index = config.elasticsearchUrl
          ? await ElasticsearchSearchIndex.connect(config.elasticsearchUrl)
          : OramaSearchIndex.create();
        ports.register('search', async () => ({ adapter: index.adapter, ready: await index.isReady() }));
        return index;
      },
    },
    {
      provide: JOB_QUEUE,
      inject: [APP_CONFIG, PortStatusRegistry],
      useFactory: (config: AppConfig, ports: PortStatusRegistry): JobQueue => {
        const queue = openJobQueue({ redisUrl: config.redisUrl });
        ports.register('queue', async () => ({ adapter: queue.adapter, ready: await queue.isReady() }));
        return queue;
      },
    },
  ],
  exports: [SEARCH_INDEX, JOB_QUEUE],
})
export class SearchPortsModule implements OnApplicationShutdown {
  constructor(
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(SEARCH_INDEX) private readonly index: SearchIndex,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
    if (this.index instanceof ElasticsearchSearchIndex) await this.index.close();
  }
}
