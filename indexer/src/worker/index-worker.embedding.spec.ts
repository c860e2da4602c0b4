import type { ProjectRecord, ProfileRecord } from '@skillers/domain';
import { HttpEmbedder } from '@skillers/embedding';
import {
  embeddingText,
  INDEX_RECORD_JOB,
  indexRecordJobId,
  type IndexRecordPayload,
  projectSearchDocument,
  rebuildIndex,
} from '@skillers/indexing';
import { InProcessJobQueue, type JobQueue, openJobQueue } from '@skillers/queue';
import { EmbeddedSearchIndex, type SearchIndex, type VectorSpaceStatus } from '@skillers/search';
import { COLLECTIONS, SqliteRecordStore } from '@skillers/store';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SHARED_MODEL_ID } from '../../../libs/embedding/src/testing/shared-model';
import {
  findRedisServer,
  REDIS_SERVER_MISSING,
  type RedisServer,
  startRedisServer,
} from '../../../libs/queue/src/bullmq/redis-server.testing';
import { projectRecord, profileRecord } from '../../../libs/indexing/src/record-fixtures.testing';
import { closedLoopbackUrl } from '../commands/collected-output.testing';
import { type BuiltEmbedder, startBuiltEmbedder } from './built-embedder.testing';
import { IndexWorker } from './index-worker';

const project = (name: string, description: string): ProjectRecord =>
  projectRecord(name, { description, toolsExperience: [{ tool: 'React', mep: 2 }] });
const profile = profileRecord;

const enqueue = (queue: JobQueue, payload: IndexRecordPayload) =>
  queue.enqueue(INDEX_RECORD_JOB, payload, { jobId: indexRecordJobId(payload) });

let dataDir: string;
let service: BuiltEmbedder;

