// Quality of the home search on the demo corpus: the judged queries of home-queries.json (written by someone
// who saw only the demo records, never the ranking; graded by rules over each record, judge.mjs) run through
// every flow in one run, scored by success@5, nDCG@5 and MRR, overall and per tag, on the test split and,
// apart, the tuning split. Build first (`npm run build:server`), then `node bench/quality/home-search.mjs`
// (`--verbose` lists the tuning queries' top five per flow; `--tune` re-fuses the tuning queries' signals under
// other weights; the test split is never listed nor tuned on, so it stays held out). Runs the built API in
// this process on a temporary data folder with the demo data and the shared model (EMBEDDER_MODEL and
// EMBEDDER_MODEL_PATH choose another).
//
// The flows:
// - home search: the filtering call with the text and no picks, the home search's contract
//   (`{activeFilters: {}, text, filtering_restriction: 'min_1_match', page: 1, facets: true}`);
// - web flow before: `/ml` labels become picks, then the filtering call with the text, and the similarity
//   ranking (`/sort`) when that finds nothing, as the find screen did;
// - labels only: the same picks without the text;
// - vectors only: `/sort` with the text and no picks;
// - Orama BM25: a stock BM25 library over all of a record's text (names, descriptions, goals, roles, tools,
//   places, tag labels), in this process over the same records.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { create, insertMultiple, search } from '@orama/orama';
import { stopwords as englishStopWords } from '@orama/stopwords/english';
import { call } from '../support/server.mjs';
import { checkQueries, judge, QUERY_TAGS } from './judge.mjs';
import { printTuning } from './home-tuning.mjs';

const require = createRequire(import.meta.url);
const { loadConfig } = require('../../api/dist/config/app-config.js');
const { createApp } = require('../../api/dist/create-app.js');

const QUERIES = JSON.parse(readFileSync(new URL('./home-queries.json', import.meta.url), 'utf8')).queries;
const DEPTH = 5;
const VERBOSE = process.argv.includes('--verbose');
const TUNE = process.argv.includes('--tune');
const SHARED_MODELS = fileURLToPath(new URL('../../../shared/models', import.meta.url));
const SHARED_MODEL = 'skillers/static-wordpiece-100d';
const INDEX_TIMEOUT_MS = 180_000;
/** Labels per filter the web app asks `/ml` for. */
const LABELS_PER_FILTER = 2;
/** The tool level the web app gives a tool the home search picked (1 in filters). */
const PICKED_TOOL_LEVEL = 1;

const FILTER_PATH = {
  teammate: '/api/teammate/traditional_filtering',
  project: '/api/project/traditional_filtering_all',
};
const LIST_PATH = { teammate: '/api/teammate', project: '/api/project' };
const ITEMS_OF = {
  teammate: (answer) => answer.teammates,
  project: (answer) => answer.items ?? answer.projects,
};

// ------------------------------------------------------------------------------------------------- corpus

const readAll = async (baseUrl, kind) => {
  const records = [];
  for (let page = 1; ; page++) {
    const answer = await call(baseUrl, 'GET', `${LIST_PATH[kind]}?page=${page}`);
    const items = answer.teammates ?? answer.projects ?? answer.items ?? [];
    if (items.length === 0) return records;
    records.push(...items);
  }
};

