// Ranking quality of the filtering calls: judged queries (filter-cases.json) and the tuning set
// (filter-tuning.json) over the profiles of profiles.json, scored for four rankings of the same records in
// one run: today's (matched options, then newest), BM25 only, vectors only and the hybrid the index returns.
// Every ranking is built from one answer of the live index (all matches of the query, with their signals),
// so the four differ only in how they order the same records.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { activeFiltersSchema, createdAtMs, LIST_PAGE_SIZE, toActiveQuery } = require('@skillers/domain');
const embedding = require('@skillers/embedding');
const domain = require('@skillers/domain');

const load = (name) => JSON.parse(readFileSync(new URL(name, import.meta.url), 'utf8'));
export const JUDGED_CASES = load('./filter-cases.json').cases;
export const TUNING_CASES = load('./filter-tuning.json').cases;

const DEPTH = 5;
/** Deeper than any kind here holds: every match comes back with its signals. */
const ALL = 1000;

export const checkRankingData = (nicknames) => {
  const problems = [];
  const names = new Set();
  for (const [set, cases] of [
    ['filter-cases', JUDGED_CASES],
    ['filter-tuning', TUNING_CASES],
  ]) {
    for (const rankingCase of cases) {
      const where = `${set} ${rankingCase.name}`;
      if (names.has(rankingCase.name)) problems.push(`${where}: name used twice`);
      names.add(rankingCase.name);
      const parsed = activeFiltersSchema.safeParse(rankingCase.activeFilters);
      if (!parsed.success) problems.push(`${where}: ${parsed.error.issues[0].message}`);
      for (const nickname of Object.keys(rankingCase.relevant))
        if (!nicknames.has(nickname)) problems.push(`${where}: no profile ${nickname}`);
      if (!Object.values(rankingCase.relevant).some((grade) => grade > 0))
        problems.push(`${where}: nothing relevant`);
    }
  }
  const judged = new Set(JUDGED_CASES.map((rankingCase) => rankingCase.text));
  for (const rankingCase of TUNING_CASES)
    if (rankingCase.text !== '' && judged.has(rankingCase.text))
      problems.push(`filter-tuning ${rankingCase.name}: same text as a judged query`);
  return problems;
};

// ---------------------------------------------------------------------------------------------- metrics

const dcg = (grades) => grades.reduce((sum, grade, at) => sum + (2 ** grade - 1) / Math.log2(at + 2), 0);

/** success@5 (a relevant record in the first five), nDCG@5 (gain 2^grade - 1) and reciprocal rank. */
export const scoreRanking = (rankingCase, ranked) => {
  const grades = ranked.map((nickname) => rankingCase.relevant[nickname] ?? 0);
  const ideal = Object.values(rankingCase.relevant)
    .filter((grade) => grade > 0)
    .sort((a, b) => b - a)
    .slice(0, DEPTH);
  const first = grades.findIndex((grade) => grade > 0);
  return {
    success: grades.slice(0, DEPTH).some((grade) => grade > 0) ? 1 : 0,
    ndcg: dcg(grades.slice(0, DEPTH)) / dcg(ideal),
    rr: first === -1 ? 0 : 1 / (first + 1),
  };
};

const average = (rows, field) => rows.reduce((sum, row) => sum + row[field], 0) / Math.max(rows.length, 1);

// ---------------------------------------------------------------------------------------------- rankings

/** Newest first, then the greater id: the tie-break every ranking ends with. */
const byRecency = (a, b) => b.time - a.time || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

const orderBy = (records, value) =>
  [...records].sort((a, b) => value(b) - value(a) || byRecency(a, b)).map((record) => record.id);

/** Reciprocal rank fusion of the given signals, each ranked on its own (ties by recency). */
const rrf = (records, k, signals) => {
  const fused = new Map(records.map((record) => [record.id, 0]));
  for (const signal of signals) {
    const present = records.filter((record) => (record.signals[signal] ?? 0) > 0);
    orderBy(present, (record) => record.signals[signal]).forEach((id, at) =>
      fused.set(id, fused.get(id) + 1 / (k + at + 1)),
    );
  }
  return orderBy(records, (record) => fused.get(record.id));
};

/**
 * One query against the live index: every match with its signals, as the filtering call ranks it. The
 * query vector is what the API computes for the same request.
 */
