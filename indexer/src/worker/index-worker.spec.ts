import type { ProjectRecord, ProfileRecord } from '@skillers/domain';
import {
  INDEX_RECORD_JOB,
  indexRecordJobId,
  type IndexRecordPayload,
  projectSearchDocument,
  REINDEX_LOCK_NAME,
  StoreLock,
} from '@skillers/indexing';
import { DEFAULT_RETRY_POLICY, InProcessJobQueue, openJobQueue } from '@skillers/queue';
import { EmbeddedSearchIndex, type SearchIndex } from '@skillers/search';
import { COLLECTIONS, SqliteRecordStore } from '@skillers/store';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  findRedisServer,
  type RedisServer,
  startRedisServer,
} from '../../../libs/queue/src/bullmq/redis-server.testing';
import { IndexWorker, type WorkerHealth, type WorkerPorts } from './index-worker';
import { type HealthServer, startHealthServer } from './worker-health.server';
import { workerMetrics } from './worker-metrics';
import { scrapeMetrics } from '../../../libs/metrics/src/scraped-metrics.testing';
import { projectRecord as project, profileRecord } from '../../../libs/indexing/src/record-fixtures.testing';

const profile = profileRecord;

const enqueue = (queue: InProcessJobQueue, payload: IndexRecordPayload) =>
  queue.enqueue(INDEX_RECORD_JOB, payload, { jobId: indexRecordJobId(payload) });

