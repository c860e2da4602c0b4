import { DEFAULT_RETRY_POLICY } from '@skillers/queue';
import { DEFAULT_REQUEST_TIMEOUT_MS, ElasticsearchSearchIndex } from '@skillers/search';
import { SqliteRecordStore } from '@skillers/store';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StartupError } from '../config/server-connections';
import { type WorkerConnectors, openWorkerPorts } from './worker-ports';
import type { WorkerSettings } from './worker-settings';

/** A loopback port nothing listens on: connecting to it is refused at once. */
const closedPort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

describe('opening the worker ports', () => {
  let folder: string;
  let store: SqliteRecordStore;
  let settings: WorkerSettings;

  beforeEach(async () => {
    folder = mkdtempSync(join(tmpdir(), 'skillers-worker-ports-'));
    store = new SqliteRecordStore(join(folder, 'skillers.sqlite'));
    settings = {
      mongoUrl: 'mongodb://127.0.0.1:1/unused',
      elasticsearchUrl: `http://127.0.0.1:${await closedPort()}`,
      elasticsearchRequestTimeoutMs: DEFAULT_REQUEST_TIMEOUT_MS,
      jobRetry: DEFAULT_RETRY_POLICY,
      redisUrl: `redis://127.0.0.1:${await closedPort()}`,
      embedderModel: 'Xenova/all-MiniLM-L6-v2',
      host: '127.0.0.1',
      healthPort: 0,
      concurrency: 1,
      logLevel: 'silent',
    };
  });
  afterEach(async () => {
    await store.close();
    rmSync(folder, { recursive: true, force: true });
  });

  const connectors = (overrides: Partial<WorkerConnectors>): WorkerConnectors => ({
    store: async () => store,
    index: async () => {
      throw new Error('not expected');
    },
    queue: async () => {
      throw new Error('not expected');
    },
    ...overrides,
  });

  it('closes the store when Elasticsearch cannot be reached', async () => {
    const opening = openWorkerPorts(
      settings,
      () => undefined,
      connectors({
        // The real client against a port nothing listens on.
        index: (s, vectorSpace) =>
          ElasticsearchSearchIndex.connect(s.elasticsearchUrl, { vectorSpace, onWarning: () => undefined }),
      }),
    );
    await expect(opening).rejects.toThrow(StartupError);
    await expect(opening).rejects.toThrow(/^Cannot connect to Elasticsearch at ELASTICSEARCH_URL: /);
    expect(await store.isReady()).toBe(false);
  });

  it('closes the store and the index when Redis cannot be reached', async () => {
    const closed: string[] = [];
    const index = { close: async () => void closed.push('index') } as unknown as ElasticsearchSearchIndex;
    const opening = openWorkerPorts(
      settings,
      () => undefined,
      connectors({
        index: async () => index,
        queue: async () => {
          throw new StartupError('Cannot connect to Redis at REDIS_URL: no answer within 10000 ms');
        },
      }),
    );
    await expect(opening).rejects.toThrow('Cannot connect to Redis at REDIS_URL');
    expect(closed).toEqual(['index']);
    expect(await store.isReady()).toBe(false);
  });
});
