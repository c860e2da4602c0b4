// CPU time per filter query shape of the facet index alone (bench/README.md, "Facet filter CPU time"): the
// queries of `bench/peer-compare.mjs` (same seed, same order) against a `FacetIndex` of the same synthetic
// profiles, each query repeated and its median CPU time kept, so that the rows can be compared and profiled
// on a machine that is not quiet. Build first (`npm run build:server`), then
// `node --expose-gc bench/facet-filter-cpu.mjs [size] [options]`:
//   --quick            10 000 profiles, 20 queries per row: checks the script
//   --queries N        queries per row, default 100 (as the peer comparison at 1 000 000)
//   --repeats N        runs of each query, the median kept, default 5
//   --cache FILE       the index saved there after the first load and read back on later runs
//   --answers FILE     writes each answer's fingerprint there, or compares with it when the file exists
//   --only SHAPE       one row only, as `min_1_match:3`, e.g. to profile it with --cpu-prof
import { existsSync, openSync, readFileSync, readSync, closeSync, writeFileSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { syntheticProfiles } from './support/synthetic-profiles.mjs';

const require = createRequire(import.meta.url);
// FACET_INDEX_MODULE: another build of the module, to compare two versions on the same machine state.
const { FacetIndex } = require(
  process.env.FACET_INDEX_MODULE ?? '@skillers/search/dist/embedded/indexes/facet-index.js',
);
const { copySections } = require('@skillers/search/dist/embedded/structures/binary-sections.js');

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    quick: { type: 'boolean', default: false },
    queries: { type: 'string' },
    repeats: { type: 'string', default: '5' },
    cache: { type: 'string' },
    answers: { type: 'string' },
    only: { type: 'string' },
  },
});
const SIZE = Number(positionals[0] ?? (options.quick ? 10_000 : 1_000_000));
const QUERIES = Number(options.queries ?? (options.quick ? 20 : 100));
const REPEATS = Math.max(1, Number(options.repeats));
const WARM_UP = options.quick ? 5 : 30;
const FILTER_COUNTS = [1, 3, 6];
const RESTRICTIONS = ['min_1_match', 'all_match'];
const SEED = 20260101;
const BATCH = 10_000;
if (!(SIZE > 0) || !(QUERIES > 0)) {
  console.error('The size and --queries must be positive numbers');
  process.exit(2);
}

const seconds = (since) => ((performance.now() - since) / 1000).toFixed(1);
const rss = () => `${Math.round(process.memoryUsage().rss / 1048576)} MB`;

/** Sections in one file: a JSON header of names and lengths, each section padded to 8 bytes. */
const saveSections = (file, sections) => {
  const header = Buffer.from(JSON.stringify(sections.map(({ name, data }) => [name, data.byteLength])));
  const fd = openSync(file, 'w');
  const length = Buffer.alloc(4);
  length.writeUInt32LE(header.byteLength);
  writeSync(fd, length);
  writeSync(fd, header);
  let at = 4 + header.byteLength;
  for (const { data } of sections) {
    const pad = (8 - (at % 8)) % 8;
    if (pad) writeSync(fd, Buffer.alloc(pad));
    writeSync(fd, data);
    at += pad + data.byteLength;
  }
  closeSync(fd);
};

const readSections = (file) => {
  const fd = openSync(file, 'r');
  const length = Buffer.alloc(4);
  readSync(fd, length, 0, 4, 0);
  const header = Buffer.alloc(length.readUInt32LE());
  readSync(fd, header, 0, header.byteLength, 4);
  let at = 4 + header.byteLength;
  const byName = new Map();
  for (const [name, size] of JSON.parse(header.toString())) {
    at += (8 - (at % 8)) % 8;
    const data = Buffer.alloc(size);
    for (let done = 0; done < size;) done += readSync(fd, data, done, size - done, at + done);
    byName.set(name, data);
    at += size;
  }
  closeSync(fd);
  return (name) => {
    const data = byName.get(name);
    if (!data) throw new Error(`no section ${name}`);
    return data;
  };
};

