import { ElasticsearchSearchIndex } from '@skillers/search';
import { MongoRecordStore } from '@skillers/store';
import { openEmbedderAndVectorSpace, openReadyQueue, reachServer } from '../config/server-connections';
import type { WorkerPorts } from './index-worker';
import type { WorkerSettings } from './worker-settings';

export interface OpenedWorkerPorts extends WorkerPorts {
  close(): Promise<void>;
}

/**
 * The cluster's adapters: records in MongoDB, the index in Elasticsearch (its generations keyed by the
 * embedding model), jobs in BullMQ on Redis, and the embedder service when `EMBEDDER_URL` is set.
 */
export const openWorkerPorts = async (
  settings: WorkerSettings,
  log: (line: string) => void,
): Promise<OpenedWorkerPorts> => {
  const { embedder, vectorSpace } = await openEmbedderAndVectorSpace(settings, log);
  const store = await reachServer('MongoDB', 'MONGO_URL', () => MongoRecordStore.connect(settings.mongoUrl));
  const index = await reachServer('Elasticsearch', 'ELASTICSEARCH_URL', () =>
    ElasticsearchSearchIndex.connect(settings.elasticsearchUrl, {
      vectorSpace,
      vectorModel: settings.embedderModel,
      onWarning: log,
      // Jobs write in bulk and never wait for a refresh: documents are searchable after the next one (1 s).
      refreshOnWrite: false,
    }),
  );
  const queue = await openReadyQueue(settings.redisUrl, {
    concurrency: settings.concurrency,
    onError: (error) => log(`Job queue: ${error.message}`),
  });
  return {
    store,
    index,
    queue,
    embedder,
    close: async () => {
      await queue.close();
      await index.close();
      await store.close();
    },
  };
};
