import 'reflect-metadata';
import { pino } from 'pino';
import { ConfigError } from '@skillers/domain';
import { loadConfig } from './config/app-config';
import { createApp } from './create-app';
import { listenAndAnnounce } from './listen';

const start = async () => {
  const config = loadConfig();
  await listenAndAnnounce(await createApp(config), config);
};

start().catch((error: unknown) => {
  // A bad setting is the documented one-line message; anything else is a log line like every other.
  if (error instanceof ConfigError) process.stderr.write(`${error.message}\n`);
  else pino().child({ service: 'api' }).fatal({ err: error }, 'Skillers failed to start');
  process.exit(1);
});
