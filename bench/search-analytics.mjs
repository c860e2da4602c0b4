// The embedded profile's analytics report over many search events: time, and the memory it keeps.
// Build first (`npm run build:server`), then run `node bench/search-analytics.mjs [events]` (default
// 1 000 000; `npm run bench:analytics -- 20000` for a quick look). Writes that many events (searches, a
// twentieth of them without results, a third of those with one combination and the rest each with its own, the fallback rankings and clicks
// beside them) over 30 days of JSON-lines files, as the sink writes them, then reads the report twice and
// prints the time of each read and the heap growth after a forced collection.
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const require = createRequire(import.meta.url);
const { JsonlFileSearchAnalytics } = require('../api/dist/analytics/jsonl-file.search-analytics.js');
const { searchEventsFileName } = require('../api/dist/analytics/search-events-files.js');

const EVENTS = Number(process.argv[2] ?? 1_000_000);
const DAYS = 30;
const FIRST_DAY = Date.parse('2031-05-01');
const LABELS = [
  'hardSkills: SQL',
  'hardSkills: Rust',
  'locations: Iceland',
  'projectType: Start Up',
  'tools: Go',
];
const day = (index) => new Date(FIRST_DAY + index * 86_400_000).toISOString().slice(0, 10);

const eventAt = (n, at) => {
  const kind = n % 20;
  if (kind === 19)
    return {
      type: 'click',
      eventId: `e${n - 1}`,
      recordId: '64b000000000000000000001',
      rank: 1 + (n % 12),
      at,
      signedIn: false,
    };
  const zero = kind === 0;
  const ranks = zero ? [] : Array.from({ length: 12 }, (_, r) => r + 1);
  return {
    type: 'search',
    eventId: `e${n}`,
    at,
    kind: 'project',
    restriction: 'min_1_match',
    filters: {},
    filterKeys: ['hardSkills'],
    activeFilterCount: 1,
    page: 1,
    hits: zero ? 0 : 40,
    returned: [],
    similarityFallback: kind === 1,
    top: [],
    results: ranks.map((rank) => ({ id: '64b000000000000000000001', rank, fused: 1, facet: 1 })),
    rank: ranks,
    labels: [LABELS[n % LABELS.length]],
    // One frequent combination among many rare ones: the bounded counters evict, and still find it.
    combination: zero
      ? n % 3 === 0
        ? 'hardSkills: COBOL + locations: Iceland'
        : `hardSkills: skill ${n}`
      : 'hardSkills: SQL',
    latencyMs: 2,
    signedIn: false,
  };
};

const write = (stream, text) =>
  new Promise((resolve) => (stream.write(text) ? resolve() : stream.once('drain', resolve)));

const folder = mkdtempSync(join(tmpdir(), 'skillers-bench-analytics-'));
try {
  const perDay = Math.ceil(EVENTS / DAYS);
  let written = 0;
  const started = performance.now();
  for (let d = 0; d < DAYS && written < EVENTS; d += 1) {
    const stream = createWriteStream(join(folder, searchEventsFileName(day(d))));
    const at = `${day(d)}T12:00:00.000Z`;
    for (let i = 0; i < perDay && written < EVENTS; i += 1, written += 1) {
      await write(stream, `${JSON.stringify(eventAt(written, at))}\n`);
    }
    await new Promise((resolve) => stream.end(resolve));
  }
  console.log(
    `wrote ${written} events over ${DAYS} days in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const reader = new JsonlFileSearchAnalytics(folder);
  for (const round of [1, 2]) {
    globalThis.gc?.();
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 20);
    const begin = performance.now();
    const report = await reader.report({ from: day(0), to: day(DAYS - 1) });
    const ms = performance.now() - begin;
    clearInterval(sampler);
    console.log(
      `report ${round}: ${ms.toFixed(0)} ms (${((written / ms) * 1000).toFixed(0)} events/s), ` +
        `heap peak +${((peak - before) / 1e6).toFixed(1)} MB, ` +
        `searches ${report.totals.searches}, zero-result rate ${report.totals.zeroResultRate}, ` +
        `clicks ${report.totals.clicks}, ranks ${report.clickThroughByRank.length}, ` +
        `top combination ${JSON.stringify(report.zeroResultCombinations[0])}`,
    );
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
