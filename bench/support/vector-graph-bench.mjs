// kNN in the embedded vector index at scale, exact scan against HNSW graph (`node bench/sort-knn.mjs SIZE
// --vectors 384`): SIZE clustered float32 vectors of that length, 32-bit rows in a file as the server keeps
// them; the index's answers before its graph is built (the exact 8-bit pass and float re-rank) and after,
// each against a float32 scan for recall@20, with the graph's build time and the memory it took.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { exactSearch, MetricKind } from 'usearch';
import { clusteredVectors } from './clustered-vectors.mjs';
import { hexId } from './synthetic-profiles.mjs';

const require = createRequire(import.meta.url);
const { VectorIndex } = require('@skillers/search/dist/embedded/indexes/vector-index.js');

const K = 20;
const QUERIES = 300;
const WARM_UP = 100;
/** Queries whose recall is checked against a float32 scan (usearch's exact search, on every core). */
const CHECKED = 100;

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const mib = (bytes) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

export const runVectorGraphBench = async (size, dims) => {
  let started = performance.now();
  const { data, queries, centres } = clusteredVectors({ count: size, queries: WARM_UP + QUERIES, dims });
  // usearch's exactSearch reads a typed array from the start of its buffer: each query in a buffer of its own.
  const own = Array.from({ length: WARM_UP + QUERIES }, (_, n) => queries.slice(n * dims, (n + 1) * dims));
  const asArrays = own.map((query) => Array.from(query));
  const truth = own
    .slice(WARM_UP, WARM_UP + CHECKED)
    .map((query) => new Set(Array.from(exactSearch(data, query, dims, K, MetricKind.Cos, 0).keys, Number)));
  console.log(
    `${size} × ${dims} float32 vectors around ${centres} centres, with the truth of ${CHECKED} queries, ` +
      `in ${((performance.now() - started) / 1000).toFixed(1)} s; load ${load()}`,
  );

  const rowsDir = mkdtempSync(join(tmpdir(), 'skillers-bench-graph-'));
  // The graph waits for `graphsReady` below: the first measure is the exact scan's alone.
  const index = new VectorIndex({ dir: rowsDir }, { quietMs: 24 * 3600 * 1000 });
  try {
    started = performance.now();
    for (let row = 0; row < size; row++) index.set(hexId(row), data.subarray(row * dims, (row + 1) * dims));
    console.log(`index filled in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const measure = (name) => {
      const times = [];
      let recall = 0;
      for (const [n, query] of asArrays.entries()) {
        const before = performance.now();
        const hits = index.nearest(query, K);
        if (n < WARM_UP) continue;
        times.push(performance.now() - before);
        const wanted = truth[n - WARM_UP];
        if (wanted) recall += hits.filter((hit) => wanted.has(parseInt(hit.id, 16))).length / K;
      }
      times.sort((a, b) => a - b);
      const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(times, p).toFixed(2).padStart(7));
      console.log(
        `${name.padEnd(44)} ${p50} ${p95} ${p99} ${(recall / CHECKED).toFixed(4).padStart(9)}   load ${load()}`,
      );
    };
    console.log(`\n${`kNN top ${K} (ms)`.padEnd(44)}     p50     p95     p99  recall@${K}`);
    measure('exact: 8-bit scan + float32 re-rank');

    const rssBefore = process.memoryUsage().rss;
    started = performance.now();
    await index.graphsReady();
    const buildSeconds = (performance.now() - started) / 1000;
    const graphBytes = process.memoryUsage().rss - rssBefore;
    measure('HNSW graph + float32 re-rank');
    console.log(
      `\ngraph over ${index.graphRows(dims)} vectors built in ${buildSeconds.toFixed(1)} s (in slices, the ` +
        `event loop free between them); RSS +${mib(graphBytes)}, now ${mib(process.memoryUsage().rss)}; load ${load()}`,
    );
    // Its saved size, as the snapshot holds it: about what it takes in memory, outside the heap.
    started = performance.now();
    const saved = index.toSections().find((section) => section.name === `${dims}.graph`);
    console.log(
      `graph saved as a ${mib(saved?.bytes ?? 0)} section in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    if (index.graphRows(dims) !== size) process.exitCode = 1;
  } finally {
    index.close();
    rmSync(rowsDir, { recursive: true, force: true });
  }
};
