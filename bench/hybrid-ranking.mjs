// Hybrid ranking alone: free text (two words a person would type) and a query vector over 0-3 filters, ranked
// by the embedded index over synthetic skiller profiles, with the freshness part as the server asks for it
// (`rankedAt`) and without. Build first (`npm run build:server`), then
// `node bench/hybrid-ranking.mjs [profiles] [--quick] [--against DIR]` (default 100 000 profiles; --quick:
// 5 000, to check the script). Three rounds of 500 queries after 100 warm-up ones; prints p50, p95 and CPU
// time per query (process.cpuUsage) for each round.
//
// `--against DIR` also loads another build of libs/search (a copy of its `dist` folder inside libs/search, for
// example one built from an earlier commit), checks that both answer every query with the same ids, scores
// and fused signals, and then times them in turn, round by round, on the same index data.
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { isDeepStrictEqual } from 'node:util';
import { syntheticProfiles } from './support/synthetic-profiles.mjs';

const require = createRequire(import.meta.url);
const QUICK = process.argv.includes('--quick');
const SIZE = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? (QUICK ? 5000 : 100_000));
const againstAt = process.argv.indexOf('--against');
const AGAINST = againstAt > 0 ? process.argv[againstAt + 1] : undefined;
const WARM_UP = QUICK ? 10 : 100;
const TIMED = QUICK ? 40 : 500;
const ROUNDS = 3;

const builds = [{ name: 'this build', search: require('@skillers/search') }];
if (AGAINST) {
  builds.push({
    name: AGAINST,
    search: require(join(import.meta.dirname, '../libs/search', AGAINST, 'index.js')),
  });
}

const { pickers, randomVector, profile, makeQuery } = syntheticProfiles();
const docs = Array.from({ length: SIZE }, (_, n) => profile(n));
const rankedAt = new Date().toISOString();
const queries = Array.from({ length: WARM_UP + TIMED }, (_, i) => {
  const query = makeQuery(i % 4, 'min_1_match');
  query.text = `${pickers.hardSkills()} ${pickers.industry()}`.toLowerCase();
  query.queryVector = randomVector();
  return query;
});

for (const build of builds) {
  build.index = build.search.EmbeddedSearchIndex.create();
  await build.index.upsert(docs);
}

if (builds.length === 2) {
  let differing = 0;
  for (const query of queries) {
    for (const asked of [query, { ...query, rankedAt }]) {
      const [a, b] = await Promise.all(builds.map((build) => build.index.search(asked)));
      if (!isDeepStrictEqual(a, b)) differing++;
    }
  }
  console.log(`${queries.length * 2} queries compared: ${differing} answered differently`);
  if (differing > 0) process.exitCode = 1;
}

const round = async (index, withRankedAt) => {
  const timed = queries.slice(WARM_UP).map((query) => (withRankedAt ? { ...query, rankedAt } : query));
  const ms = [];
  const cpu = process.cpuUsage();
  for (const query of timed) {
    const started = performance.now();
    await index.search(query);
    ms.push(performance.now() - started);
  }
  const used = process.cpuUsage(cpu);
  ms.sort((a, b) => a - b);
  const at = (p) => ms[Math.min(ms.length - 1, Math.ceil(p * ms.length) - 1)];
  return { p50: at(0.5), p95: at(0.95), cpu: (used.user + used.system) / 1000 / timed.length };
};

console.log(`Node ${process.version}, ${SIZE} profiles, load average ${loadavg()[0].toFixed(1)}\n`);
console.log('| build | freshness | round | p50 ms | p95 ms | CPU ms/query |');
console.log('|---|---|---:|---:|---:|---:|');
for (const withRankedAt of [false, true]) {
  for (const build of builds) {
    for (const query of queries.slice(0, WARM_UP))
      await build.index.search(withRankedAt ? { ...query, rankedAt } : query);
  }
  for (let r = 1; r <= ROUNDS; r++) {
    for (const build of builds) {
      const { p50, p95, cpu } = await round(build.index, withRankedAt);
      console.log(
        `| ${build.name} | ${withRankedAt ? 'with rankedAt' : 'none'} | ${r} | ${p50.toFixed(2)} | ${p95.toFixed(2)} | ${cpu.toFixed(2)} |`,
      );
    }
  }
}
