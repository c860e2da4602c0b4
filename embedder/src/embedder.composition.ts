import { TransformersEmbedder } from '@skillers/embedding';
import { join } from 'node:path';
import type { EmbedderConfig } from './embedder-config';
import type { EmbedderServiceParts } from './embedder.server';
import type { Logger } from './json-logger';

/**
 * The service's parts for a configuration. Models fetched from the hub and the label vectors of `/ml` live
 * under `DATA_DIR/models`, where the single process keeps them, so both profiles share one cache layout.
 */
export const composeEmbedderService = (
  config: EmbedderConfig,
  logger: Logger,
): EmbedderServiceParts & { embedder: TransformersEmbedder } => {
  const modelsDir = join(config.dataDir, 'models');
  const embedder = new TransformersEmbedder({
    model: config.embedderModel,
    localModelPath: config.embedderModelPath,
    cacheDir: modelsDir,
    onLoadError: (message) => logger.error(message),
  });
  return { embedder, logger, labelCacheDir: join(modelsDir, 'label-cache') };
};
