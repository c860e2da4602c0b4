// The embedded server at scale: first start, snapshot save, restart, memory and HTTP filtering, on one data
// folder of N skiller profiles (default 1 000 000) with 384-number vectors.
//
// Build first (`npm run build:server`), then `node bench/server-scale.mjs [profiles] [--data DIR] [--quick]
// [--restarts-only]` (the last only the restarts, from the snapshot a former run left in DIR).
// Seeds N users and N skiller profiles with the demo generator into DIR (a temporary folder unless given; a
// given folder already seeded with N is reused, so a million is seeded once), and fills the server's vector
// cache with one 384-number vector per profile for `Xenova/all-MiniLM-L6-v2` (the product's default model,
// whose vectors are 384 long): random but clustered vectors (`bench/support/clustered-vectors.mjs`), since the
// model cannot be fetched here and embedding a million texts on two cores takes hours. The server is the
// built one (`node api/dist/main.js`) in a child process, so its RSS is its own (read from /proc: VmRSS now,
// VmHWM the peak since it started). Timed: the first start (index built from the store, every vector from the
// cache) until it listens and until its snapshot is saved; the HTTP filtering call (1, 3 and 6 filters, plain
// and with facets); the vector graph built and saved in the background; a clean stop; two restarts from the
// snapshot until listening, the first answer, the deferred check of its texts and vectors and `/api/ready`,
// each then serving requests.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { FILTER_COUNTS, requestGenerator, timeFiltering } from './support/filtering-requests.mjs';
import { seedProfilesWithVectors } from './support/seeded-profiles.mjs';
import { startServer } from './support/server.mjs';

const require = createRequire(import.meta.url);
const { openRecordStore, COLLECTIONS } = require('@skillers/store');

const MODEL = 'Xenova/all-MiniLM-L6-v2';
const DIMS = 384;
const SNAPSHOT_FILE = 'search-index.snapshot';
const args = process.argv.slice(2);
const QUICK = args.includes('--quick');
/** Only the restarts, from the snapshot a former run left in `--data`. */
const RESTARTS_ONLY = args.includes('--restarts-only');
const SIZE = Number(args.find((arg) => /^\d+$/.test(arg)) ?? (QUICK ? 3000 : 1_000_000));
const dataArg = args.includes('--data') ? args[args.indexOf('--data') + 1] : undefined;
const QUERIES = QUICK ? 20 : 200;
const WARM_UP = QUICK ? 5 : 30;

/** Each filter count, plain and with facets. */
const FILTER_SHAPES = FILTER_COUNTS.flatMap((count) => [
  [count, false],
  [count, true],
]);

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const mib = (kib) => `${(kib / 1024).toFixed(0)} MiB`;
const seconds = (since) => ((performance.now() - since) / 1000).toFixed(1);
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** VmRSS and VmHWM (the peak) of a process, in KiB. */
const memoryOf = (pid) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: field('VmRSS'), peak: field('VmHWM') };
};

const dataDir = dataArg ? resolve(dataArg) : mkdtempSync(join(tmpdir(), 'skillers-bench-scale-'));

/** Starts the server; resolves once it listens, with the seconds that took. */
const start = async () => {
  const started = performance.now();
  const server = await startServer(dataDir, {
    env: { EMBEDDER_MODEL: MODEL, LOG_LEVEL: 'info', SEED: 'false' },
  });
  // Log lines counted as they come: the kept output is only the latest part of the log.
  const seen = { saves: 0 };
  let carry = '';
  server.child.stdout.on('data', (chunk) => {
    const lines = (carry + chunk.toString()).split('\n');
    carry = lines.pop();
    seen.saves += lines.filter((line) => line.includes('Search index saved in')).length;
  });
  return { ...server, seen, listening: seconds(started), pid: server.child.pid };
};

/** Resolves with the seconds until `done()` holds, checked every 100 ms; throws after `limitS` seconds. */
const until = async (done, since, limitS, what) => {
  while (!(await done())) {
    if ((performance.now() - since) / 1000 > limitS) throw new Error(`no ${what} within ${limitS} s`);
    await sleep(100);
  }
  return seconds(since);
};

/** Resolves with the seconds until the server's log has a line matching `pattern`. */
const logged = async (server, pattern, since) => {
  while (!pattern.test(server.output())) {
    if (server.child.exitCode !== null) throw new Error(`the server exited:\n${server.output()}`);
    await sleep(100);
  }
  return seconds(since);
};

const stop = async (server) => {
  const started = performance.now();
  const exited = new Promise((done) => server.child.once('exit', done));
  server.child.kill('SIGTERM');
  await exited;
  return seconds(started);
};