/** The built embedder service, its own process, on a free loopback port (or the given one, to bring it back). */
const startService = (port = 0): Promise<BuiltEmbedder> => startBuiltEmbedder(dataDir, port);

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'skillers-worker-embedder-'));
  service = await startService();
});
afterAll(async () => {
  await service?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/* The cluster worker's embedding path: the embedder service over HTTP, as `EMBEDDER_URL` wires it. */
describe('index worker with the embedder service', () => {
  let folder: string;
  let store: SqliteRecordStore;
  let index: EmbeddedSearchIndex;
  let queue: InProcessJobQueue;
  let lines: string[];
  let worker: IndexWorker | undefined;

  const startWorker = async (embedderUrl: string, searchIndex: SearchIndex = index) => {
    const embedder = new HttpEmbedder({ url: embedderUrl, model: SHARED_MODEL_ID, timeoutMs: 5_000 });
    worker = new IndexWorker({ store, index: searchIndex, queue, embedder }, (line) => lines.push(line));
    await worker.start();
    return embedder;
  };

  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'skillers-worker-vectors-'));
    store = new SqliteRecordStore(join(folder, 'skillers.sqlite'));
    index = EmbeddedSearchIndex.create();
    queue = new InProcessJobQueue({ retry: { attempts: 1, backoffMs: 0 } });
    lines = [];
    worker = undefined;
  });
  afterEach(async () => {
    await worker?.stop();
    await store.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('stores each indexed record’s vector and model, which similarity search then finds', async () => {
    const embedder = await startWorker(service.url);
    expect(lines[0]).toBe(`Embedding records with "${SHARED_MODEL_ID}" (100 dimensions)`);
    const farm = project('Harvest planner', 'Crop rotation and organic farming for small farms');
    const music = project('Beat maker', 'Music production and songwriting for film soundtracks');
    await store.collection<ProjectRecord>(COLLECTIONS.projects).insertMany([farm, music]);

    await enqueue(queue, { kind: 'project', id: farm._id });
    await enqueue(queue, { kind: 'project', id: music._id });
    await queue.drain();

    const indexed = await index.get(farm._id);
    expect(indexed?.vectorModel).toBe(SHARED_MODEL_ID);
    expect(indexed?.vector).toHaveLength(100);
    const [query] = await embedder.embed(['organic farming']);
    expect((await index.knn('project', query, 1)).map((hit) => hit.id)).toEqual([farm._id]);
    expect(await queue.stats()).toMatchObject({ failed: 0 });
    expect(await worker?.health()).toMatchObject({
      status: 'ok',
      ports: { embedder: { adapter: 'http', ready: true, model: SHARED_MODEL_ID } },
    });
  });

  it('embeds the records of the first index build too', async () => {
    const record = project('Seeded', 'A record loaded before the worker started');
    await store.collection<ProjectRecord>(COLLECTIONS.projects).insert(record);
    await store.collection<ProfileRecord>(COLLECTIONS.teammates).insert(profile('Painter'));

    await startWorker(service.url);

    expect(lines).toContain('The search index is empty and the store holds 2 records: building the index');
    expect((await index.get(record._id))?.vector).toHaveLength(100);
  });

  it('indexes without vectors while the embedder is down, says so once, and a reindex fills them in', async () => {
    const down = await closedLoopbackUrl();
    const embedder = await startWorker(down);
    expect(lines.filter((line) => line.startsWith('The embedder cannot embed'))).toHaveLength(1);

    const records = [project('Offline one', 'first'), project('Offline two', 'second')];
    await store.collection<ProjectRecord>(COLLECTIONS.projects).insertMany(records);
    for (const record of records) await enqueue(queue, { kind: 'project', id: record._id });
    await queue.drain();

    // Indexed and searchable, without a vector; the jobs succeed rather than retrying for ever.
    for (const record of records) {
      expect(await index.get(record._id)).toMatchObject({ id: record._id });
      expect((await index.get(record._id))?.vector).toBeUndefined();
    }
    expect(await queue.stats()).toMatchObject({ failed: 0 });
    expect(lines.filter((line) => line.startsWith('The embedder cannot embed'))).toHaveLength(1);
    expect(await worker?.health()).toMatchObject({
      status: 'ok',
      ports: { embedder: { adapter: 'http', ready: false, model: SHARED_MODEL_ID } },
    });

    // The reindex an operator runs once the service answers: the missing vectors are filled in.
    const counts = await rebuildIndex(store, index, {
      embedder: new HttpEmbedder({ url: service.url, model: SHARED_MODEL_ID }),
    });
    expect(counts.project).toBe(2);
    for (const record of records) expect((await index.get(record._id))?.vector).toHaveLength(100);
    expect(embedder.modelId).toBe(SHARED_MODEL_ID);
  });

  it('says when the embedder embeds again after an outage', async () => {
    const own = await startService();
    const port = Number(new URL(own.url).port);
    await startWorker(own.url);
    await own.close();

    const first = project('During the outage', 'no vector');
    await store.collection<ProjectRecord>(COLLECTIONS.projects).insert(first);
    await enqueue(queue, { kind: 'project', id: first._id });
    await queue.drain();
    expect((await index.get(first._id))?.vector).toBeUndefined();

    const back = await startService(port);
    try {
      const second = project('After the outage', 'with a vector');
      await store.collection<ProjectRecord>(COLLECTIONS.projects).insert(second);
      await enqueue(queue, { kind: 'project', id: second._id });
      await queue.drain();
      expect((await index.get(second._id))?.vector).toHaveLength(100);
      const outage = lines.findIndex((line) => line.startsWith('The embedder cannot embed'));
      const recovery = lines.findIndex((line) => line.startsWith('The embedder embeds again'));
      expect(outage).toBeGreaterThan(-1);
      expect(recovery).toBeGreaterThan(outage);
      expect(lines[recovery]).toContain('run `reindex`');
    } finally {
      await back.close();
    }
  });

  it('refuses the vectors of a service running another model', async () => {
    const embedder = new HttpEmbedder({ url: service.url, model: 'another/model' });
    worker = new IndexWorker({ store, index, queue, embedder }, (line) => lines.push(line));
    await worker.start();
    const record = project('Mismatch', 'model differs');
    await store.collection<ProjectRecord>(COLLECTIONS.projects).insert(record);
    await enqueue(queue, { kind: 'project', id: record._id });
    await queue.drain();
    expect((await index.get(record._id))?.vector).toBeUndefined();
    expect(lines.find((line) => line.startsWith('The embedder cannot embed'))).toContain(
      `the service runs "${SHARED_MODEL_ID}"`,
    );
  });

  it('rebuilds at start an index that reports it was built for another model', async () => {
    const records = [project('Old vectors', 'embedded by the previous model'), project('Two', 'second')];
    await store.collection<ProjectRecord>(COLLECTIONS.projects).insertMany(records);
    // What the old model left: vectors of the same length, which must not be compared with the new ones.
    await index.upsert(
      records.map((record) => ({
        ...projectSearchDocument(record),
        vector: Array.from({ length: 100 }, () => 1),
        vectorModel: 'previous/model',
      })),
    );
    const configured = { model: SHARED_MODEL_ID, dims: 100 };
    let live: VectorSpaceStatus['live'] = {
      project: { model: 'previous/model', dims: 100 },
      teammate: { model: 'previous/model', dims: 100 },
    };
    // The report of an index keyed by model (Elasticsearch's), on the embedded index: a swap makes it current.
    const keyed = Object.assign(index, {
      vectorStatus: async (): Promise<VectorSpaceStatus> => ({
        configured,
        live,
        reindexNeeded: live.project?.model !== configured.model,
      }),
      createGeneration: async () => {
        const generation = await EmbeddedSearchIndex.prototype.createGeneration.call(index);
        return {
          ...generation,
          swap: async () => {
            await generation.swap();
            live = { project: configured, teammate: configured };
          },
        };
      },
    });

    await startWorker(service.url, keyed);

    expect(lines).toContainEqual(
      expect.stringMatching(
        /^The search index was built for "previous\/model" \(100 dimensions\), not for the configured embedding model "skillers\/static-wordpiece-100d" \(100 dimensions\): building a new index for it from the 2 stored records/,
      ),
    );
    for (const record of records) {
      expect(await index.get(record._id)).toMatchObject({ vectorModel: SHARED_MODEL_ID });
      expect((await index.get(record._id))?.vector).not.toEqual(Array.from({ length: 100 }, () => 1));
    }
    expect(await worker?.health()).toMatchObject({
      vectors: { model: SHARED_MODEL_ID, dims: 100, reindexNeeded: false },
    });
  });
});

