// Restart time of the embedded profile: the index loaded from its snapshot against rebuilt from the store.
// Build first (`npm run build:server`), then `node bench/index-restart.mjs [profiles] [--quick]` (default
// 100000 profiles; --quick: 2000). Seeds the profiles with the demo generator into a fresh SQLite file,
// starts the real server (its first start listens once text and facets are indexed, then embeds every
// profile in the background with the in-process embedder and saves the snapshot; both are timed), stops it
// cleanly, then times: a restart that loads the snapshot, a
// restart after a write made while the server was down (the snapshot is stale: rebuilt, vectors from the
// vector cache), and a restart with a damaged snapshot (rebuilt). Each restarted index is checked against
// the first one: the same filtering, free-text (scores to the bit) and kNN answers.
import { mkdtempSync, rmSync, statSync, truncateSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { loadConfig } = require('../api/dist/config/app-config.js');
const { createApp } = require('../api/dist/create-app.js');
const { SEARCH_INDEX } = require('../api/dist/core/tokens.js');
const { EMBEDDER } = require('../api/dist/core/embedder.tokens.js');
const { INDEX_SNAPSHOT_FILE } = require('../api/dist/indexing/index-worker.service.js');
const { VectorBackfillState } = require('../api/dist/indexing/vector-backfill.state.js');
const { hashDemoPassword, seedDatabase } = require('@skillers/demo-data');
const { embeddingText, profileSearchDocument } = require('@skillers/indexing');
const { openRecordStore, COLLECTIONS } = require('@skillers/store');

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const MODEL = process.env.EMBEDDER_MODEL ?? 'skillers/static-wordpiece-100d';
const MODEL_PATH = resolve(process.env.EMBEDDER_MODEL_PATH ?? join(root, '../shared/models'));
const QUICK = process.argv.includes('--quick');
const SIZE = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? (QUICK ? 2000 : 100_000));
const CHECKS = 20;

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

const dataDir = mkdtempSync(join(tmpdir(), 'skillers-bench-restart-'));
const snapshotFile = join(dataDir, INDEX_SNAPSHOT_FILE);
const config = loadConfig({
  DATA_DIR: dataDir,
  SEED: 'false',
  LOG_LEVEL: 'silent',
  EMBEDDER_MODEL: MODEL,
  EMBEDDER_MODEL_PATH: MODEL_PATH,
});

let app;
const start = async () => {
  const started = performance.now();
  app = await createApp(config);
  await app.listen(0, '127.0.0.1');
  return (performance.now() - started) / 1000;
};
/** Seconds until the background backfill has set every missing vector. */
const vectorsFilled = async () => {
  const started = performance.now();
  const state = app.get(VectorBackfillState);
  while (state.pending()) await new Promise((resolve) => setTimeout(resolve, 100));
  return (performance.now() - started) / 1000;
};
const stop = async () => {
  const started = performance.now();
  await app.close();
  app = undefined;
  return (performance.now() - started) / 1000;
};

/** Two words of the profile's own text, the second cut to its start (a prefix query). */
const textQuery = (record, n) => {
  const words = profileSearchDocument(record)
    .text.split(/\s+/)
    .filter((word) => word.length > 3);
  words.push('skiller');
  return `${words[n % words.length]} ${words[(n + 1) % words.length].slice(0, 3)}`;
};

/** Filtering, free-text and kNN answers of the running server's index, to compare two starts. */
const answers = async (queries) => {
  const index = app.get(SEARCH_INDEX);
  const result = [];
  for (const { vector, tags, text } of queries) {
    const knn = await index.knn('teammate', vector, 20);
    const page = await index.search({
      kind: 'teammate',
      restriction: 'min_1_match',
      tags,
      page: 1,
      pageSize: 12,
    });
    // BM25 to the bit: the text signal of every hit on the page.
    const texts = await index.search({
      kind: 'teammate',
      restriction: 'min_1_match',
      tags: {},
      text,
      page: 1,
      pageSize: 12,
    });
    result.push(
      JSON.stringify({
        knn: knn.map((hit) => hit.id),
        page: page.ids,
        total: page.total,
        text: texts.ids.map((id, at) => [id, texts.signals[at].text]),
        textTotal: texts.total,
      }),
    );
  }
  return result;
};

try {
  console.log(`${SIZE} profiles, ${MODEL}; load average at start ${load()}`);
  const seeding = await openRecordStore({ dataDir });
  await seedDatabase(seeding, {
    users: SIZE,
    teammates: SIZE,
    projects: 0,
    seed: 7,
    passwordHash: await hashDemoPassword(),
  });
  const sample = await seeding.collection(COLLECTIONS.teammates).find({}, { limit: CHECKS });
  await seeding.close();

  const firstStart = await start();
  const backfill = await vectorsFilled();
  const embedder = app.get(EMBEDDER);
  const vectors = await embedder.embed(sample.map((record) => embeddingText(profileSearchDocument(record))));
  const queries = sample.map((record, n) => ({
    vector: vectors[n],
    tags: { tools: record.toolsExperience.slice(0, 2).map((entry) => entry.tool) },
    text: textQuery(record, n),
  }));
  const expected = await answers(queries);
  const firstStop = await stop();
  const size = statSync(snapshotFile).size;
  console.log(
    `first start (no vector cached): listening after ${firstStart.toFixed(1)} s, every profile embedded ` +
      `${backfill.toFixed(1)} s later; stop: ${firstStop.toFixed(1)} s; snapshot ${mib(size)}   load ${load()}`,
  );

  const timedRestart = async (name) => {
    const seconds = await start();
    const got = await answers(queries);
    const same = got.every((answer, n) => answer === expected[n]);
    // Which parts differ, when any does.
    const differing = ['knn', 'page', 'total', 'text', 'textTotal'].filter((part) =>
      got.some(
        (answer, n) =>
          JSON.stringify(JSON.parse(answer)[part]) !== JSON.stringify(JSON.parse(expected[n])[part]),
      ),
    );
    const rss = process.memoryUsage().rss;
    await stop();
    console.log(
      `${name.padEnd(52)} ${seconds.toFixed(2).padStart(7)} s   answers ${same ? 'identical' : `DIFFERENT (${differing.join(', ')})`}` +
        `   rss ${mib(rss)}   load ${load()}`,
    );
    if (!same) process.exitCode = 1;
  };

  await timedRestart('restart, snapshot loaded');
  await timedRestart('restart again, snapshot loaded');

  // A write to the profiles while the server is down (as another process, or a crash after the write,
  // would leave it) ages the snapshot.
  const store = await openRecordStore({ dataDir });
  const teammates = store.collection(COLLECTIONS.teammates);
  const [last] = await teammates.find({}, { sort: [{ field: '_id', direction: 'asc' }], limit: 1 });
  // Rewritten unchanged, so the answers stay comparable.
  await teammates.update(last._id, { updatedAt: last.updatedAt });
  await store.close();
  await timedRestart('restart after a write while down: rebuilt');

  truncateSync(snapshotFile, Math.floor(statSync(snapshotFile).size / 2));
  await timedRestart('restart with a truncated snapshot: rebuilt');
} finally {
  if (app) await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
