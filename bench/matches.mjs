// "Matches for you" in the embedded index: the latency of `matches` (the best records of the other kind by
// two-sided fit) for random projects and random profiles, at N projects and N profiles, the first answers
// checked against `twoSidedFit` over every record (the run exits non-zero on a mismatch).
// Build first (`npx tsc -b libs/search`), then run `node bench/matches.mjs [--quick] [size]` (default 100 000
// of each kind); `--quick` runs a few queries, to check the script, not to time it.
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { hexId, syntheticProfiles } from './support/synthetic-profiles.mjs';

const require = createRequire(import.meta.url);
const {
  compareIdsDescending,
  createdAtMs,
  documentAsProfile,
  documentAsProject,
  LIST_PAGE_SIZE,
  needWeightOf,
  needWeightTable,
  profilesMatchQuery,
  projectsMatchQuery,
  twoSidedFit,
} = require('@skillers/domain');
const { EmbeddedSearchIndex } = require('@skillers/search');

const QUICK = process.argv.includes('--quick');
const SIZE = process.argv.slice(2).map(Number).find(Boolean) ?? 100_000;
const QUERIES = QUICK ? 20 : 300;
const WARM_UP = QUICK ? 5 : 30;
const CHECKS = QUICK ? 2 : 5;
// What the API asks for its first page: a page's worth times three, for the answer-rate reranking.
const K = LIST_PAGE_SIZE * 3;
const WANTED_FROM = [0, 5, 10, 20];

const { profile: syntheticProfile } = syntheticProfiles();
/** A synthetic record as the indexer writes one: an unstated tool level (0) is kept as 1. */
const profile = (n) => {
  const doc = syntheticProfile(n, { withVector: false });
  const toolLevels = Object.entries(doc.toolLevels).map(([tool, level]) => [tool, Math.max(level, 1)]);
  return { ...doc, toolLevels: Object.fromEntries(toolLevels) };
};
let state = 7;
const random = () => {
  state = (state * 1664525 + 1013904223) >>> 0;
  return state / 4294967296;
};
const profiles = Array.from({ length: SIZE }, (_, n) => {
  const doc = profile(n);
  const from = WANTED_FROM[Math.floor(random() * WANTED_FROM.length)];
  return random() < 0.8 ? { ...doc, wantedHours: { from, to: from + 30 } } : doc;
});
const projects = Array.from({ length: SIZE }, (_, n) => ({
  ...profile(SIZE + n),
  id: hexId(2_000_000_000 + n),
  kind: 'project',
}));

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];

/** `twoSidedFit` of the asking document with every record of the other kind, best first, as `matches` ranks. */
const scan = (asking, others, weights) =>
  others
    .map((doc) => {
      const fit =
        asking.kind === 'project'
          ? twoSidedFit(documentAsProject(asking), documentAsProfile(doc), needWeightOf(weights))
          : twoSidedFit(documentAsProject(doc), documentAsProfile(asking), needWeightOf(weights));
      return { doc, score: fit.score };
    })
    .filter(({ score }) => score > 0)
    .sort(
      (a, b) =>
        b.score - a.score ||
        createdAtMs(b.doc) - createdAtMs(a.doc) ||
        compareIdsDescending(a.doc.id, b.doc.id),
    )
    .slice(0, K)
    .map(({ doc }) => doc.id);

const index = EmbeddedSearchIndex.create();
const loading = performance.now();
await index.upsert(profiles);
await index.upsert(projects);
const loadMs = performance.now() - loading;
const weights = needWeightTable(await index.count('teammate'), await index.labelCounts('teammate'));

const rows = [];
for (const [name, asking, others, queryOf] of [
  [
    'profiles for a project',
    projects,
    profiles,
    (doc) => profilesMatchQuery(documentAsProject(doc), weights),
  ],
  [
    'projects for a profile',
    profiles,
    projects,
    (doc) => projectsMatchQuery(documentAsProfile(doc), weights),
  ],
]) {
  const pick = () => asking[Math.floor(random() * asking.length)];
  for (let i = 0; i < WARM_UP; i++) {
    const doc = pick();
    await index.matches(queryOf(doc), { k: K, excludeOwners: [doc.ownerId] });
  }
  const times = [];
  const totals = [];
  let mismatches = 0;
  for (let i = 0; i < QUERIES; i++) {
    const doc = pick();
    const query = queryOf(doc);
    const start = performance.now();
    const { hits, total } = await index.matches(query, { k: K });
    times.push(performance.now() - start);
    totals.push(total);
    if (i < CHECKS && hits.map((hit) => hit.id).join() !== scan(doc, others, weights).join()) mismatches++;
  }
  times.sort((a, b) => a - b);
  totals.sort((a, b) => a - b);
  rows.push({
    matches: name,
    size: SIZE,
    k: K,
    'p50 ms': percentile(times, 0.5).toFixed(2),
    'p95 ms': percentile(times, 0.95).toFixed(2),
    'max ms': times[times.length - 1].toFixed(2),
    'median with a fit': percentile(totals, 0.5),
    'checked against the scan': `${CHECKS - mismatches}/${CHECKS}`,
  });
  if (mismatches > 0) process.exitCode = 1;
}
console.log(`Loaded ${SIZE} profiles and ${SIZE} projects in ${(loadMs / 1000).toFixed(1)} s`);
console.table(rows);
