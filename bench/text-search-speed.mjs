// Speed of the home search's text query, which ranks every record of the kind: `{activeFilters: {}, text,
// filtering_restriction: 'min_1_match', page: 1, facets: true}`, its text understood by the server (understood
// labels rank, never filter). Targets (issue 24, "Speed"): p95 in the index under 15 ms at 100 000 profiles and
// under 60 ms at 1 000 000; over HTTP under 30 ms at 100 000.
//
// (a) The embedded index's own call, no HTTP: `SearchIndex.search` of the query the filtering service builds
// (`FilteringService.queryFor`, with the understanding by name and a query vector drawn near the profiles' in
// place of the model's), over synthetic profiles (bench/support/synthetic-profiles.mjs) with clustered vectors
// (bench/support/clustered-vectors.mjs) at 100 000 and 1 000 000, before their HNSW graph is built and with it
// (its build time beside). Beside it,
// the understanding's own time (the text read by name, the label counts from the index) and the label counts'
// recount on the first read after a write (`SearchIndex.labelCounts`), and the CPU time per search
// (process.cpuUsage), which a busy machine inflates less than the latency.
// (b) The HTTP call on the built server (`node api/dist/main.js`) at 100 000 demo profiles, their vectors cached
// for the small static model (bench/support/seeded-profiles.mjs), so the query text is embedded by it; timed
// once `/api/ready` says the server is ready and it has gone idle (its snapshot saved, its vector graph built).
//
// Build first (`npm run build:server`), then `node --max-old-space-size=7168 bench/text-search-speed.mjs
// [--quick] [--sizes N,M] [--index-only | --http-only]` (`npm run bench:text-search`). `--quick`: 5 000 and 20 000 profiles in
// the index and 2 000 over HTTP, a few queries each, to check the script, not to time it.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { clusteredVectorRows } from './support/clustered-vectors.mjs';
import { seedProfilesWithVectors } from './support/seeded-profiles.mjs';
import { readyAfter, SHARED_MODEL, settledAfter, startServer } from './support/server.mjs';
import { syntheticProfiles } from './support/synthetic-profiles.mjs';
import { processCpuMs } from './support/thread-cpu.mjs';

const require = createRequire(import.meta.url);
require('reflect-metadata');
const { filteringRequestSchema } = require('@skillers/domain');
const { readSearchText, understandReading } = require('@skillers/embedding');
const { EmbeddedSearchIndex } = require('@skillers/search');
const { FilteringService } = require('../api/dist/filtering/filtering.service.js');
const { TextUnderstandingService } = require('../api/dist/filtering/text-understanding.service.js');

const args = process.argv.slice(2);
const QUICK = args.includes('--quick');
const sizesAt = args.indexOf('--sizes');
// `--sizes 100000,1000000`: the index rows to time (a million takes some ten minutes to build with its graph).
const INDEX_SIZES =
  sizesAt >= 0 ? args[sizesAt + 1].split(',').map(Number) : QUICK ? [5_000, 20_000] : [100_000, 1_000_000];
const HTTP_SIZE = QUICK ? 2_000 : 100_000;
const QUERIES = QUICK ? 30 : 300;
const WARM_UP = QUICK ? 5 : 50;
const RECOUNTS = QUICK ? 5 : 20;
const BATCH = 10_000;
const TARGETS = { 100_000: 15, 1_000_000: 60 };
const HTTP_TARGET = 30;

const { pickers, profile, makeQuery } = syntheticProfiles();
/** The profiles' and queries' vectors: clustered, as embeddings are (uniform noise is no model's output). */
const VECTOR_DIMS = 100;

/** What people type into the home search box, from labels drawn by popularity, in lower case. */
const TEMPLATES = [
  (p) => `${p.hardSkills()} with ${p.tools()} experience`,
  (p) => `${p.tools()} developer in ${p.locations()}, not ${p.hardSkills()}`,
  (p) => `looking for a ${p.hardSkills()} for a ${p.industry()} startup`,
  (p) => `${p.industry()} project needs a ${p.tools()} person, remote`,
  (p) => `${p.hardSkills()} who speaks ${p.usedLanguages()}`,
];
const texts = Array.from({ length: WARM_UP + QUERIES }, (_, n) =>
  TEMPLATES[n % TEMPLATES.length](pickers).toLowerCase(),
);
const homeSearch = (text) => ({
  activeFilters: {},
  text,
  filtering_restriction: 'min_1_match',
  page: 1,
  facets: true,
});

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
const spread = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95) };
};
const ms = (value) => value.toFixed(2);
const load = () => loadavg()[0].toFixed(1);
const timed = async (run) => {
  const started = performance.now();
  const result = await run();
  return { ms: performance.now() - started, result };
};

/** The filtering service's query building alone: it reads the index (label counts) and the query vector. */
const queryBuilder = (index, queryVectors) => {
  let asked = 0;
  const readings = new Map();
  const reading = (text) => {
    if (!readings.has(text)) readings.set(text, readSearchText(text));
    return readings.get(text);
  };
  const understanding = new TextUnderstandingService(
    // As the API's suggester: a text is read by name once, for its words and then its understanding.
    {
      understand: async (text) => understandReading(reading(text)),
      wordsOf: (text) => reading(text).words,
      namedRoles: (text) => reading(text).labels.hardSkills ?? [],
    },
    index,
  );
  // In place of the API's QueryVectors: the next drawn vector for each text.
  const vectorsOfText = { vectorOf: async () => queryVectors[asked++ % queryVectors.length] };
  return new FilteringService(
    index,
    undefined,
    undefined,
    undefined,
    vectorsOfText,
    undefined,
    understanding,
  );
};

