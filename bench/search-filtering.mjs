// Filtered-search latency of the embedded index against a linear scan over the same records, of the same
// searches with `facets: true` (disjunctive facet counts, plus relaxations when nothing matches), then the
// latency of the hybrid ranking (free text and a query vector over the same filters), its first pages checked
// against the reference scan.
// Build first (`npx tsc -b libs/search`), then run `node bench/search-filtering.mjs [--quick] [sizes...]`;
// `--quick` runs a few queries per row, to check the script, not to time it.
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { syntheticProfiles } from './support/synthetic-profiles.mjs';

const require = createRequire(import.meta.url);
const { LIST_PAGE_SIZE, referenceFacets, referenceRelax, referenceSearch } = require('@skillers/domain');
const { EmbeddedSearchIndex } = require('@skillers/search');

const QUICK = process.argv.includes('--quick');
const SIZES = process.argv.slice(2).map(Number).filter(Boolean);
const QUERIES_PER_SHAPE = QUICK ? 20 : 300;
const WARM_UP_QUERIES = QUICK ? 10 : 50;
// Faceted answers checked against the reference scan per row (a scan per option filter: slow at 100 000).
const FACET_CHECKS = QUICK ? 2 : 5;
// Hybrid pages checked against the reference scan (a scan plus a search ranking every match each).
const HYBRID_CHECKS = QUICK ? 5 : 20;
const FILTER_COUNTS = [1, 3, 6];
const RESTRICTIONS = ['min_1_match', 'all_match'];

const { pickers, randomVector, profile, makeQuery } = syntheticProfiles();

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
const timed = async (run) => {
  const start = performance.now();
  const result = await run();
  return { ms: performance.now() - start, result };
};
const sameResult = (a, b) => a.total === b.total && a.ids.join() === b.ids.join();
const sameFacets = (result, docs, query) =>
  JSON.stringify(result.facets) === JSON.stringify(referenceFacets(docs, query)) &&
  JSON.stringify(result.relax) ===
    JSON.stringify(result.total === 0 ? referenceRelax(docs, query) : undefined);

const runSize = async (size) => {
  const docs = Array.from({ length: size }, (_, n) => profile(n));
  const index = EmbeddedSearchIndex.create();
  const seeding = await timed(() => index.upsert(docs));
  // The first search after a bulk load sorts the records once into tie-break order.
  const firstQuery = await timed(() => index.search(makeQuery(1, 'min_1_match')));
  for (let i = 0; i < WARM_UP_QUERIES; i++) {
    const query = makeQuery(FILTER_COUNTS[i % 3], RESTRICTIONS[i % 2]);
    await index.search(query);
    referenceSearch(docs, query);
  }
  const rows = [];
  for (const restriction of RESTRICTIONS) {
    for (const filterCount of FILTER_COUNTS) {
      const queries = Array.from({ length: QUERIES_PER_SHAPE }, () => makeQuery(filterCount, restriction));
      // Index and scan run as two separate passes, so garbage one leaves behind is not collected
      // while the other is being timed.
      const fromIndex = [];
      for (const query of queries) fromIndex.push(await timed(() => index.search(query)));
      const withFacets = [];
      for (const query of queries)
        withFacets.push(await timed(() => index.search({ ...query, facets: true })));
      const fromScan = [];
      for (const query of queries) fromScan.push(await timed(() => referenceSearch(docs, query)));
      const indexTimes = fromIndex.map((run) => run.ms);
      const facetTimes = withFacets.map((run) => run.ms);
      const scanTimes = fromScan.map((run) => run.ms);
      const totals = fromScan.map((run) => run.result.total);
      const mismatches =
        fromIndex.filter((run, i) => !sameResult(run.result, fromScan[i].result)).length +
        withFacets
          .slice(0, FACET_CHECKS)
          .filter(
            (run, i) =>
              !sameResult(run.result, fromScan[i].result) || !sameFacets(run.result, docs, queries[i]),
          ).length;
      for (const list of [indexTimes, facetTimes, scanTimes, totals]) list.sort((a, b) => a - b);
      rows.push({
        size,
        restriction,
        filterCount,
        matchesP50: percentile(totals, 0.5),
        indexP50: percentile(indexTimes, 0.5),
        indexP95: percentile(indexTimes, 0.95),
        facetsP50: percentile(facetTimes, 0.5),
        facetsP95: percentile(facetTimes, 0.95),
        scanP50: percentile(scanTimes, 0.5),
        scanP95: percentile(scanTimes, 0.95),
        mismatches,
      });
    }
  }
  // The hybrid ranking: free text (two words a person would type) and a query vector over 0-3 filters.
  const hybridQueries = Array.from({ length: QUERIES_PER_SHAPE }, (_, i) => {
    const query = makeQuery(i % 4, 'min_1_match');
    query.text = `${pickers.hardSkills()} ${pickers.industry()}`.toLowerCase();
    query.queryVector = randomVector();
    return query;
  });
  const hybrid = [];
  for (const query of hybridQueries) hybrid.push(await timed(() => index.search(query)));
  // The bounded fusion must return the page scoring every match returns: the reference scan, given the
  // index's own BM25 scores (read from one search that ranks every match).
  let hybridMismatches = 0;
  for (const [i, query] of hybridQueries.slice(0, HYBRID_CHECKS).entries()) {
    const everything = await index.search({ ...query, pageSize: Math.max(hybrid[i].result.total, 1) });
    const textScores = new Map(everything.ids.map((id, at) => [id, everything.signals[at].text ?? 0]));
    if (!sameResult(hybrid[i].result, referenceSearch(docs, query, textScores))) hybridMismatches++;
  }
  const hybridMs = hybrid.map((run) => run.ms).sort((a, b) => a - b);
  const hybridTimes = {
    p50: percentile(hybridMs, 0.5),
    p95: percentile(hybridMs, 0.95),
    mismatches: hybridMismatches,
  };
  return { size, seedingMs: seeding.ms, firstQueryMs: firstQuery.ms, rows, hybridTimes };
};