const filteringTable = async (server, sample, shapes) => {
  const random = requestGenerator();
  for (const [filterCount, facets] of shapes) {
    const result = await timeFiltering(server.baseUrl, sample, {
      filterCount,
      facets,
      queries: QUERIES,
      warmUp: WARM_UP,
      random,
    });
    console.log(
      `  ${String(filterCount).padStart(7)} ${(facets ? 'yes' : 'no').padStart(6)} ${result.p50
        .toFixed(2)
        .padStart(8)} ${result.p95.toFixed(2).padStart(8)} ${result.meanHits.toFixed(0).padStart(10)}`,
    );
  }
};

/** The first start, from the store: timed until it listens and saves, then serving, then stopped. */
const firstStart = async (sample) => {
  // The first start builds the index from the store.
  rmSync(join(dataDir, SNAPSHOT_FILE), { force: true });
  const firstStarted = performance.now();
  server = await start();
  const listening = memoryOf(server.pid);
  const saved = await logged(server, /Search index saved in/, firstStarted);
  const afterSave = memoryOf(server.pid);
  console.log(
    `first start: listening after ${server.listening} s (RSS ${mib(listening.rss)}, peak ${mib(listening.peak)}); ` +
      `snapshot saved ${saved} s after the start (RSS ${mib(afterSave.rss)}, peak ${mib(afterSave.peak)}); ` +
      `snapshot ${(statSync(join(dataDir, SNAPSHOT_FILE)).size / 2 ** 20).toFixed(0)} MiB   load ${load()}`,
  );
  console.log('  filters facets   p50 ms   p95 ms  mean hits');
  await filteringTable(server, sample, FILTER_SHAPES);
  const served = memoryOf(server.pid);
  console.log(`after the requests: RSS ${mib(served.rss)}, peak ${mib(served.peak)}   load ${load()}`);
  // The vector graph is built in the background after the first save, then saved again: the restarts
  // below load it from the snapshot instead of building it again while they are timed.
  const graphSaved = await until(() => server.seen.saves >= 2, firstStarted, 3600, 'second save');
  console.log(`vector graph built and saved ${graphSaved} s after the start   load ${load()}`);
  console.log(`stop: ${await stop(server)} s`);
  server = undefined;
};

let server;
try {
  console.log(`${SIZE} skiller profiles, ${DIMS}-number vectors; load average at start ${load()}`);
  await seedProfilesWithVectors(dataDir, { profiles: SIZE, model: MODEL, dims: DIMS });
  const store = await openRecordStore({ dataDir });
  const sample = await store.collection(COLLECTIONS.teammates).find({}, { limit: 2000 });
  await store.close();
  if (RESTARTS_ONLY) {
    if (!dataArg) throw new Error('--restarts-only needs --data DIR with a snapshot a former run left');
  } else await firstStart(sample);

  for (const name of ['restart, snapshot loaded', 'restart again, snapshot loaded']) {
    const restarted = performance.now();
    server = await start();
    const loadedLine = /loaded from its snapshot: (\d+) documents in (\d+) ms/.exec(server.output());
    if (!loadedLine) throw new Error(`the restart did not load the snapshot:\n${server.output()}`);
    const atListen = memoryOf(server.pid);
    // The first answer: the server listens before its query path is warm (`/api/ready` says no meanwhile).
    await (await fetch(`${server.baseUrl}/api/health`)).text();
    const answered = seconds(restarted);
    const checked = await logged(server, /texts and vectors checked/, restarted);
    await until(
      async () => (await fetch(`${server.baseUrl}/api/ready`)).status === 200,
      restarted,
      300,
      'ready',
    );
    console.log(
      `${name}: listening after ${server.listening} s, first answer ${answered} s (snapshot read in ` +
        `${(loadedLine[2] / 1000).toFixed(1)} s, ${loadedLine[1]} documents; its texts and vectors checked ` +
        `${checked} s, ready ${seconds(restarted)} s); RSS ${mib(atListen.rss)}   load ${load()}`,
    );
    console.log('  filters facets   p50 ms   p95 ms  mean hits');
    await filteringTable(server, sample, FILTER_SHAPES);
    const after = memoryOf(server.pid);
    console.log(
      `  after the requests: RSS ${mib(after.rss)}, peak ${mib(after.peak)}; stop ${await stop(server)} s`,
    );
    server = undefined;
  }
} finally {
  if (server) server.child.kill('SIGKILL');
  if (!dataArg) rmSync(dataDir, { recursive: true, force: true });
}