const waitUntilEmbedded = async (baseUrl) => {
  const deadline = Date.now() + INDEX_TIMEOUT_MS;
  for (;;) {
    const health = await (await fetch(`${baseUrl}/api/health`)).json();
    if (health.status === 'ok' && health.ports.search.ready && !health.ports.search.detail) return;
    if (Date.now() > deadline) throw new Error(`the index did not catch up: ${JSON.stringify(health.ports)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
};

// -------------------------------------------------------------------------------------------------- flows

const idsOf = (items) => items.map((item) => item._id);

const filtering = async (baseUrl, kind, body) =>
  idsOf(
    ITEMS_OF[kind](
      await call(baseUrl, 'POST', FILTER_PATH[kind], {
        filtering_restriction: 'min_1_match',
        page: 1,
        ...body,
      }),
    ),
  );

const similarity = async (baseUrl, kind, filter, text) => {
  const answer = await call(baseUrl, 'POST', '/api/sort', { type: kind, filter, ...(text ? { text } : {}) });
  return answer.results.filter((result) => result.similarity > 0).map((result) => result.record_id);
};

/** The picks the web app made of `/ml`'s labels. */
const picksOf = async (baseUrl, text) => {
  const { similar_labels_dict: labels } = await call(baseUrl, 'POST', '/api/ml', {
    input_text: text,
    len_2_cnt: LABELS_PER_FILTER,
  });
  const picks = {};
  for (const [filter, picked] of Object.entries(labels)) {
    if (picked.length === 0) continue;
    picks[filter] =
      filter === 'toolsExperience' ? picked.map((tool) => ({ tool, mep: PICKED_TOOL_LEVEL })) : [...picked];
  }
  return picks;
};

const recordText = (record) =>
  [
    record.projectName,
    record.nickname,
    record.description,
    record.projectGoal,
    ...(record.toolsExperience ?? []).map((entry) => entry.tool),
    ...['hardSkills', 'softSkills', 'areaOfExpertise', 'productType', 'projectType', 'offeredGratification']
      .concat(['forGratification', 'usedLanguages', 'locations'])
      .flatMap((field) => [record[field] ?? []].flat()),
    record.workingTypeRemote ? 'Remote' : '',
    record.workingTypeOffice ? 'Office' : '',
  ]
    .filter(Boolean)
    .join(' \n');

/**
 * A stock Orama database per kind: BM25 over one text field holding all of a record's text, with Orama's own
 * English stemmer and stop words (`@orama/stopwords`), its default BM25 parameters and no typo tolerance.
 */
const oramaPeer = async (recordsByKind) => {
  const databases = {};
  for (const [kind, records] of Object.entries(recordsByKind)) {
    const db = create({
      schema: { text: 'string' },
      components: { tokenizer: { language: 'english', stemming: true, stopWords: englishStopWords } },
    });
    await insertMultiple(
      db,
      records.map((record) => ({ id: record._id, text: recordText(record) })),
    );
    databases[kind] = db;
  }
  return async (kind, text) =>
    (await search(databases[kind], { term: text, properties: ['text'], limit: DEPTH * 2 })).hits.map(
      (hit) => hit.id,
    );
};

const FLOWS = [
  ['home', 'home search (text, no picks)'],
  ['before', 'web flow before (/ml picks + text)'],
  ['labels', 'labels only (/ml picks, no text)'],
  ['vectors', 'vectors only (/sort, text)'],
  ['orama', 'Orama BM25 (stemmed, stop words), all record text'],
];

const rankAll = async (baseUrl, query, orama) => {
  const { kind, text } = query;
  const picks = await picksOf(baseUrl, text);
  const withPicks = await filtering(baseUrl, kind, { activeFilters: picks, text, facets: true });
  const labelsOnly =
    Object.keys(picks).length === 0 ? [] : await filtering(baseUrl, kind, { activeFilters: picks });
  return {
    home: await filtering(baseUrl, kind, { activeFilters: {}, text, facets: true }),
    before: withPicks.length > 0 ? withPicks : await similarity(baseUrl, kind, picks, text),
    labels:
      labelsOnly.length > 0 || Object.keys(picks).length === 0
        ? labelsOnly
        : await similarity(baseUrl, kind, picks, ''),
    vectors: await similarity(baseUrl, kind, {}, text),
    orama: await orama(kind, text),
  };
};

// ------------------------------------------------------------------------------------------------ metrics

const dcg = (grades) => grades.reduce((sum, grade, at) => sum + (2 ** grade - 1) / Math.log2(at + 2), 0);

const score = (grades, ranked) => {
  const shown = ranked.slice(0, DEPTH).map((id) => grades.get(id) ?? 0);
  const all = ranked.map((id) => grades.get(id) ?? 0);
  const ideal = [...grades.values()].sort((a, b) => b - a).slice(0, DEPTH);
  const first = all.findIndex((value) => value > 0);
  return {
    success: shown.some((value) => value > 0) ? 1 : 0,
    ndcg: dcg(shown) / dcg(ideal),
    rr: first === -1 ? 0 : 1 / (first + 1),
  };
};

const mean = (rows, field) => rows.reduce((sum, row) => sum + row[field], 0) / Math.max(rows.length, 1);
const fmt = (value) => value.toFixed(3);

const printTable = (title, rows) => {
  console.log(`\n${title} (${rows.length} queries)`);
  console.log(`| flow | success@5 | nDCG@5 | MRR |\n| --- | ---: | ---: | ---: |`);
  for (const [key, label] of FLOWS) {
    const scored = rows.map((row) => row.scores[key]);
    console.log(
      `| ${label} | ${fmt(mean(scored, 'success'))} | ${fmt(mean(scored, 'ndcg'))} | ${fmt(mean(scored, 'rr'))} |`,
    );
  }
};

const printByTag = (rows) => {
  console.log(`\nTest split by tag, nDCG@5 (success@5):`);
  console.log(`| tag | queries | ${FLOWS.map(([, label]) => label).join(' | ')} |`);
  console.log(`| --- | ---: | ${FLOWS.map(() => '---:').join(' | ')} |`);
  for (const tag of QUERY_TAGS) {
    const tagged = rows.filter((row) => row.query.tags.includes(tag));
    if (tagged.length === 0) continue;
    const cells = FLOWS.map(([key]) => {
      const scored = tagged.map((row) => row.scores[key]);
      return `${fmt(mean(scored, 'ndcg'))} (${fmt(mean(scored, 'success'))})`;
    });
    console.log(`| ${tag} | ${tagged.length} | ${cells.join(' | ')} |`);
  }
};

// ---------------------------------------------------------------------------------------------------- run

/** The model the environment names, or the small static model kept beside the repository. */
const modelEnv = () => {
  const named = Object.fromEntries(
    ['EMBEDDER_MODEL', 'EMBEDDER_MODEL_PATH', 'EMBEDDER_URL']
      .filter((name) => process.env[name])
      .map((name) => [name, process.env[name]]),
  );
  return Object.keys(named).length > 0 || !existsSync(join(SHARED_MODELS, SHARED_MODEL))
    ? named
    : { EMBEDDER_MODEL_PATH: SHARED_MODELS, EMBEDDER_MODEL: SHARED_MODEL };
};

const main = async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'skillers-bench-home-'));
  const config = loadConfig({
    ...modelEnv(),
    DATA_DIR: dataDir,
    SEED: 'true',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_SCALE: '10000',
  });
  const app = await createApp(config);
  try {
    await app.listen(0, '127.0.0.1');
    const server = { baseUrl: `http://127.0.0.1:${app.getHttpServer().address().port}` };
    await waitUntilEmbedded(server.baseUrl);
    const recordsByKind = {
      teammate: await readAll(server.baseUrl, 'teammate'),
      project: await readAll(server.baseUrl, 'project'),
    };
    const problems = checkQueries(QUERIES, recordsByKind);
    if (problems.length > 0)
      throw new Error(`home-queries.json does not fit the corpus:\n  ${problems.join('\n  ')}`);
    const orama = await oramaPeer(recordsByKind);
    console.log(
      `Demo corpus: ${recordsByKind.teammate.length} skiller profiles, ${recordsByKind.project.length} projects;` +
        ` ${QUERIES.length} judged queries.`,
    );
    const rows = [];
    for (const query of QUERIES) {
      const grades = judge(query, recordsByKind);
      const rankings = await rankAll(server.baseUrl, query, orama);
      const scores = Object.fromEntries(FLOWS.map(([key]) => [key, score(grades, rankings[key])]));
      rows.push({ query, grades, rankings, scores });
    }
    const test = rows.filter((row) => row.query.split === 'test');
    const tuning = rows.filter((row) => row.query.split === 'tuning');
    printTable('Test split', test);
    printByTag(test);
    printTable('Tuning split', tuning);
    if (TUNE) await printTuning(app, tuning, recordsByKind);
    if (VERBOSE) {
      const names = new Map(
        Object.values(recordsByKind)
          .flat()
          .map((record) => [record._id, record.nickname ?? record.projectName]),
      );
      console.log('\nTuning queries, top five per flow (grade after each name):');
      for (const row of tuning) {
        console.log(
          `- ${row.query.id} [${row.query.tags.join(',')}] "${row.query.text}" (${row.grades.size} relevant)`,
        );
        for (const [key] of FLOWS)
          console.log(
            `    ${key.padEnd(8)} ${row.rankings[key]
              .slice(0, DEPTH)
              .map((id) => `${names.get(id)} ${row.grades.get(id) ?? 0}`)
              .join(' · ')}`,
          );
      }
    }
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
