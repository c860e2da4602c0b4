import { ConfigError } from '@skillers/domain';
import { IndexWorker } from './index-worker';
import { createWorkerLogger } from './worker-logger';
import { startHealthServer } from './worker-health.server';
import { StartupError } from '../config/server-connections';
import { workerMetrics } from './worker-metrics';
import { openWorkerPorts } from './worker-ports';
import { workerSettingsFromEnv } from './worker-settings';

// pino lines, as the API and the embedder service write them; the level comes with the settings.
const logger = createWorkerLogger();
const log = (line: string): void => logger.info(line);

let stopping = false;

const start = async (): Promise<void> => {
  const settings = workerSettingsFromEnv(process.env);
  logger.level = settings.logLevel;
  const ports = await openWorkerPorts(settings, log);
  const metrics = workerMetrics(ports);
  const worker = new IndexWorker(ports, log, { indexed: metrics.indexed });
  const health = await startHealthServer(
    settings.host,
    settings.healthPort,
    () => worker.health(),
    metrics.registry,
  );
  log(`Health check at http://${settings.host}:${health.port}/health, metrics at /metrics`);

  const stop = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: finishing the running jobs, then stopping`);
    await worker.stop();
    await health.close();
    await ports.close();
    process.exit(0);
  };
  const stopOn = (signal: NodeJS.Signals) =>
    process.once(signal, () =>
      stop(signal).catch((error: unknown) => {
        logger.fatal({ err: error }, 'The index worker could not stop cleanly');
        process.exit(1);
      }),
    );
  stopOn('SIGTERM');
  stopOn('SIGINT');

  await worker.start();
};

start().catch((error: unknown) => {
  // A stop during the first index build closes the ports under it; the build starts again next time.
  if (stopping) return;
  // A bad setting or an unreachable server is the documented one-line message; anything else a log line.
  if (error instanceof ConfigError || error instanceof StartupError)
    process.stderr.write(`${error.message}\n`);
  else logger.fatal({ err: error }, 'The index worker failed');
  process.exit(1);
});