/* The worker's composition on embedded adapters: a SQLite file, the in-process queue and the embedded index. */
describe('index worker', () => {
  let folder: string;
  let ports: WorkerPorts & { store: SqliteRecordStore; queue: InProcessJobQueue };
  let lines: string[];
  let worker: IndexWorker;

  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'skillers-worker-'));
    ports = {
      store: new SqliteRecordStore(join(folder, 'skillers.sqlite')),
      index: EmbeddedSearchIndex.create(),
      queue: new InProcessJobQueue({ retry: { attempts: 1, backoffMs: 0 } }),
    };
    lines = [];
    worker = new IndexWorker(ports, (line) => lines.push(line));
  });
  afterEach(async () => {
    await worker.stop();
    await ports.store.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('runs enqueued index jobs: a new record is indexed, a deleted one leaves the index', async () => {
    await worker.start();
    const record = project('Queue-fed');
    await ports.store.collection<ProjectRecord>(COLLECTIONS.projects).insert(record);

    await enqueue(ports.queue, { kind: 'project', id: record._id });
    await ports.queue.drain();
    expect(await ports.index.get(record._id)).toMatchObject({ id: record._id, kind: 'project' });

    await ports.store.collection<ProjectRecord>(COLLECTIONS.projects).delete(record._id);
    await enqueue(ports.queue, { kind: 'project', id: record._id });
    await ports.queue.drain();
    expect(await ports.index.get(record._id)).toBeNull();
    expect(await ports.queue.stats()).toMatchObject({ failed: 0 });
  });

  it('builds an empty index from the store once at start, and says so', async () => {
    await ports.store
      .collection<ProjectRecord>(COLLECTIONS.projects)
      .insertMany([project('a'), project('b')]);
    await ports.store.collection<ProfileRecord>(COLLECTIONS.teammates).insert(profile('c'));

    await worker.start();

    expect(await ports.index.count('project')).toBe(2);
    expect(await ports.index.count('teammate')).toBe(1);
    expect(lines[0]).toBe('No embedder (EMBEDDER_URL is unset): records are indexed without vectors');
    expect(lines[1]).toBe('The search index is empty and the store holds 3 records: building the index');
    expect(lines[2]).toMatch(/^Search index built: 2 projects, 1 profiles in \d+ ms$/);
  });

  it('leaves the build at start to another process that holds the reindex lock', async () => {
    await ports.store
      .collection<ProjectRecord>(COLLECTIONS.projects)
      .insertMany([project('a'), project('b')]);
    const lock = new StoreLock(ports.store);
    const elsewhere = await lock.tryAcquire(REINDEX_LOCK_NAME);
    worker = new IndexWorker({ ...ports, lock }, (line) => lines.push(line));

    await worker.start();

    expect(await ports.index.count('project')).toBe(0);
    expect(lines[1]).toBe(
      'The search index is empty and the store holds 2 records: building the index; ' +
        'another process is reindexing already, so this worker leaves the build to it',
    );
    await elsewhere!.release();
  });

  it('takes the reindex lock for its build at start, and gives it back', async () => {
    await ports.store.collection<ProjectRecord>(COLLECTIONS.projects).insertMany([project('a')]);
    const lock = new StoreLock(ports.store);
    worker = new IndexWorker({ ...ports, lock }, (line) => lines.push(line));

    await worker.start();

    expect(await ports.index.count('project')).toBe(1);
    const after = await lock.tryAcquire(REINDEX_LOCK_NAME);
    expect(after?.held).toBe(true);
    await after!.release();
  });

  it('leaves an index that already holds documents to the queue', async () => {
    const indexed = project('already indexed');
    const onlyStored = project('only in the store');
    await ports.store.collection<ProjectRecord>(COLLECTIONS.projects).insertMany([indexed, onlyStored]);
    await ports.index.upsert([projectSearchDocument(indexed)]);

    await worker.start();

    expect(await ports.index.count('project')).toBe(1);
    expect(await ports.index.get(onlyStored._id)).toBeNull();
    expect(lines.some((line) => line.startsWith('The search index is empty'))).toBe(false);
  });

  it('serves its metrics beside /health: the index lag of each job and the outbox and queue it drains', async () => {
    const metrics = workerMetrics(ports);
    worker = new IndexWorker(ports, (line) => lines.push(line), { indexed: metrics.indexed });
    const server = await startHealthServer('127.0.0.1', 0, () => worker.health(), metrics.registry);
    try {
      await worker.start();
      const record = project('Watched');
      await ports.store.collection<ProjectRecord>(COLLECTIONS.projects).insert(record);
      await enqueue(ports.queue, { kind: 'project', id: record._id });
      await ports.queue.drain();

      const scraped = await scrapeMetrics(`http://127.0.0.1:${server.port}`);
      expect(scraped.total('skillers_index_lag_seconds')).toBe(1);
      expect(scraped.total('skillers_outbox_entries')).toBe(0);
      expect(scraped.total('skillers_queue_jobs', { state: 'failed' })).toBe(0);
      expect(scraped.labels('nodejs_eventloop_lag_seconds')).toMatchObject({ service: 'indexer' });
    } finally {
      await server.close();
    }
  });

  describe('health endpoint', () => {
    let server: HealthServer;
    const getHealth = async (path = '/health') => {
      const response = await fetch(`http://127.0.0.1:${server.port}${path}`);
      return { status: response.status, body: (await response.json()) as WorkerHealth };
    };

    beforeEach(async () => {
      server = await startHealthServer('127.0.0.1', 0, () => worker.health());
    });
    afterEach(() => server.close());

    it("answers 200 with each port's adapter and readiness while the worker runs", async () => {
      await worker.start();
      expect(await getHealth()).toEqual({
        status: 200,
        body: {
          status: 'ok',
          worker: 'running',
          ports: {
            store: { adapter: 'sqlite', ready: true },
            search: { adapter: 'orama', ready: true },
            queue: { adapter: 'in-process', ready: true },
          },
        },
      });
    });

    it('answers 503 when a port stops answering', async () => {
      await worker.start();
      await ports.store.close();
      expect(await getHealth()).toMatchObject({
        status: 503,
        body: {
          status: 'degraded',
          worker: 'running',
          ports: { store: { ready: false }, search: { ready: true } },
        },
      });
    });

    it('answers 503 once the worker is stopping', async () => {
      await worker.start();
      await worker.stop();
      expect(await getHealth()).toMatchObject({
        status: 503,
        body: { status: 'degraded', worker: 'stopping' },
      });
    });

    it('answers 404 elsewhere', async () => {
      expect((await fetch(`http://127.0.0.1:${server.port}/`)).status).toBe(404);
    });
  });
});

