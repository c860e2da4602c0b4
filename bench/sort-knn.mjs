// Similarity search (/sort) at 100 000 profiles, and the reindex rate, with the real embedder.
// Build first (`npm run build:server`), then run `node bench/sort-knn.mjs [profiles]` (default 100000).
// Seeds the profiles with the demo generator into a fresh SQLite file and starts the real server on
// loopback with the in-process embedder; its start-up rebuild embeds every profile. Then it times the
// kNN on the server's own index (its recall against a scan, and its p50/p95/p99), POST /api/sort over HTTP,
// one pass over a matrix of the same size (the floor), and rebuilding the index with vectors kept,
// computed, or left out.
// With `--vectors DIMS` (e.g. `node bench/sort-knn.mjs 1000000 --vectors 384`) it measures the vector index
// alone instead, over generated vectors of that length: the exact scan's kNN beside the HNSW graph's, with
// the graph's build time and memory (bench/support/vector-graph-bench.mjs).
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { filtersFrom } from './support/filtering-requests.mjs';
import { runVectorGraphBench } from './support/vector-graph-bench.mjs';

const require = createRequire(import.meta.url);
const { loadConfig } = require('../api/dist/config/app-config.js');
const { createApp } = require('../api/dist/create-app.js');
const { RECORD_STORE, SEARCH_INDEX } = require('../api/dist/core/tokens.js');
const { EMBEDDER } = require('../api/dist/core/embedder.tokens.js');
const { seedDatabase, hashDemoPassword } = require('@skillers/demo-data');
const { rebuildIndex } = require('@skillers/indexing');
const { openRecordStore, COLLECTIONS } = require('@skillers/store');
const { EmbeddedSearchIndex } = require('@skillers/search');
const { sortQueryText } = require('@skillers/embedding');
const { compareIdsDescending } = require('@skillers/domain');

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// The shared static model by default, so the run needs no download; EMBEDDER_MODEL(_PATH) pick another.
const MODEL = process.env.EMBEDDER_MODEL ?? 'skillers/static-wordpiece-100d';
const MODEL_PATH = resolve(process.env.EMBEDDER_MODEL_PATH ?? join(root, '../shared/models'));
const SIZE = Number(process.argv[2] ?? 100_000);
const vectorsFlag = process.argv.indexOf('--vectors');
const VECTOR_DIMS = vectorsFlag > 0 ? Number(process.argv[vectorsFlag + 1]) : undefined;
const QUERIES = 300;
const WARM_UP = 30;
const CHECKED = 100;
const LIMIT = 20;
const FLOOR_PASSES = 300;
const REUSE_ROUNDS = 2;
const FILTER_COUNTS = [1, 3, 6];
const TEXTS = [
  'looking for someone to build a mobile app for local farmers',
  'backend developer for an online shop, part time',
  'designer who has worked on dashboards for startups',
  'marketing help for a community site',
];

let state = 20260303;
const random = () => {
  state = (state * 1664525 + 1013904223) >>> 0;
  return state / 4294967296;
};
const pickOne = (list) => list[Math.floor(random() * list.length)];

/** A /sort body as the web app sends it: labels taken from real profiles, free text every other time. */
const requestFrom = (records, filterCount, withText) => {
  const filter = filtersFrom(random, records, filterCount);
  return { type: 'teammate', filter, ...(withText && { text: pickOne(TEXTS) }), limit: LIMIT };
};

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const summary = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return [50, 95, 99].map((p) => percentile(sorted, p).toFixed(2).padStart(7)).join(' ');
};
const line = (name, times) => console.log(`${name.padEnd(44)} ${summary(times)}   load ${load()}`);

if (VECTOR_DIMS !== undefined) {
  await runVectorGraphBench(SIZE, VECTOR_DIMS);
  process.exit();
}

