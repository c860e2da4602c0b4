export {
  ConfigError,
  type EmbedderConfig,
  loadEmbedderConfig,
  LOG_LEVELS,
  type LogLevel,
} from './embedder-config';
export { composeEmbedderService } from './embedder.composition';
export {
  createEmbedderServer,
  DEFAULT_HEALTH_WAIT_MS,
  DEFAULT_MAX_BODY_BYTES,
  type EmbedderServiceParts,
  type RunningEmbedderService,
  SORT_NOT_HERE_MESSAGE,
  startEmbedderService,
} from './embedder.server';
export { createJsonLogger, type Logger } from './json-logger';