const redisBinary = findRedisServer();
const WAIT = { timeout: 20_000, interval: 20 };

/* As in the cluster: the producer and the worker hold separate BullMQ connections to one Redis. */
describe.skipIf(!redisBinary)('index worker on a shared BullMQ queue (needs redis-server)', () => {
  let redis: RedisServer;
  let folder: string;

  beforeAll(async () => {
    redis = await startRedisServer(redisBinary as string);
    folder = mkdtempSync(join(tmpdir(), 'skillers-worker-bullmq-'));
  });
  afterAll(async () => {
    await redis?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('runs jobs side by side and writes their documents in a few bulk writes, not one per record', async () => {
    const store = new SqliteRecordStore(join(folder, 'batched.sqlite'));
    const live = EmbeddedSearchIndex.create();
    const writes: number[] = [];
    // The index's own writes, counted: each call is one bulk request on Elasticsearch.
    const index = new Proxy(live, {
      get(target, property) {
        if (property === 'upsert') {
          return (docs: Parameters<SearchIndex['upsert']>[0]) => {
            writes.push(docs.length);
            return target.upsert(docs);
          };
        }
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
      },
    });
    const producer = openJobQueue({ redisUrl: redis.url, prefix: 'batched' });
    const workerQueue = openJobQueue({ redisUrl: redis.url, prefix: 'batched', concurrency: 16 });
    const worker = new IndexWorker({ store, index, queue: workerQueue }, () => undefined);
    try {
      await worker.start();
      const records = Array.from({ length: 64 }, (_, n) => project(`Batched ${n}`));
      await store.collection<ProjectRecord>(COLLECTIONS.projects).insertMany(records);
      for (const record of records) {
        const payload = { kind: 'project' as const, id: record._id };
        await producer.enqueue(INDEX_RECORD_JOB, payload, { jobId: indexRecordJobId(payload) });
      }
      await producer.drain();
      expect(await live.count('project')).toBe(64);
      expect(writes.reduce((sum, n) => sum + n, 0)).toBe(64);
      expect(writes.length).toBeLessThanOrEqual(16);
      expect(Math.max(...writes)).toBeGreaterThan(1);
    } finally {
      await worker.stop();
      await producer.close();
      await store.close();
    }
  });

  /** The embedded index behind a switch: while `down`, writes are refused and the index says it is not ready. */
  const switchableIndex = () => {
    const live = EmbeddedSearchIndex.create();
    const state = { down: false, refused: 0 };
    const index = new Proxy(live, {
      get(target, property) {
        if (property === 'upsert') {
          return (docs: Parameters<SearchIndex['upsert']>[0]) => {
            if (!state.down) return target.upsert(docs);
            state.refused++;
            return Promise.reject(new Error('connect ECONNREFUSED (search index down)'));
          };
        }
        if (property === 'isReady') return () => Promise.resolve(!state.down);
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
      },
    });
    return { index, state };
  };

  const storeProjects = async (store: SqliteRecordStore, count: number, name: string) => {
    const records = Array.from({ length: count }, (_, n) => project(`${name} ${n}`));
    await store.collection<ProjectRecord>(COLLECTIONS.projects).insertMany(records);
    return records;
  };

  const enqueueAll = async (producer: ReturnType<typeof openJobQueue>, records: readonly ProjectRecord[]) => {
    for (const record of records) {
      const payload = { kind: 'project' as const, id: record._id };
      await producer.enqueue(INDEX_RECORD_JOB, payload, { jobId: indexRecordJobId(payload) });
    }
  };

  // An Elasticsearch restart of 60 s against the default retry policy, both scaled down 40 times: the index
  // refuses for 1.5 s while the jobs retry on the default policy's waits, each 40 times shorter.
  it('rides out an index outage on the default retry policy: every job completes and none fails', async () => {
    const store = new SqliteRecordStore(join(folder, 'outage.sqlite'));
    const { index, state } = switchableIndex();
    const SCALE = 40;
    const retry = {
      attempts: DEFAULT_RETRY_POLICY.attempts,
      backoffMs: DEFAULT_RETRY_POLICY.backoffMs / SCALE,
      maxBackoffMs: DEFAULT_RETRY_POLICY.maxBackoffMs / SCALE,
    };
    const producer = openJobQueue({ redisUrl: redis.url, prefix: 'outage', retry });
    const workerQueue = openJobQueue({ redisUrl: redis.url, prefix: 'outage', concurrency: 8, retry });
    const worker = new IndexWorker({ store, index, queue: workerQueue }, () => undefined);
    try {
      await worker.start();
      const records = await storeProjects(store, 20, 'Outage');
      state.down = true;
      await enqueueAll(producer, records);
      await vi.waitFor(async () => expect((await producer.stats()).retrying).toBeGreaterThan(0), WAIT);
      await sleep(60_000 / SCALE);
      state.down = false;
      await producer.drain();
      expect(state.refused).toBeGreaterThan(0);
      expect(await index.count('project')).toBe(20);
      expect(await producer.stats()).toMatchObject({ failed: 0, retrying: 0, waiting: 0 });
    } finally {
      await worker.stop();
      await producer.close();
      await store.close();
    }
  });

  it('retries jobs that failed through an outage by itself once the index answers again', async () => {
    const store = new SqliteRecordStore(join(folder, 'sweep.sqlite'));
    const { index, state } = switchableIndex();
    // Retries run out long before the index is back.
    const retry = { attempts: 2, backoffMs: 10, maxBackoffMs: 10 };
    const producer = openJobQueue({ redisUrl: redis.url, prefix: 'sweep', retry });
    const workerQueue = openJobQueue({ redisUrl: redis.url, prefix: 'sweep', concurrency: 8, retry });
    const lines: string[] = [];
    const worker = new IndexWorker({ store, index, queue: workerQueue }, (line) => lines.push(line), {
      failedJobSweepMs: 50,
    });
    try {
      await worker.start();
      const records = await storeProjects(store, 12, 'Swept');
      state.down = true;
      await enqueueAll(producer, records);
      await vi.waitFor(async () => expect((await producer.stats()).failed).toBe(12), WAIT);
      // Still down: the failures stay listed for an operator to see, not retried into the outage.
      await sleep(200);
      expect(await producer.stats()).toMatchObject({ failed: 12, waiting: 0 });
      state.down = false;
      await vi.waitFor(async () => expect(await index.count('project')).toBe(12), WAIT);
      await producer.drain();
      expect(await producer.stats()).toMatchObject({ failed: 0, waiting: 0 });
      expect(lines).toContain('Retried 12 failed index jobs: the search index and the store answer again');
    } finally {
      await worker.stop();
      await producer.close();
      await store.close();
    }
  });

  it('indexes a record whose job another process enqueued', async () => {
    const store = new SqliteRecordStore(join(folder, 'skillers.sqlite'));
    const index = EmbeddedSearchIndex.create();
    const workerQueue = openJobQueue({ redisUrl: redis.url });
    const producer = openJobQueue({ redisUrl: redis.url });
    const worker = new IndexWorker({ store, index, queue: workerQueue }, () => undefined);
    try {
      await worker.start();
      const record = project('Across processes');
      await store.collection<ProjectRecord>(COLLECTIONS.projects).insert(record);
      await producer.enqueue(
        INDEX_RECORD_JOB,
        { kind: 'project', id: record._id },
        {
          jobId: indexRecordJobId({ kind: 'project', id: record._id }),
        },
      );
      await producer.drain();
      expect(await index.get(record._id)).toMatchObject({ id: record._id });
      expect(await worker.health()).toMatchObject({
        status: 'ok',
        ports: { queue: { adapter: 'bullmq', ready: true } },
      });
    } finally {
      await worker.stop();
      await producer.close();
      await store.close();
    }
  });
});
