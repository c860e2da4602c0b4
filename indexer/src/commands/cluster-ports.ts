import type { Embedder } from '@skillers/embedding';
import type { JobQueue } from '@skillers/queue';
import { type ElasticsearchSearchIndex, openSearchIndex } from '@skillers/search';
import { openRecordStore, type RecordStore } from '@skillers/store';
import { type ClusterSettings, embedderSettingsFromEnv } from '../config/cluster-settings';
import { openEmbedderAndVectorSpace, openReadyQueue, reachServer } from '../config/server-connections';
import { storeSettingsFromEnv } from '../config/store-settings';

export interface ClusterPorts {
  index: ElasticsearchSearchIndex;
  store: RecordStore;
  /** BullMQ on `REDIS_URL`, as a producer only: it reads counts and re-enqueues, it never runs jobs. */
  queue?: JobQueue;
  /** The embedder service at `EMBEDDER_URL`, when set; the index is keyed by `EMBEDDER_MODEL` either way. */
  embedder?: Embedder;
  close(): Promise<void>;
}

/**
 * Opens the cluster's index, store and (with `REDIS_URL`) queue as the services configure them; a server
 * that cannot be reached becomes one line naming its variable.
 */
export const openClusterPorts = async (
  cluster: ClusterSettings,
  env: NodeJS.ProcessEnv,
  log: (line: string) => void = () => undefined,
): Promise<ClusterPorts> => {
  const storeSettings = storeSettingsFromEnv(env);
  const embedderSettings = embedderSettingsFromEnv(env);
  const { embedder, vectorSpace } = await openEmbedderAndVectorSpace(embedderSettings, log);
  const index = await reachServer('Elasticsearch', 'ELASTICSEARCH_URL', () =>
    openSearchIndex({
      elasticsearchUrl: cluster.elasticsearchUrl,
      vectorSpace,
      vectorModel: embedderSettings.embedderModel,
      onWarning: log,
    }),
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
    return { index, store, queue, embedder, close: closeAll };
  } catch (error) {
    await closeAll();
    throw error;
  }
};
