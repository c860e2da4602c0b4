import type { INestApplication } from '@nestjs/common';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { AppConfig } from './config/app-config';
import { APP_LOGGER } from './logging/app-logger';

/**
 * Listens on the configured address and says where, as a log line: stdout carries JSON lines only. The
 * line is written at any level but `silent`, since scripts and operators wait for it.
 */
export const listenAndAnnounce = async (app: INestApplication, config: AppConfig): Promise<string> => {
  await app.listen(config.port, config.host);
  // The bound port, not the configured one: PORT=0 lets the system pick a free port.
  const { port } = app.getHttpServer().address() as AddressInfo;
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
  const logger = app.get<Logger>(APP_LOGGER);
  const announcer =
    logger.level === 'silent' || logger.isLevelEnabled('info') ? logger : logger.child({}, { level: 'info' });
  announcer.info({ context: 'Skillers' }, `Skillers is running at ${url}`);
  return url;
};
