import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express from 'express';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import type { AppConfig } from './config/app-config';
import { HttpExceptionFilter } from './common/http-exception.filter';

export const API_PREFIX = 'api';
export const JSON_BODY_LIMIT = '1mb';

/** Builds the whole application (API and web app) for a configuration, ready to listen. */
export const createApp = async (config: AppConfig): Promise<INestApplication> => {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forConfig(config), {
    bodyParser: false,
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));
  app.set('trust proxy', 'loopback');
  app.use(helmet());
  app.use(express.json({ limit: JSON_BODY_LIMIT, strict: true }));
  if (config.corsOrigins.length > 0) app.enableCors({ origin: [...config.corsOrigins] });
  app.setGlobalPrefix(API_PREFIX);
  app.useGlobalFilters(new HttpExceptionFilter());
  app.enableShutdownHooks();
  return app;
};
