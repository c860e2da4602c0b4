// Quality of the label suggestions (POST /api/ml) and the similarity ranking (POST /api/sort) for whichever
// model is configured (EMBEDDER_MODEL, EMBEDDER_MODEL_PATH or EMBEDDER_URL, as for the API).
// Build first (`npm run build:server`), then run `node bench/quality/run.mjs` (`--sweep` adds a threshold sweep).
// Starts the built API on loopback with a temporary data folder, creates the profiles of profiles.json through
// the HTTP API (one user each), waits until they are indexed, then sends every case of ml-cases.json and
// sort-cases.json and prints precision and recall of /ml and nDCG@10 of /sort, then scores the ranking of the
// filtering calls on the judged queries of filter-cases.json (ranking.mjs; `--ranking-only` skips /ml and
// /sort, `--tune` adds the fusion sweep on filter-tuning.json). Low scores are reported, not failed: the run
// exits non-zero only when it cannot complete (bad data, refused requests, no index).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { checkRankingData, runRanking } from './ranking.mjs';

const require = createRequire(import.meta.url);
const { loadConfig } = require('../../api/dist/config/app-config.js');
const { createApp } = require('../../api/dist/create-app.js');
const { EMBEDDER } = require('../../api/dist/core/embedder.tokens.js');
const { SEARCH_INDEX } = require('../../api/dist/core/tokens.js');
const {
  FILTER_VOCABULARY,
  foldLabel,
  LABELS_PER_KEY_DEFAULT,
  sortRequestSchema,
  profileCreateSchema,
  VOCABULARIES,
} = require('@skillers/domain');
const {
  LabelIndex,
  lexicalLabelMatches,
  modelSettings,
  SIMILAR_LABEL_KEYS,
  suggestLabels,
} = require('@skillers/embedding');

const load = (name) => JSON.parse(readFileSync(new URL(name, import.meta.url), 'utf8'));
const ML_CASES = load('./ml-cases.json').cases;
const PROFILES = load('./profiles.json').profiles;
const SORT_CASES = load('./sort-cases.json').cases;

/** Labels per key asked of /ml; the web app asks for two. */
const PER_KEY = Number(process.env.BENCH_ML_PER_KEY ?? LABELS_PER_KEY_DEFAULT);
const SORT_DEPTH = 10;
const SWEEP = process.argv.includes('--sweep') || process.env.BENCH_SWEEP === '1';
const VERBOSE = process.argv.includes('--verbose') || process.env.BENCH_VERBOSE === '1';
const RANKING_ONLY = process.argv.includes('--ranking-only');
const TUNE = process.argv.includes('--tune');
const INDEX_TIMEOUT_MS = 120_000;
/** The whole run stops after this, whatever happens. */
const HARD_LIMIT_MS = 20 * 60_000;
const SWEEP_LABEL = range(0.3, 0.85);
/** 1.00 leaves the phrase comparison out in practice: only a phrase identical to a label reaches it. */
const SWEEP_PHRASE = range(0.45, 1);

function range(from, to) {
  const steps = [];
  for (let hundredths = Math.round(from * 100); hundredths <= Math.round(to * 100); hundredths += 5)
    steps.push(hundredths / 100);
  return steps;
}

// ---------------------------------------------------------------------------------------------- data checks

