import type { JobQueue } from '@skillers/queue';
import { ElasticsearchSearchIndex } from '@skillers/search';
import { openRecordStore, type RecordStore } from '@skillers/store';
import type { ClusterSettings } from '../config/cluster-settings';
import { openReadyQueue, reachServer } from '../config/server-connections';
import { storeSettingsFromEnv } from '../config/store-settings';

export interface ClusterPorts {
  index: ElasticsearchSearchIndex;
  store: RecordStore;
  /** BullMQ on `REDIS_URL`, as a producer only: it reads counts and re-enqueues, it never runs jobs. */
  queue?: JobQueue;
  close(): Promise<void>;
}

/**
 * Opens the cluster's index, store and (with `REDIS_URL`) queue as the services configure them; a server
 * that cannot be reached becomes one line naming its variable.
 */
export const openClusterPorts = async (
  cluster: ClusterSettings,
  env: NodeJS.ProcessEnv,
): Promise<ClusterPorts> => {
  const storeSettings = storeSettingsFromEnv(env);
  const index = await reachServer('Elasticsearch', 'ELASTICSEARCH_URL', () =>
    ElasticsearchSearchIndex.connect(cluster.elasticsearchUrl),
  );
  const opened: { close(): Promise<void> }[] = [index];
  const closeAll = async () => {
    for (const port of opened.reverse()) await port.close();
  };
  try {
    const store = await reachServer(
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
