// Filtered-search latency through the HTTP API, with the records the demo generator makes.
// Build first (`npm run build:server`), then run `node bench/search-api.mjs [sizes...]` (default 10000 100000).
// Each size seeds that many skiller profiles (and as many users) into a fresh SQLite file, starts the real
// server on loopback, and times POST /api/teammate/traditional_filtering with 1, 3 and 6 active filters, plain
// and with `facets: true`. `--quick` runs a few queries on 2000 profiles, to check the script, not to time it.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const require = createRequire(import.meta.url);
const { loadConfig } = require('../api/dist/config/app-config.js');
const { createApp } = require('../api/dist/create-app.js');
const { seedDatabase, hashDemoPassword } = require('@skillers/demo-data');
const { openRecordStore, COLLECTIONS } = require('@skillers/store');

const QUICK = process.argv.includes('--quick');
const SIZES = process.argv.slice(2).map(Number).filter(Boolean);
const QUERIES_PER_SHAPE = QUICK ? 20 : 200;
const WARM_UP_QUERIES = QUICK ? 5 : 30;
const FILTER_COUNTS = [1, 3, 6];
// activeFilters keys and the stored list each one filters on.
const LIST_FILTERS = {
  toolsExperience: (record) => record.toolsExperience.map((entry) => entry.tool),
  projectType: (record) => record.projectType,
  productType: (record) => record.productType ?? [],
  offeredGratification: (record) => record.offeredGratification,
  forGratification: (record) => record.forGratification,
  softSkills: (record) => record.softSkills ?? [],
  hardSkills: (record) => record.hardSkills ?? [],
  requiredAreaOfExpertise: (record) => record.areaOfExpertise ?? [],
  usedLanguages: (record) => record.usedLanguages ?? [],
  locations: (record) => record.locations ?? [],
};

let state = 20260202;
const random = () => {
  state = (state * 1664525 + 1013904223) >>> 0;
  return state / 4294967296;
};
const pickOne = (list) => list[Math.floor(random() * list.length)];

/** Filters drawn from real records, so they hit: each active key asks for one or two of a sample record's tags. */
const queryFrom = (records, filterCount) => {
  const keys = Object.keys(LIST_FILTERS)
    .map((key) => [key, random()])
    .sort((a, b) => a[1] - b[1])
    .map(([key]) => key);
  const activeFilters = {};
  for (const key of keys) {
    if (Object.keys(activeFilters).length === filterCount) break;
    const options = [...new Set(records.flatMap((record) => LIST_FILTERS[key](record)))];
    if (options.length > 0) activeFilters[key] = options.slice(0, 2);
  }
  return { activeFilters, filtering_restriction: 'min_1_match' };
};

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

const measure = async (baseUrl, records, filterCount, facets) => {
  const times = [];
  let hits = 0;
  for (let n = 0; n < WARM_UP_QUERIES + QUERIES_PER_SHAPE; n++) {
    const query = queryFrom([pickOne(records), pickOne(records)], filterCount);
    const body = JSON.stringify(facets ? { ...query, facets: true } : query);
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/teammate/traditional_filtering`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    const answer = await response.json();
    const elapsed = performance.now() - started;
    if (response.status !== 200)
      throw new Error(`search failed: ${response.status} ${JSON.stringify(answer)}`);
    if (facets && !answer.facets) throw new Error('a search with facets: true answered no facets');
    if (n >= WARM_UP_QUERIES) {
      times.push(elapsed);
      hits += answer.total;
    }
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), meanHits: hits / QUERIES_PER_SHAPE };
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
    try {
      for (const [filterCount, facets] of FILTER_COUNTS.flatMap((count) => [
        [count, false],
        [count, true],
      ])) {
        const result = await measure(baseUrl, sample, filterCount, facets);
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