/** Every judged label must be a real option of its key's vocabulary, or the scores mean nothing. */
const checkData = () => {
  const problems = [];
  const checkLabels = (where, key, labels) => {
    const vocabulary = FILTER_VOCABULARY[key];
    if (!SIMILAR_LABEL_KEYS.includes(key) || vocabulary === undefined) {
      problems.push(`${where}: unknown key ${key}`);
      return;
    }
    for (const label of labels)
      if (!VOCABULARIES[vocabulary].includes(label))
        problems.push(`${where}: "${label}" is not a ${key} label`);
  };
  ML_CASES.forEach((mlCase, at) => {
    const where = `ml case ${at + 1}`;
    if (typeof mlCase.text !== 'string' || mlCase.text.trim() === '') problems.push(`${where}: no text`);
    for (const [key, labels] of Object.entries(mlCase.expected ?? {})) {
      checkLabels(where, key, labels);
      if (labels.length > PER_KEY) problems.push(`${where}: more than ${PER_KEY} expected ${key} labels`);
    }
    for (const [key, labels] of Object.entries(mlCase.acceptable ?? {})) checkLabels(where, key, labels);
  });
  const nicknames = new Set();
  for (const profile of PROFILES) {
    if (nicknames.has(profile.nickname)) problems.push(`profile ${profile.nickname} is listed twice`);
    nicknames.add(profile.nickname);
    const parsed = profileCreateSchema.safeParse(profile);
    if (!parsed.success) problems.push(`profile ${profile.nickname}: ${parsed.error.issues[0].message}`);
  }
  for (const sortCase of SORT_CASES) {
    const parsed = sortRequestSchema.safeParse(sortCase.request);
    if (!parsed.success) problems.push(`sort case ${sortCase.name}: ${parsed.error.issues[0].message}`);
    for (const nickname of Object.keys(sortCase.relevant))
      if (!nicknames.has(nickname)) problems.push(`sort case ${sortCase.name}: no profile ${nickname}`);
  }
  problems.push(...checkRankingData(nicknames));
  if (problems.length > 0) throw new Error(`the labelled sets are inconsistent:\n  ${problems.join('\n  ')}`);
};

// ----------------------------------------------------------------------------------------------------- HTTP

const call = async (baseUrl, method, path, body, token) => {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
};

/** Each profile owner's token, by profile position, for the freshness spread below. */
const ownerTokens = [];

const createProfiles = async (baseUrl) => {
  const ids = new Map();
  for (const [at, profile] of PROFILES.entries()) {
    const user = {
      username: `quality${at}`,
      email: `quality${at}@example.com`,
      password: 'benchmark-password',
    };
    await call(baseUrl, 'POST', '/api/auth/signup', user);
    const { token } = await call(baseUrl, 'POST', '/api/auth/login', {
      email: user.email,
      password: user.password,
    });
    const { teammate } = await call(baseUrl, 'POST', '/api/teammate', profile, token);
    ids.set(teammate._id, profile.nickname);
    ownerTokens.push(token);
  }
  return ids;
};

