import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express from 'express';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import { AppModule } from './app.module';
import { ChatIoAdapter } from './realtime/chat-io.adapter';
import { RedisIoAdapter } from './realtime/redis-io.adapter';
import type { AppConfig } from './config/app-config';
import { answerBodyErrors, refuseNonJsonBodies } from './common/body-error.middleware';
import { HttpExceptionFilter } from './common/http-exception.filter';
import { noStore, PERSONAL_PATHS } from './common/no-store.middleware';
import { QUERY_CHECKED_PATHS, refuseListQueryKeys } from './common/query-keys.middleware';
import { createAppLogger, startupLogger } from './logging/app-logger';
import { UNSUBSCRIBE_ROUTE } from './notification-mail/unsubscribe-links';
import { RATE_LIMIT_SCALE_SETTING } from './common/per-minute-limit.decorator';
import { ApiMetrics } from './metrics/api-metrics';
import { httpMetrics } from './metrics/http-metrics.middleware';

export const API_PREFIX = 'api';
/** Room for a post's 2 MB image, base64-encoded in the JSON body; nothing bigger is read. */
export const JSON_BODY_LIMIT = '3mb';
/** The one route that also takes a form: RFC 8058's one-click unsubscribe, `List-Unsubscribe=One-Click`. */
const UNSUBSCRIBE_PATH = `/${API_PREFIX}/${UNSUBSCRIBE_ROUTE}`;
const FORM_BODY_LIMIT = '1kb';

export interface CreateAppOptions {
  /** Where the log lines go instead of stdout (tests). */
  logDestination?: DestinationStream;
}

/** Builds the whole application (API and web app) for a configuration, ready to listen. */
export const createApp = async (
  config: AppConfig,
  { logDestination }: CreateAppOptions = {},
): Promise<INestApplication> => {
  const logger = createAppLogger(config, logDestination);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forConfig(config, logger), {
    bodyParser: false,
    logger: startupLogger(logger),
  });
  app.useLogger(app.get(Logger));
  app.set('trust proxy', config.trustProxy);
  app.set(RATE_LIMIT_SCALE_SETTING, config.rateLimitScale);
  app.use(httpMetrics(app.get(ApiMetrics)));
  app.use(helmet());
  app.use([...PERSONAL_PATHS], noStore());
  app.use(express.json({ limit: JSON_BODY_LIMIT, strict: true }));
  app.use(UNSUBSCRIBE_PATH, express.urlencoded({ extended: false, limit: FORM_BODY_LIMIT }));
  app.use(refuseNonJsonBodies([UNSUBSCRIBE_PATH]));
  app.use([...QUERY_CHECKED_PATHS], refuseListQueryKeys());
  app.use(answerBodyErrors());
  if (config.corsOrigins.length > 0) app.enableCors({ origin: [...config.corsOrigins] });
  // The embedder's routes keep their own base, as the embedder service serves them in the cluster profile.
  // `/metrics` keeps the path every Prometheus scrape config expects.
  app.setGlobalPrefix(API_PREFIX, { exclude: ['embedder/{*path}', 'metrics'] });
  app.useGlobalFilters(new HttpExceptionFilter());
  app.useWebSocketAdapter(
    config.redisUrl
      ? await RedisIoAdapter.connect(app, config.redisUrl, config.corsOrigins)
      : new ChatIoAdapter(app, config.corsOrigins),
  );
  app.enableShutdownHooks();
  return app;
};