const matchesOf = async ({ index, embedder, queryVector }, rankingCase) => {
  const query = {
    ...toActiveQuery('teammate', rankingCase.activeFilters, rankingCase.restriction ?? 'min_1_match', 1),
    pageSize: ALL,
  };
  const text = rankingCase.text.trim();
  // As the filtering call: with free text, the freshness signal is measured now.
  if (text !== '') Object.assign(query, { text, rankedAt: new Date().toISOString() });
  const vector = await queryVector(embedder, rankingCase.activeFilters, text);
  if (vector) query.queryVector = vector;
  const result = await index.search(query);
  const docs = await Promise.all(result.ids.map((id) => index.get(id)));
  return result.ids.map((id, at) => ({
    id,
    time: createdAtMs(docs[at]),
    count: result.scores[at],
    signals: result.signals?.[at] ?? {},
  }));
};

/** The four rankings of one query, by nickname. */
const rankingsOf = (records, names) => {
  const named = (ids) => ids.map((id) => names.get(id));
  const hasSignals = records.some((record) => record.signals.fused !== undefined);
  return {
    today: named(orderBy(records, (record) => record.count)),
    bm25: hasSignals ? named(orderBy(records, (record) => record.signals.text ?? 0)) : undefined,
    vectors: hasSignals ? named(orderBy(records, (record) => record.signals.vector ?? 0)) : undefined,
    hybrid: hasSignals ? named(records.map((record) => record.id)) : undefined,
  };
};

const RANKINGS = [
  ['today', "today's (matched options, newest)"],
  ['bm25', 'BM25 only'],
  ['vectors', 'vectors only'],
  ['hybrid', 'hybrid (the index)'],
];

const fmt = (value) => (value === undefined ? '    -' : value.toFixed(3).padStart(5));

const printTable = (title, rows) => {
  console.log(`\n${title}`);
  console.log(`${'ranking'.padEnd(36)} success@5  nDCG@5    MRR`);
  for (const [key, label] of RANKINGS) {
    const scored = rows.map((row) => row.scores[key]).filter(Boolean);
    const line =
      scored.length === 0
        ? `${fmt(undefined).padStart(9)} ${fmt(undefined).padStart(7)} ${fmt(undefined).padStart(6)}`
        : `${fmt(average(scored, 'success')).padStart(9)} ${fmt(average(scored, 'ndcg')).padStart(7)} ${fmt(average(scored, 'rr')).padStart(6)}`;
    console.log(`${label.padEnd(36)} ${line}`);
  }
};

/** The query vector the API computes: picked labels and the free text, only when free text was given. */
const apiQueryVector = async (embedder, filters, text) => {
  const queryText = embedding.rankingQueryText?.(filters, text);
  if (queryText === undefined) return undefined;
  try {
    return (await embedder.embed([queryText]))[0];
  } catch (error) {
    if (error instanceof embedding.EmbedderUnavailableError) return undefined;
    throw error;
  }
};

const evaluate = async (context, cases, names) => {
  const rows = [];
  for (const rankingCase of cases) {
    const records = await matchesOf(context, rankingCase);
    const rankings = rankingsOf(records, names);
    const scores = Object.fromEntries(
      Object.entries(rankings)
        .filter(([, ranked]) => ranked !== undefined)
        .map(([key, ranked]) => [key, scoreRanking(rankingCase, ranked)]),
    );
    rows.push({ rankingCase, records, rankings, scores });
  }
  return rows;
};

/** The first page of the filtering call must be the hybrid ranking's first page: the harness measures what users get. */
const checkHttpAgrees = async (call, baseUrl, rows, names) => {
  let differing = 0;
  for (const row of rows) {
    const body = {
      activeFilters: row.rankingCase.activeFilters,
      filtering_restriction: row.rankingCase.restriction ?? 'min_1_match',
      ...(row.rankingCase.text.trim() !== '' && { text: row.rankingCase.text }),
    };
    let answer;
    try {
      answer = await call(baseUrl, 'POST', '/api/teammate/traditional_filtering', body);
    } catch {
      // Before the filtering call took free text, it refused `text`: compare without it.
      const { text: _text, ...plain } = body;
      answer = await call(baseUrl, 'POST', '/api/teammate/traditional_filtering', plain);
    }
    const shown = answer.teammates.map((teammate) => names.get(teammate._id));
    const expected = (row.rankings.hybrid ?? row.rankings.today).slice(0, LIST_PAGE_SIZE);
    if (JSON.stringify(shown) !== JSON.stringify(expected)) differing++;
  }
  return differing;
};