const indexRow = async (size) => {
  const vectors = clusteredVectorRows({ count: size, dims: VECTOR_DIMS });
  const queryVectors = texts.map(() => Array.from(vectors.next()));
  const withVector = (n) => ({ ...profile(n), vector: Array.from(vectors.next()) });
  const index = EmbeddedSearchIndex.create();
  const building = performance.now();
  for (let start = 0; start < size; start += BATCH) {
    const count = Math.min(BATCH, size - start);
    await index.upsert(Array.from({ length: count }, (_, n) => withVector(start + n)));
  }
  const buildSeconds = (performance.now() - building) / 1000;
  // The first search after a bulk load sorts the records once into tie-break order.
  await index.search(makeQuery(1, 'min_1_match'));

  const filtering = queryBuilder(index, queryVectors);
  const understandingMs = [];
  const queries = [];
  for (const text of texts) {
    const { ms: took, result } = await timed(() =>
      filtering.queryFor('teammate', filteringRequestSchema.parse(homeSearch(text))),
    );
    understandingMs.push(took);
    queries.push(result.query);
  }
  const timeSearches = async () => {
    for (const query of queries.slice(0, WARM_UP)) await index.search(query);
    const searchMs = [];
    let matched = 0;
    const cpu = process.cpuUsage();
    for (const query of queries.slice(WARM_UP)) {
      const { ms: took, result } = await timed(() => index.search(query));
      if (!result.facets) throw new Error('a search with facets: true answered no facets');
      searchMs.push(took);
      matched += result.total;
    }
    const used = process.cpuUsage(cpu);
    return { searched: spread(searchMs), cpuMs: (used.user + used.system) / 1000 / QUERIES, matched };
  };
  // Before its HNSW graph is built (just after a bulk load) kNN scans every vector; the server builds the graph
  // in the background once writes pause, and the steady state goes through it.
  const scanning = await timeSearches();
  const graphBuilding = performance.now();
  await index.vectorGraphsReady();
  const graphSeconds = (performance.now() - graphBuilding) / 1000;
  const withGraph = await timeSearches();
  const recountMs = [];
  for (let n = 0; n < RECOUNTS; n++) {
    await index.upsert([withVector(size + n)]);
    recountMs.push((await timed(() => index.labelCounts('teammate'))).ms);
  }
  const understood = spread(understandingMs.slice(WARM_UP));
  const row = (where, { searched, cpuMs, matched }, notes) =>
    console.log(
      `| ${where} | ${size} | ${QUERIES} | ${ms(understood.p50)} / ${ms(understood.p95)} | ${ms(searched.p50)} | ` +
        `${ms(searched.p95)} | ${ms(cpuMs)} | ${TARGETS[size] ?? '-'} | ${ms(spread(recountMs).p50)} | ` +
        `${Math.round(matched / QUERIES)} | ${notes}, load ${load()} |`,
    );
  row('index, exact kNN scan', scanning, `build ${buildSeconds.toFixed(0)} s`);
  row('index, kNN through the graph', withGraph, `graph built in ${graphSeconds.toFixed(0)} s`);
};

const httpRow = async (size) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'skillers-bench-text-'));
  let server;
  try {
    await seedProfilesWithVectors(dataDir, { profiles: size, model: SHARED_MODEL, dims: 100 });
    const starting = performance.now();
    server = await startServer(dataDir, { env: { SEED: 'false', RATE_LIMIT_SCALE: '10000' } });
    const startSeconds = (performance.now() - starting) / 1000;
    // As a load balancer would: traffic once the node says it is ready (its query path warmed); and the steady
    // state, once the start's background work (the snapshot's save, the vector graph) is done.
    const readySeconds = await readyAfter(server.baseUrl);
    const settledSeconds = await settledAfter(() => processCpuMs(server.child.pid));
    const times = [];
    let matched = 0;
    for (const [n, text] of texts.entries()) {
      const { ms: took, result: response } = await timed(async () => {
        const answer = await fetch(`${server.baseUrl}/api/teammate/traditional_filtering`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(homeSearch(text)),
        });
        return { status: answer.status, body: await answer.json() };
      });
      if (response.status !== 200 || !response.body.understood)
        throw new Error(`home search failed: ${response.status} ${JSON.stringify(response.body)}`);
      if (n < WARM_UP) continue;
      times.push(took);
      matched += response.body.total;
    }
    const { p50, p95 } = spread(times);
    console.log(
      `| HTTP | ${size} | ${QUERIES} | - | ${ms(p50)} | ${ms(p95)} | - | ${HTTP_TARGET} | - | ` +
        `${Math.round(matched / QUERIES)} | start ${startSeconds.toFixed(0)} s, ready ${readySeconds.toFixed(0)} s ` +
        `and idle ${settledSeconds.toFixed(0)} s later, load ${load()} |`,
    );
  } finally {
    if (server) {
      const exited = new Promise((done) => server.child.once('exit', done));
      server.child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
};

console.log(`Node ${process.version}, load average ${load()} at start\n`);
console.log(
  '| where | profiles | queries | understanding p50 / p95 ms | p50 ms | p95 ms | CPU ms/query | target p95 ms | label recount ms | mean matches | notes |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
if (!args.includes('--http-only')) for (const size of INDEX_SIZES) await indexRow(size);
if (!args.includes('--index-only')) await httpRow(HTTP_SIZE);
