import { pino } from 'pino';
import { ConfigError } from '@skillers/domain';
import { loadEmbedderConfig } from './embedder-config';
import { composeEmbedderService, connectSearchIndex } from './embedder.composition';
import { startEmbedderService } from './embedder.server';
import { createJsonLogger } from './json-logger';

/** A request still running after this long on shutdown is cut off rather than holding the exit. */
const SHUTDOWN_GRACE_MS = 10_000;

const main = async (): Promise<void> => {
  const config = loadEmbedderConfig(process.env);
  const logger = createJsonLogger(config.logLevel);
  const parts = composeEmbedderService(config, logger);
  const { embedder } = parts;
  const searchIndex = await connectSearchIndex(config, embedder, logger);
  const service = await startEmbedderService(
    { ...parts, searchIndex },
    { host: config.host, port: config.port },
  );
  logger.info(
    `Embedder service listening on ${service.url} with model ${config.embedderModel}; ` +
      (searchIndex ? '/sort ranks records in Elasticsearch' : '/sort answers 501 (no ELASTICSEARCH_URL)'),
  );
  // The model loads in the background, so /health answers (not ready) while a large model downloads.
  void embedder.isReady().then((ready) => {
    if (ready) logger.info(`Model ${config.embedderModel} loaded (dimension ${embedder.dimension()})`);
  });

  const shutdown = (signal: string) => {
    logger.info(`${signal} received: finishing the requests under way`);
    setTimeout(() => {
      logger.warn('Requests still running after the grace period were cut off');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    void service
      .close()
      .then(() => searchIndex?.close())
      .then(() => embedder.close())
      .then(() => process.exit(0));
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
};

main().catch((error: unknown) => {
  // A bad setting is the documented one-line message; anything else is a log line like every other.
  if (error instanceof ConfigError) process.stderr.write(`${error.message}\n`);
  else pino().child({ service: 'embedder' }).fatal({ err: error }, 'Embedder service failed to start');
  process.exit(1);
});
