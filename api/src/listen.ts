import type { INestApplication } from '@nestjs/common';
import type { AddressInfo } from 'node:net';
import { Logger } from 'nestjs-pino';
import type { AppConfig } from './config/app-config';

/** Listens on the configured address and says where, as a log line: stdout carries JSON lines only. */
export const listenAndAnnounce = async (app: INestApplication, config: AppConfig): Promise<string> => {
  await app.listen(config.port, config.host);
  // The bound port, not the configured one: PORT=0 lets the system pick a free port.
  const { port } = app.getHttpServer().address() as AddressInfo;
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
  app.get(Logger).log(`Skillers is running at ${url}`, 'Skillers');
  return url;
};
