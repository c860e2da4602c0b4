import type { DynamicModule, Type } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { IndexWorkerModule } from '../indexing/index-worker.module';
import { SavedSearchesModule } from '../saved-searches/saved-searches.module';
import { DigestPortsModule } from './digest-ports.module';
import { EmbedderPortsModule } from './embedder-ports.module';
import { MailPortsModule } from './mail-ports.module';
import { SearchPortsModule } from './search-ports.module';
import { StorePortsModule } from './store-ports.module';

/**
 * The composition root: the one place that reads which setup the validated configuration chose (embedded,
 * or the cluster's Elasticsearch, Redis, MongoDB and SMTP server) and opens each port's adapter. Everything else
 * injects ports by their tokens and never names an adapter class.
 */
export const chosenSetup = (config: AppConfig): { ports: Type[]; indexWorker: DynamicModule[] } => ({
  ports: [StorePortsModule, SearchPortsModule, EmbedderPortsModule, MailPortsModule, DigestPortsModule],
  // The embedded index lives in this process, which is therefore also its indexer; the cluster's index is
  // written by the indexer service.
  indexWorker: config.elasticsearchUrl ? [] : [IndexWorkerModule.withAlerts(SavedSearchesModule)],
});
