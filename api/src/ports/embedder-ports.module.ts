import { Global, Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import {
  CachingEmbedder,
  type Embedder,
  LabelSuggester,
  openEmbedder,
  SqliteVectorCache,
} from '@skillers/embedding';
import { registerEmbedderBatches, registerEmbedderCalls } from '@skillers/metrics';
import { join } from 'node:path';
import type { Registry } from 'prom-client';
import type { AppConfig } from '../config/app-config';
import { PortStatusRegistry } from '../core/port-status';
import { METRICS_REGISTRY } from '../core/metrics-registry';
import { APP_CONFIG } from '../core/tokens';
import { timedEmbedder } from './timed-embedder';
import { DOCUMENT_EMBEDDER, EMBEDDER, LABEL_SUGGESTER } from '../core/embedder.tokens';

/** Where models fetched from the hub, label vectors and record vectors are kept. */
export const modelsDir = (config: AppConfig): string => join(config.dataDir, 'models');

/** onnxruntime threads of the in-process model (the embedder service, a process of its own, takes all cores). */
export const IN_PROCESS_EMBEDDER_THREADS = 1;

const configuredEmbedder = (config: AppConfig, logger: Logger, onBatch: (texts: number) => void): Embedder =>
  openEmbedder({
    embedderUrl: config.embedderUrl,
    model: config.embedderModel,
    localModelPath: config.embedderModelPath,
    cacheDir: modelsDir(config),
    // The model runs in a worker thread on one core, so the other cores stay free for requests.
    threads: IN_PROCESS_EMBEDDER_THREADS,
    onLoadError: (message) => logger.error(`${message} Similarity search falls back to lexical ranking.`),
    onBatch,
  });

/** The embedder the configuration selects; its health names the model and, when missing, the fix. */
@Global()
@Module({
  providers: [
    {
      provide: EMBEDDER,
      inject: [APP_CONFIG, PortStatusRegistry, METRICS_REGISTRY],
      useFactory: (config: AppConfig, ports: PortStatusRegistry, registry: Registry): Embedder => {
        const embedder = timedEmbedder(
          configuredEmbedder(config, new Logger('Embedder'), registerEmbedderBatches(registry)),
          registerEmbedderCalls(registry),
        );
        // Loading starts now, in the background, so the first record indexed or search made does not wait
        // for it; start-up itself never waits for a model download.
        void embedder.isReady();
        ports.register('embedder', async () => {
          const status = await embedder.status();
          return {
            adapter: status.adapter,
            ready: status.ready,
            detail: status.error ? `${status.model}: ${status.error}` : status.model,
          };
        });
        return embedder;
      },
    },
    {
      provide: DOCUMENT_EMBEDDER,
      inject: [APP_CONFIG, EMBEDDER],
      useFactory: (config: AppConfig, embedder: Embedder): Embedder =>
        config.elasticsearchUrl
          ? embedder
          : new CachingEmbedder(
              embedder,
              SqliteVectorCache.open(join(modelsDir(config), 'vector-cache.sqlite')),
            ),
    },
    {
      provide: LABEL_SUGGESTER,
      inject: [APP_CONFIG, EMBEDDER],
      useFactory: (config: AppConfig, embedder: Embedder): LabelSuggester =>
        new LabelSuggester(embedder, join(modelsDir(config), 'label-cache')),
    },
  ],
  exports: [EMBEDDER, DOCUMENT_EMBEDDER, LABEL_SUGGESTER],
})
export class EmbedderPortsModule implements OnApplicationShutdown {
  constructor(
    @Inject(EMBEDDER) private readonly embedder: Embedder,
    @Inject(DOCUMENT_EMBEDDER) private readonly documentEmbedder: Embedder,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    if (this.documentEmbedder !== this.embedder) await this.documentEmbedder.close?.();
    await this.embedder.close?.();
  }
}
