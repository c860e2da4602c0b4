import { ConfigError } from '../config/store-settings';
import { IndexWorker } from './index-worker';
import { startHealthServer } from './worker-health.server';
import { StartupError } from '../config/server-connections';
import { openWorkerPorts } from './worker-ports';
import { workerSettingsFromEnv } from './worker-settings';

const log = (line: string): void => console.log(`[index-worker] ${line}`);

let stopping = false;

const start = async (): Promise<void> => {
  const settings = workerSettingsFromEnv(process.env);
  const ports = await openWorkerPorts(settings, log);
  const worker = new IndexWorker(ports, log);
  const health = await startHealthServer(settings.host, settings.healthPort, () => worker.health());
  log(`Health check at http://${settings.host}:${health.port}/health`);

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
        console.error(error);
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
  console.error(error instanceof ConfigError || error instanceof StartupError ? error.message : error);
  process.exit(1);
});
