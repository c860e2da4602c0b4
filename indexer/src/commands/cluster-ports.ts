import { type JobQueue, openJobQueue } from '@skillers/queue';
import { ElasticsearchSearchIndex } from '@skillers/search';
import { openRecordStore, type RecordStore } from '@skillers/store';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ClusterSettings } from '../config/cluster-settings';
import { storeSettingsFromEnv } from '../config/store-settings';

export interface ClusterPorts {
  index: ElasticsearchSearchIndex;
  store: RecordStore;
  /** BullMQ on `REDIS_URL`, as a producer only: it reads counts and re-enqueues, it never runs jobs. */
  queue?: JobQueue;
  close(): Promise<void>;
}

/** BullMQ connects in the background and retries for ever, so readiness is polled with a deadline. */
const REDIS_READY_TIMEOUT_MS = 10_000;
const REDIS_READY_POLL_MS = 100;

const reach = async <T>(what: string, variable: string, connect: () => Promise<T>): Promise<T> => {
  try {
    return await connect();
  } catch (error) {
    throw new Error(
      `Cannot connect to ${what} at ${variable}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
};

export const openReadyQueue = async (redisUrl: string): Promise<JobQueue> => {
  const queue = openJobQueue({ redisUrl });
  const deadline = Date.now() + REDIS_READY_TIMEOUT_MS;
  while (!(await queue.isReady())) {
    if (Date.now() > deadline) {
      await queue.close();
      throw new Error(`Cannot connect to Redis at REDIS_URL: no answer within ${REDIS_READY_TIMEOUT_MS} ms`);
    }
    await sleep(REDIS_READY_POLL_MS);
  }
  return queue;
};

/**
 * Opens the cluster's index, store and (with `REDIS_URL`) queue as the services configure them; a server
 * that cannot be reached becomes one line naming its variable.
 */
export const openClusterPorts = async (
  cluster: ClusterSettings,
  env: NodeJS.ProcessEnv,
): Promise<ClusterPorts> => {
  const storeSettings = storeSettingsFromEnv(env);
  const index = await reach('Elasticsearch', 'ELASTICSEARCH_URL', () =>
    ElasticsearchSearchIndex.connect(cluster.elasticsearchUrl),
  );
  const opened: { close(): Promise<void> }[] = [index];
  const closeAll = async () => {
    for (const port of opened.reverse()) await port.close();
  };
  try {
    const store = await reach(
      storeSettings.mongoUrl ? 'MongoDB' : 'the SQLite store',
      storeSettings.mongoUrl ? 'MONGO_URL' : 'DATA_DIR',
      () => openRecordStore(storeSettings),
    );
    opened.push(store);
    const queue = cluster.redisUrl ? await openReadyQueue(cluster.redisUrl) : undefined;
    if (queue) opened.push(queue);
    return { index, store, queue, close: closeAll };
  } catch (error) {
    await closeAll();
    throw error;
  }
};
