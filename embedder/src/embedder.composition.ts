import {
  type Embedder,
  openEmbedder,
  resolveVectorSpace,
  type TransformersEmbedder,
} from '@skillers/embedding';
import { type ElasticsearchSearchIndex, openSearchIndex } from '@skillers/search';
import { join } from 'node:path';
import { ConfigError } from '@skillers/domain';
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
  const embedder = openEmbedder({
    model: config.embedderModel,
    localModelPath: config.embedderModelPath,
    cacheDir: modelsDir,
    onLoadError: (message) => logger.error(message),
  });
  return { embedder, logger, labelCacheDir: join(modelsDir, 'label-cache') };
};

/**
 * The cluster's search index for `/sort`, keyed by the configured model as the API and indexer key it, so
 * the service reads the same generation they write. Undefined without `ELASTICSEARCH_URL`.
 */
export const connectSearchIndex = async (
  config: EmbedderConfig,
  embedder: Embedder,
  logger: Logger,
): Promise<ElasticsearchSearchIndex | undefined> => {
  if (!config.elasticsearchUrl) return undefined;
  try {
    return await openSearchIndex({
      elasticsearchUrl: config.elasticsearchUrl,
      vectorSpace: await resolveVectorSpace(config.embedderModel, embedder),
      vectorModel: config.embedderModel,
      onWarning: (message) => logger.warn(message),
    });
  } catch (error) {
    throw new ConfigError(
      `Cannot connect to Elasticsearch at ELASTICSEARCH_URL: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
};