const ms = (value) => value.toFixed(2);
console.log(`Node ${process.version}, ${QUERIES_PER_SHAPE} queries per row, page size ${LIST_PAGE_SIZE}\n`);
console.log(
  '| profiles | restriction | filters | matches p50 | index p50 | index p95 | facets p50 | facets p95 | scan p50 | scan p95 | speed-up p50 | speed-up p95 | mismatches |',
);
console.log('|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
const summaries = [];
for (const size of SIZES.length > 0 ? SIZES : QUICK ? [10_000] : [10_000, 100_000]) {
  const run = await runSize(size);
  summaries.push(run);
  for (const row of run.rows) {
    console.log(
      `| ${row.size} | ${row.restriction} | ${row.filterCount} | ${row.matchesP50} | ${ms(row.indexP50)} | ` +
        `${ms(row.indexP95)} | ${ms(row.facetsP50)} | ${ms(row.facetsP95)} | ${ms(row.scanP50)} | ${ms(row.scanP95)} | ${(row.scanP50 / row.indexP50).toFixed(0)}x | ` +
        `${(row.scanP95 / row.indexP95).toFixed(0)}x | ` +
        `${row.mismatches} |`,
    );
  }
}
console.log('');
for (const run of summaries) {
  console.log(
    `${run.size} profiles: loaded in ${(run.seedingMs / 1000).toFixed(1)} s; ` +
      `first search (sorts into tie-break order) ${ms(run.firstQueryMs)} ms; ` +
      `hybrid ranking (free text + vector, 0-3 filters) p50 ${ms(run.hybridTimes.p50)} ms, p95 ${ms(run.hybridTimes.p95)} ms, ` +
      `${run.hybridTimes.mismatches} mismatches in ${HYBRID_CHECKS} checked`,
  );
}
const allFacetTimes = summaries.flatMap((run) =>
  run.rows.map((row) => ({ size: run.size, p95: row.facetsP95 })),
);
for (const size of new Set(allFacetTimes.map((row) => row.size))) {
  const worst = Math.max(...allFacetTimes.filter((row) => row.size === size).map((row) => row.p95));
  console.log(`${size} profiles: worst facets p95 ${ms(worst)} ms (target under 20 ms at 100 000)`);
}
// The index must return exactly what the scan returns; a difference is a bug, not noise.
if (summaries.some((run) => run.rows.some((row) => row.mismatches > 0) || run.hybridTimes.mismatches > 0)) {
  process.exitCode = 1;
}
