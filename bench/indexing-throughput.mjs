// Index worker throughput: records indexed per second through the `index-record` job pipeline (read the
// record from the store, map it, write it to the index). The first line is the embedded profile's figure
// (SQLite, the embedded index, the in-process queue one job at a time, as the API runs it); the others use the
// configured adapters: one job at a time with a refresh wait per write (the worker before batching), and
// the worker as it runs now (32 jobs at once, their writes in bulk, no refresh wait).
// Build first (`npm run build:server`), then `node bench/indexing-throughput.mjs [--records N] [--quick]`
// (default 5000 records; --quick runs 300).
// Without server URLs every line runs on the embedded adapters. ELASTICSEARCH_URL puts the index on
// Elasticsearch (indices named skillers-bench-…,
// deleted afterwards), MONGO_URL the records in MongoDB (collection `projects` of that database: use a
// throwaway one), REDIS_URL the jobs in BullMQ (keys under bench-…). No embedder: vectors are left out.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const require = createRequire(import.meta.url);
const { INDEX_RECORD_JOB, indexRecordHandler, indexRecordJobId } = require('@skillers/indexing');
const { BatchingIndexWriter, openSearchIndex } = require('@skillers/search');
const { COLLECTIONS, newId, openRecordStore } = require('@skillers/store');
const { openJobQueue } = require('@skillers/queue');
const { Client } = require('@elastic/elasticsearch');

const flag = (name) => process.argv.includes(name);
const option = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
};
const RECORDS = flag('--quick') ? 300 : option('--records', 5000);
/** The index worker's default (INDEXER_CONCURRENCY). */
const WORKER_CONCURRENCY = 32;
const { ELASTICSEARCH_URL, MONGO_URL, REDIS_URL } = process.env;
const runTag = Date.now().toString(36);

const TOOLS = ['React', 'Go', 'Rust', 'Figma', 'Python', 'Kotlin', 'Swift', 'Elixir'];
const INDUSTRIES = ['Banking', 'Mining', 'Farming', 'Gaming', 'Health', 'Education'];
const projectRecord = (n) => ({
  _id: newId(),
  ownerId: newId(),
  createdAt: new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString(),
  updatedAt: new Date().toISOString(),
  projectName: `Benchmark project ${n}`,
  projectDescription: `A project about ${INDUSTRIES[n % INDUSTRIES.length]} built with ${TOOLS[n % TOOLS.length]}`,
  toolsExperience: [
    { tool: TOOLS[n % TOOLS.length], mep: 1 + (n % 5) },
    { tool: TOOLS[(n * 3) % TOOLS.length], mep: 2 },
  ],
  projectType: ['Start Up'],
  offeredGratification: ['Salary'],
  forGratification: ['Time'],
  requiredAreaOfExpertise: [INDUSTRIES[n % INDUSTRIES.length]],
  bizRole: (n * 7) % 100,
  techRole: 100 - ((n * 7) % 100),
});

/** Clusters refuse wildcard deletes by default, so each index is named. */
const deleteBenchIndices = async () => {
  const client = new Client({ node: ELASTICSEARCH_URL });
  const indices = Object.keys(await client.indices.get({ index: `skillers-bench-${runTag}-*` }));
  if (indices.length > 0) await client.indices.delete({ index: indices });
  await client.close();
};

const openIndex = async (cluster, refreshOnWrite) =>
  openSearchIndex(
    cluster && ELASTICSEARCH_URL
      ? {
          elasticsearchUrl: ELASTICSEARCH_URL,
          indexPrefix: `skillers-bench-${runTag}`,
          vectorDims: 384,
          refreshOnWrite,
        }
      : {},
  );

/** Runs every job once through a fresh queue and resolves to the records per second. */
const run = async (store, ids, { name, cluster, concurrency, batched, refreshOnWrite }) => {
  const index = await openIndex(cluster, refreshOnWrite);
  await index.clear();
  const redisUrl = cluster ? REDIS_URL : undefined;
  const queue = openJobQueue({ redisUrl, prefix: `bench-${runTag}-${name}`, concurrency });
  const writer = batched ? new BatchingIndexWriter(index) : index;
  queue.register(INDEX_RECORD_JOB, indexRecordHandler(store, writer));
  for (const id of ids) {
    const payload = { kind: 'project', id };
    await queue.enqueue(INDEX_RECORD_JOB, payload, { jobId: indexRecordJobId(payload) });
  }
  const started = performance.now();
  await queue.start();
  await queue.drain();
  const seconds = (performance.now() - started) / 1000;
  const { failed } = await queue.stats();
  const indexed = await index.count('project');
  await queue.close();
  if (index.close) await index.close();
  const adapters = `${store.adapter}, ${index.adapter}, ${queue.adapter}`;
  return { name, adapters, concurrency, seconds, perSecond: ids.length / seconds, failed, indexed };
};

const seeded = async (dataDir, mongoUrl) => {
  const store = await openRecordStore({ dataDir, mongoUrl });
  const projects = store.collection(COLLECTIONS.projects);
  for (let start = 0; start < records.length; start += 1000) {
    await projects.insertMany(records.slice(start, start + 1000));
  }
  return store;
};

const records = Array.from({ length: RECORDS }, (_, n) => projectRecord(n));

const main = async () => {
  const folder = mkdtempSync(join(tmpdir(), 'skillers-bench-indexing-'));
  const ids = records.map((record) => record._id);
  const clusterSet = Boolean(ELASTICSEARCH_URL || MONGO_URL || REDIS_URL);
  const embedded = await seeded(join(folder, 'embedded'), undefined);
  const store = clusterSet ? await seeded(join(folder, 'cluster'), MONGO_URL) : embedded;
  console.log(`Indexing ${RECORDS} records; load average ${loadavg()[0].toFixed(2)}`);
  try {
    const results = [
      // The embedded profile's figure: the API runs the in-process queue one job at a time into the embedded index.
      await run(embedded, ids, { name: 'in-process', cluster: false, concurrency: 1, batched: false }),
    ];
    if (clusterSet) {
      // The worker as it was: one job at a time, each write waiting for a refresh.
      results.push(
        await run(store, ids, {
          name: 'one-at-a-time',
          cluster: true,
          concurrency: 1,
          batched: false,
          refreshOnWrite: 'wait_for',
        }),
      );
    }
    results.push(
      await run(store, ids, {
        name: 'worker',
        cluster: true,
        concurrency: WORKER_CONCURRENCY,
        batched: true,
        refreshOnWrite: false,
      }),
    );
    for (const { name, adapters, concurrency, seconds, perSecond, failed, indexed } of results) {
      console.log(
        `${name.padEnd(14)} ${adapters.padEnd(34)} concurrency ${String(concurrency).padStart(2)}: ` +
          `${perSecond.toFixed(0).padStart(7)} records/s (${seconds.toFixed(2)} s, ${indexed} indexed, ${failed} failed)`,
      );
    }
    if (ELASTICSEARCH_URL) {
      console.log(
        'The worker does not wait for refreshes: its writes are searchable within index.refresh_interval (1 s).',
      );
    }
  } finally {
    if (MONGO_URL) await store.collection(COLLECTIONS.projects).deleteMany({ _id: { $in: ids } });
    if (ELASTICSEARCH_URL) await deleteBenchIndices();
    await embedded.close();
    if (store !== embedded) await store.close();
    rmSync(folder, { recursive: true, force: true });
  }
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
