import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import { ConfigError, loadConfig } from './config/app-config';
import { createApp } from './create-app';

const start = async () => {
  const config = loadConfig();
  const app = await createApp(config);
  await app.listen(config.port, config.host);
  // The bound port, not the configured one: PORT=0 lets the system pick a free port.
  const { port } = app.getHttpServer().address() as AddressInfo;
  console.log(
    `Skillers is running at http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`,
  );
};

start().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
