import { ElasticsearchSearchIndex } from '@skillers/search';
import { MongoRecordStore } from '@skillers/store';
import { openReadyQueue, reachServer } from '../config/server-connections';
import type { WorkerPorts } from './index-worker';
import type { WorkerSettings } from './worker-settings';

export interface OpenedWorkerPorts extends WorkerPorts {
  close(): Promise<void>;
}

/** The cluster's adapters: records in MongoDB, the index in Elasticsearch, jobs in BullMQ on Redis. */
export const openWorkerPorts = async (settings: WorkerSettings): Promise<OpenedWorkerPorts> => {
  const store = await reachServer('MongoDB', 'MONGO_URL', () => MongoRecordStore.connect(settings.mongoUrl));
  const index = await reachServer('Elasticsearch', 'ELASTICSEARCH_URL', () =>
    ElasticsearchSearchIndex.connect(settings.elasticsearchUrl),
  );
  const queue = await openReadyQueue(settings.redisUrl);
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