const dataDir = mkdtempSync(join(tmpdir(), 'skillers-bench-sort-'));
let app;
try {
  console.log(`${SIZE} profiles, ${MODEL}; load average at start ${load()}`);
  const seedStarted = performance.now();
  const seeding = await openRecordStore({ dataDir });
  await seedDatabase(seeding, {
    users: SIZE,
    teammates: SIZE,
    projects: 0,
    seed: 7,
    passwordHash: await hashDemoPassword(),
  });
  await seeding.close();
  console.log(`seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

  const config = loadConfig({
    DATA_DIR: dataDir,
    SEED: 'false',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_SCALE: '10000',
    EMBEDDER_MODEL: MODEL,
    EMBEDDER_MODEL_PATH: MODEL_PATH,
  });
  const boot = async () => {
    const started = performance.now();
    app = await createApp(config);
    await app.listen(0, '127.0.0.1');
    return (performance.now() - started) / 1000;
  };
  const bootSeconds = await boot();
  // At start the index is empty, so the server's rebuild embeds every profile: the rate with vectors computed.
  console.log(
    `server started in ${bootSeconds.toFixed(1)} s, its rebuild embedding every profile: ` +
      `${(SIZE / bootSeconds).toFixed(0)} records/s (load ${load()})`,
  );
  const baseUrl = `http://127.0.0.1:${app.getHttpServer().address().port}`;
  const index = app.get(SEARCH_INDEX);
  const store = app.get(RECORD_STORE);
  const embedder = app.get(EMBEDDER);
  const teammates = store.collection(COLLECTIONS.teammates);

  const sample = await teammates.find({}, { limit: 2000 });
  const requests = Array.from({ length: WARM_UP + QUERIES }, (_, n) =>
    requestFrom([pickOne(sample), pickOne(sample)], FILTER_COUNTS[n % 3], n % 2 === 1),
  );
  const vectors = await embedder.embed(requests.map(({ filter, text }) => sortQueryText(filter, text)));
  const dims = vectors[0].length;

  // Exactness: the index's answers against a plain scan over every profile's vector. Large blocks are
  // searched through an 8-bit copy whose best candidates are re-ranked exactly: the top 20 must be the
  // scan's (ids in order, similarity within 1e-6) in at least 99 % of the checked queries.
  const ids = (await teammates.find({}, { limit: SIZE + 1 })).map((record) => record._id);
  const stored = (await Promise.all(ids.map((id) => index.get(id)))).filter((doc) => doc?.vector);
  const norms = stored.map((doc) => Math.hypot(...doc.vector));
  let mismatches = 0;
  let recall = 0;
  for (const query of vectors.slice(0, CHECKED)) {
    const queryNorm = Math.hypot(...query);
    const expected = stored
      .map((doc, at) => {
        let dot = 0;
        for (let i = 0; i < dims; i++) dot += doc.vector[i] * query[i];
        return { id: doc.id, similarity: dot / (norms[at] * queryNorm) };
      })
      .sort((a, b) => b.similarity - a.similarity || compareIdsDescending(a.id, b.id))
      .slice(0, LIMIT);
    const got = await index.knn('teammate', query, LIMIT);
    const same =
      got.length === expected.length &&
      got.every(
        (hit, at) => hit.id === expected[at].id && Math.abs(hit.similarity - expected[at].similarity) < 1e-6,
      );
    if (!same) mismatches++;
    const wanted = new Set(expected.map((hit) => hit.id));
    recall += got.filter((hit) => wanted.has(hit.id)).length / LIMIT;
  }
  const exactShare = (CHECKED - mismatches) / CHECKED;
  console.log(
    `${stored.length} profiles with a ${dims}-number vector; kNN against a scan over ${CHECKED} queries: ` +
      `exact top ${LIMIT} in ${(100 * exactShare).toFixed(1)} % (mismatches ${mismatches}), ` +
      `recall@${LIMIT} ${(recall / CHECKED).toFixed(4)}`,
  );
  if (exactShare < 0.99) process.exitCode = 1;
  stored.length = 0;

  console.log(`\n${'pass (ms)'.padEnd(44)}     p50     p95     p99`);
  const knnTimes = [];
  for (const [n, query] of vectors.entries()) {
    const started = performance.now();
    await index.knn('teammate', query, LIMIT);
    if (n >= WARM_UP) knnTimes.push(performance.now() - started);
  }
  line(`kNN on the index, k=${LIMIT}`, knnTimes);

  const httpTimes = [];
  for (const [n, request] of requests.entries()) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/sort`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
    });
    const answer = await response.json();
    const elapsed = performance.now() - started;
    if (response.status !== 200 || answer.mode !== 'semantic' || answer.results.length !== LIMIT)
      throw new Error(`/api/sort answered ${response.status} ${JSON.stringify(answer).slice(0, 300)}`);
    if (n >= WARM_UP) httpTimes.push(elapsed);
  }
  line('POST /api/sort over HTTP (embed + kNN)', httpTimes);

  // The floor: every vector read once, multiplied with the query, one score written per profile.
  const matrix = new Float32Array(SIZE * dims);
  for (let i = 0; i < matrix.length; i++) matrix[i] = random() - 0.5;
  const scores = new Float32Array(SIZE);
  const floorTimes = [];
  let checksum = 0;
  for (let pass = 0; pass < WARM_UP + FLOOR_PASSES; pass++) {
    const query = Float64Array.from(vectors[pass % vectors.length]);
    const started = performance.now();
    for (let row = 0, base = 0; row < SIZE; row++, base += dims) {
      // Four at a time, as the index does; `dims` is a multiple of 4 for the models in use.
      let dot = 0;
      for (let i = 0; i < dims; i += 4) {
        dot += matrix[base + i] * query[i];
        dot += matrix[base + i + 1] * query[i + 1];
        dot += matrix[base + i + 2] * query[i + 2];
        dot += matrix[base + i + 3] * query[i + 3];
      }
      scores[row] = dot;
    }
    if (pass >= WARM_UP) floorTimes.push(performance.now() - started);
    checksum += scores[pass % SIZE];
  }
  line(`floor: one pass over ${SIZE}x${dims} float32`, floorTimes);
  if (Number.isNaN(checksum)) console.log('(checksum)');

  console.log(`\n${'reindex of every profile'.padEnd(44)}  seconds  records/s`);
  const reindex = async (name, target, options) => {
    const started = performance.now();
    const counts = await rebuildIndex(store, target, options);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `${name.padEnd(44)} ${seconds.toFixed(1).padStart(8)} ${(counts.teammate / seconds).toFixed(0).padStart(10)}   load ${load()}`,
    );
  };
  for (let round = 0; round < REUSE_ROUNDS; round++) {
    await reindex('vectors kept (same model, same text)', index, { embedder });
  }
  await reindex('no embedder (no vectors)', EmbeddedSearchIndex.create(), {});
  const check = await index.knn('teammate', vectors[0], LIMIT);
  if (check.length !== LIMIT) throw new Error('The rebuilt index lost its vectors');

  // A clean stop saved the index, so the restart loads its snapshot (bench/index-restart.mjs compares it with
  // rebuilding).
  await app.close();
  app = undefined;
  const restartSeconds = await boot();
  const restarted = await app.get(SEARCH_INDEX).knn('teammate', vectors[0], LIMIT);
  if (restarted.length !== LIMIT) throw new Error('The restarted index has no vectors');
  console.log(
    `\nrestart on the same data: ${restartSeconds.toFixed(1)} s, ${(SIZE / restartSeconds).toFixed(0)} records/s, ` +
      `the index loaded from its snapshot (first start: ${bootSeconds.toFixed(1)} s)   load ${load()}`,
  );
} finally {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
}