/** Indexing runs in the background: wait until /sort ranks every profile. */
const waitUntilIndexed = async (baseUrl) => {
  const deadline = performance.now() + INDEX_TIMEOUT_MS;
  for (;;) {
    const answer = await call(baseUrl, 'POST', '/api/sort', {
      type: 'teammate',
      text: 'a teammate',
      limit: 100,
    });
    if (answer.results.length === PROFILES.length) return answer.mode;
    if (performance.now() > deadline)
      throw new Error(`only ${answer.results.length} of ${PROFILES.length} profiles were indexed`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
};

/**
 * Every third profile is switched to "not open to collaborate", so the ranking's freshness signal (with free
 * text) differs between records as it does in use, and the judged scores show what it costs or brings.
 * Waits until the index has every change.
 */
const FRESHNESS_CLOSED_EVERY = 3;
const spreadFreshness = async (baseUrl) => {
  const closed = ownerTokens.filter((_, at) => at % FRESHNESS_CLOSED_EVERY === FRESHNESS_CLOSED_EVERY - 1);
  for (const token of closed) await call(baseUrl, 'PUT', '/api/user/myTeammate/open', { open: false }, token);
  const deadline = performance.now() + INDEX_TIMEOUT_MS;
  for (;;) {
    const answer = await call(baseUrl, 'POST', '/api/teammate/traditional_filtering', {
      activeFilters: { openOnly: true },
    });
    if (answer.total === PROFILES.length - closed.length) return closed.length;
    if (performance.now() > deadline) throw new Error('the index did not take the closed profiles in time');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
};

// ------------------------------------------------------------------------------------------------ /ml scores

const ratio = (part, whole) => (whole === 0 ? undefined : part / whole);
const f1 = (precision, recall) =>
  precision === undefined || recall === undefined || precision + recall === 0
    ? undefined
    : (2 * precision * recall) / (precision + recall);
const mean = (values) => {
  const defined = values.filter((value) => value !== undefined);
  return defined.length === 0 ? undefined : defined.reduce((sum, value) => sum + value, 0) / defined.length;
};

const namedLabels = new Map(ML_CASES.map((mlCase) => [mlCase, lexicalLabelMatches(mlCase.text)]));

/** How the text names an expected label: verbatim, by an alias or plural, or only by meaning. */
const expectedClass = (mlCase, key, label) => {
  if (!namedLabels.get(mlCase)[key].includes(label)) return 'meaning';
  return foldLabel(mlCase.text).includes(foldLabel(label)) ? 'verbatim' : 'alias';
};

/**
 * Scores answers (one `similar_labels_dict` per case). An expected label suggested is a hit; one missing is
 * a miss; any other suggestion is a false positive, except the case's acceptable labels, which are ignored.
 */
const scoreMl = (dicts) => {
  const keys = Object.fromEntries(
    SIMILAR_LABEL_KEYS.map((key) => [key, { tp: 0, fp: 0, fn: 0, ignored: 0 }]),
  );
  const sources = { named: { tp: 0, fp: 0, ignored: 0 }, meaning: { tp: 0, fp: 0, ignored: 0 } };
  const classes = {
    verbatim: { found: 0, total: 0 },
    alias: { found: 0, total: 0 },
    meaning: { found: 0, total: 0 },
  };
  const perCase = [];
  ML_CASES.forEach((mlCase, at) => {
    const dict = dicts[at];
    const own = { tp: 0, fp: 0, fn: 0, misses: [], wrong: [] };
    for (const key of SIMILAR_LABEL_KEYS) {
      const expected = mlCase.expected[key] ?? [];
      const acceptable = mlCase.acceptable?.[key] ?? [];
      const suggested = dict[key] ?? [];
      for (const label of suggested) {
        const source = namedLabels.get(mlCase)[key].includes(label) ? 'named' : 'meaning';
        if (expected.includes(label)) {
          keys[key].tp += 1;
          sources[source].tp += 1;
          own.tp += 1;
        } else if (acceptable.includes(label)) {
          keys[key].ignored += 1;
          sources[source].ignored += 1;
        } else {
          keys[key].fp += 1;
          sources[source].fp += 1;
          own.fp += 1;
          own.wrong.push(`${key}:${label}${source === 'named' ? ' (named)' : ''}`);
        }
      }
      for (const label of expected) {
        const found = suggested.includes(label);
        const kind = expectedClass(mlCase, key, label);
        classes[kind].total += 1;
        if (found) classes[kind].found += 1;
        else {
          keys[key].fn += 1;
          own.fn += 1;
          own.misses.push(`${key}:${label} (${kind})`);
        }
      }
    }
    perCase.push({
      ...own,
      precision: ratio(own.tp, own.tp + own.fp),
      recall: ratio(own.tp, own.tp + own.fn),
    });
  });
  const total = Object.values(keys).reduce(
    (sum, key) => ({
      tp: sum.tp + key.tp,
      fp: sum.fp + key.fp,
      fn: sum.fn + key.fn,
      ignored: sum.ignored + key.ignored,
    }),
    { tp: 0, fp: 0, fn: 0, ignored: 0 },
  );
  const precision = ratio(total.tp, total.tp + total.fp);
  const recall = ratio(total.tp, total.tp + total.fn);
  return { keys, total, precision, recall, f1: f1(precision, recall), sources, classes, perCase };
};

const pct = (value) => (value === undefined ? '    -' : `${(value * 100).toFixed(1)}`.padStart(5));

const printMl = (score) => {
  const rows = SIMILAR_LABEL_KEYS.map((key) => {
    const { tp, fp, fn, ignored } = score.keys[key];
    const precision = ratio(tp, tp + fp);
    const recall = ratio(tp, tp + fn);
    return { key, tp, fp, fn, ignored, precision, recall, f1: f1(precision, recall) };
  });
  console.log(`${'key'.padEnd(24)} expected  hits  false+  misses  ignored  precision  recall     F1`);
  const line = (name, { tp, fp, fn, ignored }, precision, recall, f) =>
    console.log(
      `${name.padEnd(24)} ${String(tp + fn).padStart(8)} ${String(tp).padStart(5)} ${String(fp).padStart(7)} ` +
        `${String(fn).padStart(7)} ${String(ignored).padStart(8)} ${pct(precision).padStart(10)} ${pct(recall).padStart(7)} ${pct(f).padStart(6)}`,
    );
  for (const row of rows) line(row.key, row, row.precision, row.recall, row.f1);
  line('all (micro)', score.total, score.precision, score.recall, score.f1);
  const macroKeysP = mean(rows.map((row) => row.precision));
  const macroKeysR = mean(rows.map((row) => row.recall));
  console.log(
    `macro over keys:     precision ${pct(macroKeysP)}  recall ${pct(macroKeysR)}  F1 ${pct(f1(macroKeysP, macroKeysR))}`,
  );
  const macroCasesP = mean(score.perCase.map((own) => own.precision));
  const macroCasesR = mean(score.perCase.map((own) => own.recall));
  console.log(
    `macro over requests: precision ${pct(macroCasesP)}  recall ${pct(macroCasesR)}  F1 ${pct(f1(macroCasesP, macroCasesR))}` +
      `  (precision over the ${score.perCase.filter((own) => own.precision !== undefined).length} requests with a judged suggestion)`,
  );
  const { named, meaning } = score.sources;
  console.log(
    `suggestions named in the text: ${named.tp + named.fp} judged, precision ${pct(ratio(named.tp, named.tp + named.fp))};` +
      ` found by meaning: ${meaning.tp + meaning.fp} judged, precision ${pct(ratio(meaning.tp, meaning.tp + meaning.fp))}` +
      ` (acceptable, not judged: ${named.ignored} named, ${meaning.ignored} by meaning)`,
  );
  const { verbatim, alias, meaning: paraphrase } = score.classes;
  console.log(
    `recall by how the text names the label: verbatim ${verbatim.found}/${verbatim.total} (${pct(ratio(verbatim.found, verbatim.total)).trim()}),` +
      ` alias or plural ${alias.found}/${alias.total} (${pct(ratio(alias.found, alias.total)).trim()}),` +
      ` only by meaning ${paraphrase.found}/${paraphrase.total} (${pct(ratio(paraphrase.found, paraphrase.total)).trim()})`,
  );
  if (VERBOSE) {
    console.log('\nper request (misses, then false positives):');
    ML_CASES.forEach((mlCase, at) => {
      const own = score.perCase[at];
      if (own.misses.length === 0 && own.wrong.length === 0) return;
      console.log(
        `- "${mlCase.text}"\n    missed: ${own.misses.join(', ') || '-'}\n    wrong:  ${own.wrong.join(', ') || '-'}`,
      );
    });
  }
};

// ---------------------------------------------------------------------------------------------- /sort scores

const dcg = (grades) => grades.reduce((sum, grade, at) => sum + (2 ** grade - 1) / Math.log2(at + 2), 0);

const scoreSort = (sortCase, rankedNicknames) => {
  const grades = rankedNicknames.slice(0, SORT_DEPTH).map((nickname) => sortCase.relevant[nickname] ?? 0);
  const ideal = Object.values(sortCase.relevant)
    .sort((a, b) => b - a)
    .slice(0, SORT_DEPTH);
  const best = Math.max(...Object.values(sortCase.relevant));
  const firstBest = rankedNicknames.findIndex((nickname) => sortCase.relevant[nickname] === best);
  return { ndcg: dcg(grades) / dcg(ideal), firstBest: firstBest === -1 ? undefined : firstBest + 1 };
};

// --------------------------------------------------------------------------------------------------- sweep

/** The API's own embedder with a memory of texts already embedded, so each threshold pair costs no model time. */
const memoised = (embedder) => {
  const vectors = new Map();
  return {
    modelId: embedder.modelId,
    embed: async (texts) => {
      const missing = [...new Set(texts.filter((text) => !vectors.has(text)))];
      if (missing.length > 0) {
        const computed = await embedder.embed(missing);
        missing.forEach((text, at) => vectors.set(text, computed[at]));
      }
      return texts.map((text) => vectors.get(text));
    },
  };
};

/** The /ml scores for every pair of thresholds, in process, through the same `suggestLabels` the API calls. */
const sweep = async (embedder, httpDicts, current) => {
  const cached = memoised(embedder);
  const labels = await LabelIndex.open(cached);
  const answersAt = (settings) =>
    Promise.all(
      ML_CASES.map(async (mlCase) => {
        const context = settings && { embedder: cached, labels, settings };
        return (await suggestLabels(mlCase.text, PER_KEY, context)).similar_labels_dict;
      }),
    );

  const same = (await answersAt(current)).filter(
    (dict, at) => JSON.stringify(dict) === JSON.stringify(httpDicts[at]),
  ).length;
  console.log(
    `\nThreshold sweep (in process, same code as /api/ml): ${same}/${ML_CASES.length} answers at the configured` +
      ` thresholds match the HTTP answers${same === ML_CASES.length ? '' : ' (they should all match)'}.`,
  );
  const namesOnly = scoreMl(await answersAt(undefined));
  console.log(
    `names only (no model): precision ${pct(namesOnly.precision)}  recall ${pct(namesOnly.recall)}  F1 ${pct(namesOnly.f1)}`,
  );

  const results = [];
  for (const phraseThreshold of SWEEP_PHRASE) {
    for (const labelThreshold of SWEEP_LABEL) {
      const score = scoreMl(await answersAt({ labelThreshold, phraseThreshold }));
      results.push({ labelThreshold, phraseThreshold, ...score });
    }
  }
  for (const [name, pick] of [
    ['F1', (result) => result.f1],
    ['precision', (result) => result.precision],
    ['recall', (result) => result.recall],
  ]) {
    console.log(`\nmicro ${name} (%) by phrase threshold (rows) and label threshold (columns):`);
    console.log(`phrase\\label ${SWEEP_LABEL.map((value) => value.toFixed(2).padStart(5)).join(' ')}`);
    for (const phraseThreshold of SWEEP_PHRASE) {
      const row = results.filter((result) => result.phraseThreshold === phraseThreshold);
      console.log(
        `${phraseThreshold.toFixed(2).padStart(12)} ${row.map((result) => pct(pick(result))).join(' ')}`,
      );
    }
  }
  const describe = (result) =>
    `label ${result.labelThreshold.toFixed(2)} phrase ${result.phraseThreshold.toFixed(2)}: precision ${pct(result.precision)}` +
    `  recall ${pct(result.recall)}  F1 ${pct(result.f1)}  (by meaning: ${result.sources.meaning.tp} hits,` +
    ` ${result.sources.meaning.ignored} acceptable, ${result.sources.meaning.fp} false+)`;
  console.log('\nbest pairs by micro F1:');
  for (const result of [...results].sort((a, b) => b.f1 - a.f1).slice(0, 8))
    console.log(`  ${describe(result)}`);
  const at = results.find(
    (result) =>
      result.labelThreshold === current.labelThreshold && result.phraseThreshold === current.phraseThreshold,
  );
  if (at) console.log(`configured:\n  ${describe(at)}`);
};

// ------------------------------------------------------------------------------------------------------ run

const main = async () => {
  checkData();
  const dataDir = mkdtempSync(join(tmpdir(), 'skillers-bench-quality-'));
  const modelEnv = Object.fromEntries(
    ['EMBEDDER_MODEL', 'EMBEDDER_MODEL_PATH', 'EMBEDDER_URL']
      .filter((name) => process.env[name])
      .map((name) => [name, process.env[name]]),
  );
  const config = loadConfig({
    ...modelEnv,
    DATA_DIR: dataDir,
    SEED: 'false',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_SCALE: '10000',
  });
  const app = await createApp(config);
  const guard = setTimeout(() => {
    console.error(`Stopped: the run took longer than ${HARD_LIMIT_MS / 60_000} minutes.`);
    process.exit(1);
  }, HARD_LIMIT_MS);
  try {
    await app.listen(0, '127.0.0.1');
    const baseUrl = `http://127.0.0.1:${app.getHttpServer().address().port}`;
    const embedder = app.get(EMBEDDER, { strict: false });
    const modelId = embedder.modelId;
    const settings = modelSettings(modelId);

    const started = performance.now();
    const names = await createProfiles(baseUrl);
    const sortMode = await waitUntilIndexed(baseUrl);
    console.log(
      `Model ${modelId} (${config.embedderUrl ? `service ${config.embedderUrl}` : 'in process'}),` +
        ` /ml thresholds: label ${settings.labelThreshold}, phrase ${settings.phraseThreshold}.` +
        ` ${PROFILES.length} profiles created and indexed in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    );

    if (RANKING_ONLY) {
      console.log(`${await spreadFreshness(baseUrl)} profiles (every third) are not open to collaborate.`);
      await runRanking({
        app,
        baseUrl,
        call,
        names,
        verbose: VERBOSE,
        tune: TUNE,
        tokens: { SEARCH_INDEX, EMBEDDER },
      });
      return;
    }

    const dicts = [];
    const mlModes = new Set();
    for (const mlCase of ML_CASES) {
      const answer = await call(baseUrl, 'POST', '/api/ml', { input_text: mlCase.text, len_2_cnt: PER_KEY });
      dicts.push(answer.similar_labels_dict);
      mlModes.add(answer.mode);
    }
    console.log(
      `\n/api/ml: ${ML_CASES.length} requests, len_2_cnt ${PER_KEY}, mode ${[...mlModes].join('+')}\n`,
    );
    printMl(scoreMl(dicts));

    const sortRows = [];
    const sortModes = new Set([sortMode]);
    for (const sortCase of SORT_CASES) {
      const answer = await call(baseUrl, 'POST', '/api/sort', { ...sortCase.request, limit: SORT_DEPTH });
      sortModes.add(answer.mode);
      const ranked = answer.results.map((result) => names.get(result.record_id));
      sortRows.push({ sortCase, ranked, ...scoreSort(sortCase, ranked) });
    }
    console.log(
      `\n/api/sort: ${SORT_CASES.length} filter sets over ${PROFILES.length} profiles, mode ${[...sortModes].join('+')}\n`,
    );
    console.log(`${'filter set'.padEnd(34)} nDCG@10  best at  top 3`);
    for (const row of sortRows)
      console.log(
        `${`${row.sortCase.name}${row.sortCase.nearMiss ? ' *' : ''}`.padEnd(34)} ${row.ndcg.toFixed(3).padStart(7)}` +
          `  ${String(row.firstBest ?? '-').padStart(7)}  ${row.ranked.slice(0, 3).join(', ')}`,
      );
    const ndcgs = sortRows.map((row) => row.ndcg);
    const nearMiss = sortRows.filter((row) => row.sortCase.nearMiss);
    console.log(
      `\nnDCG@${SORT_DEPTH}: mean ${mean(ndcgs).toFixed(3)}, min ${Math.min(...ndcgs).toFixed(3)}` +
        (nearMiss.length > 0
          ? `; near misses (*, labels no profile carries): mean ${mean(nearMiss.map((row) => row.ndcg)).toFixed(3)}`
          : '') +
        `; a best profile first in ${sortRows.filter((row) => row.firstBest === 1).length}/${sortRows.length}`,
    );

    console.log(`\n${await spreadFreshness(baseUrl)} profiles (every third) are not open to collaborate.`);
    await runRanking({
      app,
      baseUrl,
      call,
      names,
      verbose: VERBOSE,
      tune: TUNE,
      tokens: { SEARCH_INDEX, EMBEDDER },
    });
    if (SWEEP) await sweep(embedder, dicts, settings);
  } finally {
    clearTimeout(guard);
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

try {
  await main();
} catch (error) {
  console.error(`Quality run failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
