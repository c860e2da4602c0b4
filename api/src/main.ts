import 'reflect-metadata';
import { ConfigError, loadConfig } from './config/app-config';
import { createApp } from './create-app';

const start = async () => {
  const config = loadConfig();
  const app = await createApp(config);
  await app.listen(config.port, config.host);
  console.log(
    `Skillers is running at http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`,
  );
};

start().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