export const runRanking = async ({ app, baseUrl, call, names, verbose, tune, tokens }) => {
  const context = {
    index: app.get(tokens.SEARCH_INDEX, { strict: false }),
    embedder: app.get(tokens.EMBEDDER, { strict: false }),
    queryVector: apiQueryVector,
  };
  const judged = await evaluate(context, JUDGED_CASES, names);
  const differing = await checkHttpAgrees(call, baseUrl, judged, names);
  const withText = judged.filter((row) => row.rankingCase.text.trim() !== '').length;
  const withFilters = judged.filter((row) =>
    Object.values(row.rankingCase.activeFilters).some((value) => value !== undefined),
  ).length;
  console.log(
    `\nFiltering ranking: ${JUDGED_CASES.length} judged queries (${withText} with free text, ${withFilters} with` +
      ` picked options) over ${names.size} profiles; the filtering call's first page ${
        differing === 0 ? 'agrees with' : `differs from, in ${differing} queries,`
      } the index's ranking.`,
  );
  printTable(`judged queries (filter-cases.json), depth ${DEPTH}:`, judged);
  if (verbose) {
    console.log('\nper query (top 3 of each ranking; * = graded 2, + = graded 1):');
    for (const row of judged) {
      const mark = (nickname) =>
        `${nickname}${row.rankingCase.relevant[nickname] === 2 ? '*' : row.rankingCase.relevant[nickname] === 1 ? '+' : ''}`;
      console.log(`- ${row.rankingCase.name} ("${row.rankingCase.text}"): ${row.records.length} matches`);
      for (const [key] of RANKINGS)
        if (row.rankings[key])
          console.log(
            `    ${key.padEnd(8)} nDCG ${row.scores[key].ndcg.toFixed(2)}  ${row.rankings[key].slice(0, 3).map(mark).join(', ')}`,
          );
    }
  }
  const tuning = await evaluate(context, TUNING_CASES, names);
  printTable(`tuning queries (filter-tuning.json), depth ${DEPTH}:`, tuning);
  if (tune) printTuning(tuning, names);
};

// ------------------------------------------------------------------------------------------------ tuning

/** Re-fuses the tuning set's signals under other formulas and weights, with the fusion the index uses. */
const printTuning = (rows, names) => {
  const fuse = domain.fuseRankSignals;
  if (!fuse || !rows.some((row) => row.rankings.hybrid)) {
    console.log('\n(no signals to tune on: the index does not return them)');
    return;
  }
  const score = (rank) => {
    const scored = rows.map((row) =>
      scoreRanking(
        row.rankingCase,
        rank(row.records).map((id) => names.get(id)),
      ),
    );
    return { success: average(scored, 'success'), ndcg: average(scored, 'ndcg'), rr: average(scored, 'rr') };
  };
  const results = [];
  for (const k of [5, 10, 30, 60])
    results.push({
      name: `RRF k=${k} (facet, text, vector)`,
      ...score((records) => rrf(records, k, ['facet', 'text', 'vector'])),
    });
  const steps = [0, 0.25, 0.5, 1, 2];
  for (const facet of steps)
    for (const text of steps)
      for (const vector of steps)
        for (const textSaturation of [1, 3, 10]) {
          if (facet + text + vector === 0) continue;
          const weights = { facet, text, vector, textSaturation };
          results.push({
            name: `weighted facet ${facet} text ${text} vector ${vector} saturation ${textSaturation}`,
            ...score((records) => orderBy(records, (record) => fuse(record.signals, weights))),
          });
        }
  results.sort((a, b) => b.ndcg - a.ndcg || b.rr - a.rr);
  console.log('\nfusions on the tuning set, best nDCG@5 first:');
  for (const result of results.slice(0, 15))
    console.log(
      `  ${result.name.padEnd(58)} success ${fmt(result.success)}  nDCG ${fmt(result.ndcg)}  MRR ${fmt(result.rr)}`,
    );
  console.log('  RRF:');
  for (const result of results.filter((result) => result.name.startsWith('RRF')))
    console.log(
      `  ${result.name.padEnd(58)} success ${fmt(result.success)}  nDCG ${fmt(result.ndcg)}  MRR ${fmt(result.rr)}`,
    );
};
