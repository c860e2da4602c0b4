import { openRedisNotificationPush, openReindexLock, storedAndPushedAlerts } from '@skillers/indexing';
import type { JobQueue } from '@skillers/queue';
import {
  ElasticsearchSavedSearchMatcher,
  type ElasticsearchSearchIndex,
  openSearchIndex,
  type VectorSpace,
} from '@skillers/search';
import { openRecordStore, type RecordStore } from '@skillers/store';
import { openEmbedderAndVectorSpace, openReadyQueue, reachServer } from '../config/server-connections';
import type { WorkerPorts } from './index-worker';
import type { WorkerSettings } from './worker-settings';

export interface OpenedWorkerPorts extends WorkerPorts {
  close(): Promise<void>;
}

interface Closable {
  close(): Promise<void>;
}

/** How each server is reached; replaced in tests to make one of them fail. */
export interface WorkerConnectors {
  store(settings: WorkerSettings): Promise<RecordStore>;
  index(
    settings: WorkerSettings,
    vectorSpace: VectorSpace | undefined,
    log: (line: string) => void,
  ): Promise<ElasticsearchSearchIndex>;
  queue(settings: WorkerSettings, log: (line: string) => void): Promise<JobQueue>;
  /** Saved-search alerts; left out, the worker matches no record (tests of the other ports). */
  alerts?(
    settings: WorkerSettings,
    store: RecordStore,
    log: (line: string) => void,
  ): Promise<NonNullable<WorkerPorts['alerts']> & Closable>;
}

const SERVER_CONNECTORS: WorkerConnectors = {
  store: (settings) => openRecordStore({ mongoUrl: settings.mongoUrl }),
  index: (settings, vectorSpace, log) =>
    openSearchIndex({
      elasticsearchUrl: settings.elasticsearchUrl,
      requestTimeoutMs: settings.elasticsearchRequestTimeoutMs,
      vectorSpace,
      vectorModel: settings.embedderModel,
      onWarning: log,
      // Jobs write in bulk and never wait for a refresh: documents are searchable after the next one (1 s).
      refreshOnWrite: false,
    }),
  queue: (settings, log) =>
    openReadyQueue(settings.redisUrl, {
      concurrency: settings.concurrency,
      retry: settings.jobRetry,
      onError: (error) => log(`Job queue: ${error.message}`),
    }),
  alerts: async (settings, store, log) => {
    const matcher = await ElasticsearchSavedSearchMatcher.connect(settings.elasticsearchUrl, {
      requestTimeoutMs: settings.elasticsearchRequestTimeoutMs,
    });
    const sockets = openRedisNotificationPush(settings.redisUrl, (error) =>
      log(`Alerts: Redis: ${error.message}`),
    );
    return {
      matcher,
      notify: storedAndPushedAlerts(store, sockets.push),
      close: async () => {
        await sockets.close();
        await matcher.close();
      },
    };
  },
};

/**
 * The cluster's adapters: records in MongoDB, the index in Elasticsearch (its generations keyed by the
 * embedding model), jobs in BullMQ on Redis, and the embedder service when `EMBEDDER_URL` is set. When one
 * server cannot be reached, the connections already opened are closed before the error is thrown, so the
 * process can exit (or try again) without sockets left open.
 */
export const openWorkerPorts = async (
  settings: WorkerSettings,
  log: (line: string) => void,
  connect: WorkerConnectors = SERVER_CONNECTORS,
): Promise<OpenedWorkerPorts> => {
  const { embedder, vectorSpace } = await openEmbedderAndVectorSpace(settings, log);
  const opened: Closable[] = [];
  const closeAll = async () => {
    for (const port of opened.reverse()) await port.close();
  };
  try {
    const store = await reachServer('MongoDB', 'MONGO_URL', () => connect.store(settings));
    opened.push(store);
    const index = await reachServer('Elasticsearch', 'ELASTICSEARCH_URL', () =>
      connect.index(settings, vectorSpace, log),
    );
    opened.push(index);
    const queue = await connect.queue(settings, log);
    opened.push(queue);
    const lock = openReindexLock(settings.redisUrl, store);
    opened.push(lock);
    const alerts = await connect.alerts?.(settings, store, log);
    if (alerts) opened.push(alerts);
    return { store, index, queue, embedder, lock, alerts, close: closeAll };
  } catch (error) {
    await closeAll();
    throw error;
  }
};
