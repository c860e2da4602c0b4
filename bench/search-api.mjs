// Filtered-search latency through the HTTP API, with the records the demo generator makes.
// Build first (`npm run build:server`), then run `node bench/search-api.mjs [sizes...]` (default 10000 100000).
// Each size seeds that many skiller profiles (and as many users) into a fresh SQLite file, starts the real
// server on loopback, and times POST /api/teammate/traditional_filtering with 1, 3 and 6 active filters, plain
// and with `facets: true`, once `/api/ready` says the server is ready and the start's background work is done
// (this process idle: the snapshot saved, the weekly matches run). `--quick` runs a few queries on 2000 profiles, to check the script, not to time it.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { FILTER_COUNTS, requestGenerator, timeFiltering } from './support/filtering-requests.mjs';
import { readyAfter, settledAfter } from './support/server.mjs';

const require = createRequire(import.meta.url);
const { loadConfig } = require('../api/dist/config/app-config.js');
const { createApp } = require('../api/dist/create-app.js');
const { seedDatabase, hashDemoPassword } = require('@skillers/demo-data');
const { openRecordStore, COLLECTIONS } = require('@skillers/store');

const QUICK = process.argv.includes('--quick');
const SIZES = process.argv.slice(2).map(Number).filter(Boolean);
const QUERIES_PER_SHAPE = QUICK ? 20 : 200;
const WARM_UP_QUERIES = QUICK ? 5 : 30;
// One stream of draws across every size and shape, as before the requests moved to bench/support.
const random = requestGenerator();

/** This process's CPU milliseconds so far: the server runs in it. */
const ownCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

const runSize = async (size) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'skillers-bench-api-'));
  try {
    const store = await openRecordStore({ dataDir });
    const seedStarted = performance.now();
    await seedDatabase(store, {
      users: size,
      teammates: size,
      projects: 0,
      seed: 7,
      passwordHash: await hashDemoPassword(),
    });
    const sample = await store.collection(COLLECTIONS.teammates).find({}, { limit: 2000 });
    await store.close();
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    const bootStarted = performance.now();
    const app = await createApp(loadConfig({ DATA_DIR: dataDir, SEED: 'false', LOG_LEVEL: 'silent' }));
    await app.listen(0, '127.0.0.1');
    const bootSeconds = (performance.now() - bootStarted) / 1000;
    const baseUrl = `http://127.0.0.1:${app.getHttpServer().address().port}`;
    await readyAfter(baseUrl);
    await settledAfter(ownCpuMs);
    try {
      for (const [filterCount, facets] of FILTER_COUNTS.flatMap((count) => [
        [count, false],
        [count, true],
      ])) {
        const result = await timeFiltering(baseUrl, sample, {
          filterCount,
          facets,
          queries: QUERIES_PER_SHAPE,
          warmUp: WARM_UP_QUERIES,
          random,
        });
        console.log(
          [
            String(size).padStart(7),
            String(filterCount).padStart(7),
            (facets ? 'yes' : 'no').padStart(6),
            result.p50.toFixed(2).padStart(8),
            result.p95.toFixed(2).padStart(8),
            result.meanHits.toFixed(0).padStart(10),
            seedSeconds.toFixed(1).padStart(8),
            bootSeconds.toFixed(1).padStart(8),
          ].join(' '),
        );
      }
    } finally {
      await app.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
};

console.log('profiles filters facets  p50 ms   p95 ms  mean hits  seed s  start s');
for (const size of SIZES.length ? SIZES : QUICK ? [2_000] : [10_000, 100_000]) await runSize(size);