const redisBinary = findRedisServer();

describe.skipIf(!redisBinary)(
  redisBinary ? 'index worker with the embedder service on a shared BullMQ queue' : REDIS_SERVER_MISSING,
  () => {
    let redis: RedisServer;
    let folder: string;

    beforeAll(async () => {
      redis = await startRedisServer(redisBinary as string);
      folder = mkdtempSync(join(tmpdir(), 'skillers-worker-bullmq-vectors-'));
    });
    afterAll(async () => {
      await redis?.stop();
      rmSync(folder, { recursive: true, force: true });
    });

    it('stores the vector of a record whose job another process enqueued', async () => {
      const store = new SqliteRecordStore(join(folder, 'skillers.sqlite'));
      const index = EmbeddedSearchIndex.create();
      const producer = openJobQueue({ redisUrl: redis.url });
      const embedder = new HttpEmbedder({ url: service.url, model: SHARED_MODEL_ID });
      const worker = new IndexWorker(
        { store, index, queue: openJobQueue({ redisUrl: redis.url }), embedder },
        () => undefined,
      );
      try {
        await worker.start();
        const record = project('Across processes', 'Vectors through Redis and HTTP');
        await store.collection<ProjectRecord>(COLLECTIONS.projects).insert(record);
        await enqueue(producer, { kind: 'project', id: record._id });
        await producer.drain();
        expect(await index.get(record._id)).toMatchObject({ vectorModel: SHARED_MODEL_ID });
        expect((await index.get(record._id))?.vector).toEqual(
          (await embedder.embed([embeddingText(projectSearchDocument(record))]))[0],
        );
      } finally {
        await worker.stop();
        await producer.close();
        await store.close();
      }
    });
  },
);