const started = performance.now();
let index;
if (options.cache && existsSync(options.cache)) {
  index = FacetIndex.fromSections(readSections(options.cache));
  console.log(`- ${index.size} profiles read from ${options.cache} in ${seconds(started)} s; RSS ${rss()}`);
} else {
  index = new FacetIndex();
  const generator = syntheticProfiles(SEED);
  for (let start = 0; start < SIZE; start += BATCH) {
    const batch = [];
    for (let n = start; n < Math.min(SIZE, start + BATCH); n++)
      batch.push(generator.profile(n, { withVector: false }));
    index.upsertMany(batch);
  }
  console.log(`- ${index.size} profiles loaded in ${seconds(started)} s; RSS ${rss()}`);
  if (options.cache) saveSections(options.cache, copySections(index.toSections()));
}
globalThis.gc?.();

// As the peer comparison draws them: every row's queries, then the warm-up ones.
const generator = syntheticProfiles(SEED);
const shapes = RESTRICTIONS.flatMap((restriction) =>
  FILTER_COUNTS.map((filterCount) => ({
    name: `${restriction}:${filterCount}`,
    queries: Array.from({ length: QUERIES }, () => generator.makeQuery(filterCount, restriction)),
  })),
);
const warmUp = Array.from({ length: WARM_UP }, (_, n) =>
  generator.makeQuery(FILTER_COUNTS[n % 3], RESTRICTIONS[n % 2]),
);
const run = (query) => index.search(query, query.page, query.pageSize);
for (const query of warmUp) run(query);

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
const fmt = (ms) => ms.toFixed(3).padStart(7);

const answers = {};
console.log(
  `| row           | matches p50 | cpu p50 ms | cpu p95 ms | cpu mean ms | wall p50 ms | wall p95 ms |`,
);
for (const shape of shapes) {
  if (options.only && options.only !== shape.name) continue;
  const cpu = [];
  const wall = [];
  const totals = [];
  answers[shape.name] = shape.queries.map((query) => {
    const cpuRuns = [];
    const wallRuns = [];
    let answer;
    for (let repeat = 0; repeat < REPEATS; repeat++) {
      const cpuStart = process.cpuUsage();
      const wallStart = performance.now();
      answer = run(query);
      wallRuns.push(performance.now() - wallStart);
      const used = process.cpuUsage(cpuStart);
      cpuRuns.push((used.user + used.system) / 1000);
    }
    cpu.push(median(cpuRuns));
    wall.push(median(wallRuns));
    totals.push(answer.total);
    return `${answer.total}:${answer.ids.join(',')}:${answer.weights.join(',')}:${answer.scores.join(',')}`;
  });
  const [c, w, t] = [cpu, wall, totals].map((values) => [...values].sort((a, b) => a - b));
  console.log(
    `| ${shape.name.padEnd(13)} | ${String(percentile(t, 0.5)).padStart(11)} | ${fmt(percentile(c, 0.5))}    | ` +
      `${fmt(percentile(c, 0.95))}    | ${fmt(c.reduce((a, b) => a + b, 0) / c.length)}     | ` +
      `${fmt(percentile(w, 0.5))}     | ${fmt(percentile(w, 0.95))}     |`,
  );
}
console.log(
  `- load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}; RSS ${rss()}`,
);

if (options.answers) {
  if (existsSync(options.answers)) {
    const expected = JSON.parse(readFileSync(options.answers, 'utf8'));
    let mismatches = 0;
    for (const [name, list] of Object.entries(answers))
      list.forEach((answer, at) => {
        if (expected[name]?.[at] !== answer) mismatches++;
      });
    console.log(`- ${mismatches} answers differ from ${options.answers}`);
    if (mismatches > 0) process.exitCode = 1;
  } else {
    writeFileSync(options.answers, JSON.stringify(answers));
    console.log(`- answers written to ${options.answers}`);
  }
}
