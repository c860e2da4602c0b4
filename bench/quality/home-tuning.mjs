// The fusion sweep of the home search (`node bench/quality/home-search.mjs --tune`): every match of each tuning
// query, with the signals the index computed for it, re-fused under other weights and scored, so that weights
// are chosen on the tuning split only.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { createdAtMs, fuseRankSignals, FUSION_WEIGHTS } = require('@skillers/domain');
const { FilteringService } = require('../../api/dist/filtering/filtering.service.js');
const { SEARCH_INDEX } = require('../../api/dist/core/tokens.js');

const DEPTH = 5;
/** Deeper than any kind here holds: every match comes back with its signals. */
const ALL = 1000;

const dcg = (grades) => grades.reduce((sum, grade, at) => sum + (2 ** grade - 1) / Math.log2(at + 2), 0);

const scoreOf = (grades, ranked) => {
  const shown = ranked.slice(0, DEPTH).map((id) => grades.get(id) ?? 0);
  const ideal = [...grades.values()].sort((a, b) => b - a).slice(0, DEPTH);
  const first = ranked.findIndex((id) => (grades.get(id) ?? 0) > 0);
  return {
    success: shown.some((value) => value > 0) ? 1 : 0,
    ndcg: dcg(shown) / dcg(ideal),
    rr: first === -1 ? 0 : 1 / (first + 1),
  };
};

const mean = (rows, field) => rows.reduce((sum, row) => sum + row[field], 0) / Math.max(rows.length, 1);

/** Every match of a query with its signals, as the home search's call ranks them. */
const matchesOf = async (filtering, index, row, times) => {
  const { query } = await filtering.queryFor(row.query.kind, {
    activeFilters: {},
    text: row.query.text,
    filtering_restriction: 'min_1_match',
    page: 1,
  });
  const result = await index.search({ ...query, pageSize: ALL });
  return result.ids.map((id, at) => ({ id, time: times.get(id), signals: result.signals[at] }));
};

const rank = (matches, weights) =>
  matches
    .map((match) => ({ ...match, fused: fuseRankSignals(match.signals, weights) }))
    .sort((a, b) => b.fused - a.fused || b.time - a.time || (a.id < b.id ? 1 : -1))
    .map((match) => match.id);

export const printTuning = async (app, rows, recordsByKind) => {
  const filtering = app.get(FilteringService, { strict: false });
  const index = app.get(SEARCH_INDEX, { strict: false });
  const times = new Map(
    Object.values(recordsByKind)
      .flat()
      .map((record) => [record._id, createdAtMs(record)]),
  );
  const queries = [];
  for (const row of rows)
    queries.push({ grades: row.grades, matches: await matchesOf(filtering, index, row, times) });
  const steps = {
    understood: [0, 0.125, 0.25, 0.5, 1],
    clean: [0, 0.25, 1],
    text: [0.0625, 0.125, 0.25, 0.5],
    vector: [0, 0.0625, 0.125, 0.25],
  };
  const results = [];
  for (const understood of steps.understood)
    for (const clean of steps.clean)
      for (const text of steps.text)
        for (const vector of steps.vector)
          for (const textSaturation of [1, 3, 10]) {
            const weights = { ...FUSION_WEIGHTS, understood, clean, text, vector, textSaturation };
            const scores = queries.map((query) => scoreOf(query.grades, rank(query.matches, weights)));
            results.push({
              weights,
              success: mean(scores, 'success'),
              ndcg: mean(scores, 'ndcg'),
              rr: mean(scores, 'rr'),
            });
          }
  results.sort((a, b) => b.ndcg - a.ndcg || b.rr - a.rr);
  const describe = ({ understood, clean, text, vector, textSaturation }) =>
    `understood ${understood} clean ${clean} text ${text} vector ${vector} S ${textSaturation}`;
  console.log('\nFusions on the tuning split, best nDCG@5 first:');
  for (const result of results.slice(0, 12))
    console.log(
      `  ${describe(result.weights).padEnd(60)} success ${result.success.toFixed(3)}  nDCG ${result.ndcg.toFixed(3)}  MRR ${result.rr.toFixed(3)}`,
    );
  const current = results.find((result) =>
    ['understood', 'clean', 'text', 'vector', 'textSaturation'].every(
      (key) => result.weights[key] === FUSION_WEIGHTS[key],
    ),
  );
  if (current) console.log(`  configured: ${describe(current.weights)}  nDCG ${current.ndcg.toFixed(3)}`);
  const sameTextAndVector = results.filter(
    (result) =>
      result.weights.text === FUSION_WEIGHTS.text && result.weights.vector === FUSION_WEIGHTS.vector,
  );
  console.log('  with the configured text and vector weights:');
  for (const result of sameTextAndVector.slice(0, 6))
    console.log(
      `    ${describe(result.weights).padEnd(58)} success ${result.success.toFixed(3)}  nDCG ${result.ndcg.toFixed(3)}  MRR ${result.rr.toFixed(3)}`,
    );
};
