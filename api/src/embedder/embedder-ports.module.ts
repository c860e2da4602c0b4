import { Global, Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { type Embedder, HttpEmbedder, TransformersEmbedder } from '@skillers/embedding';
import { join } from 'node:path';
import type { AppConfig } from '../config/app-config';
import { PortStatusRegistry } from '../core/port-status';
import { APP_CONFIG } from '../core/tokens';
import { EMBEDDER } from './embedder.tokens';

/** Where models fetched from the hub, and label vectors, are kept. */
export const modelsDir = (config: AppConfig): string => join(config.dataDir, 'models');

const openEmbedder = (config: AppConfig, logger: Logger): Embedder =>
  config.embedderUrl
    ? new HttpEmbedder({ url: config.embedderUrl, model: config.embedderModel })
    : new TransformersEmbedder({
        model: config.embedderModel,
        localModelPath: config.embedderModelPath,
        cacheDir: modelsDir(config),
        onLoadError: (message) => logger.error(`${message} Similarity search falls back to lexical ranking.`),
      });

/** The embedder the configuration selects; its health names the model and, when missing, the fix. */
@Global()
@Module({
  providers: [
    {
      provide: EMBEDDER,
      inject: [APP_CONFIG, PortStatusRegistry],
      useFactory: (config: AppConfig, ports: PortStatusRegistry): Embedder => {
        const embedder = openEmbedder(config, new Logger('Embedder'));
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
  ],
  exports: [EMBEDDER],
})
export class EmbedderPortsModule implements OnApplicationShutdown {
  constructor(@Inject(EMBEDDER) private readonly embedder: Embedder) {}

  async onApplicationShutdown(): Promise<void> {
    await this.embedder.close?.();
  }
}
