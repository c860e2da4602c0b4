import { openJobQueue } from '@skillers/queue';
import { ElasticsearchSearchIndex } from '@skillers/search';
import { MongoRecordStore } from '@skillers/store';
import { setTimeout as sleep } from 'node:timers/promises';
import type { WorkerPorts } from './index-worker';
import type { WorkerSettings } from './worker-settings';

/** A server the worker cannot reach at start, worded as the one line it prints before it stops. */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}

/** Long enough for a Redis that compose reports healthy; a Redis that is down fails start quickly. */
const REDIS_READY_TIMEOUT_MS = 10_000;
const REDIS_READY_POLL_MS = 100;

const reach = async <T>(what: string, variable: string, connect: () => Promise<T>): Promise<T> => {
  try {
    return await connect();
  } catch (error) {
    throw new StartupError(
      `Cannot connect to ${what} at ${variable}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
};

export interface OpenedWorkerPorts extends WorkerPorts {
  close(): Promise<void>;
}

/** The cluster's adapters: records in MongoDB, the index in Elasticsearch, jobs in BullMQ on Redis. */
export const openWorkerPorts = async (settings: WorkerSettings): Promise<OpenedWorkerPorts> => {
  const store = await reach('MongoDB', 'MONGO_URL', () => MongoRecordStore.connect(settings.mongoUrl));
  const index = await reach('Elasticsearch', 'ELASTICSEARCH_URL', () =>
    ElasticsearchSearchIndex.connect(settings.elasticsearchUrl),
  );
  // BullMQ connects in the background and retries for ever, so readiness is polled with a deadline.
  const queue = openJobQueue({ redisUrl: settings.redisUrl });
  const deadline = Date.now() + REDIS_READY_TIMEOUT_MS;
  while (!(await queue.isReady())) {
    if (Date.now() > deadline) {
      throw new StartupError(
        `Cannot connect to Redis at REDIS_URL: no answer within ${REDIS_READY_TIMEOUT_MS} ms`,
      );
    }
    await sleep(REDIS_READY_POLL_MS);
  }
  return {
    store,
    index,
    queue,
    close: async () => {
      await queue.close();
      await index.close();
      await store.close();
    },
  };
};
