export { type EmbedderConfig, loadEmbedderConfig, LOG_LEVELS, type LogLevel } from './embedder-config';
export { composeEmbedderService, connectSearchIndex } from './embedder.composition';
export {
  createEmbedderServer,
  DEFAULT_HEALTH_WAIT_MS,
  DEFAULT_MAX_BODY_BYTES,
  type EmbedderServiceParts,
  type RunningEmbedderService,
  SORT_NEEDS_INDEX_MESSAGE,
  startEmbedderService,
} from './embedder.server';
export { createJsonLogger, type Logger } from './json-logger';
