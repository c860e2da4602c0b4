import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { staticImportGraph, workspaceOf } from './static-imports';

const ROOT = join(__dirname, '../..');

/**
 * The files that choose the setup and open each port's adapter; every other file of the services injects or
 * receives ports and never names an adapter class (what differs between adapters is an optional capability
 * on the port).
 */
const COMPOSITION_ROOTS = [
  /^api\/dist\/ports\//,
  /^indexer\/dist\/worker\/worker-ports\.js$/,
  /^indexer\/dist\/commands\/cluster-ports\.js$/,
];

/** Adapter classes by the port they implement; the port interfaces themselves leave no trace in JavaScript. */
const ADAPTER_CLASS =
  /\bclass (\w+(?:SearchIndex|RecordStore|JobQueue|Embedder|SavedSearchMatcher|SavedSearchAlerts|SearchEventSink|VectorCache|MailSender))\b/g;

/** Compiled output keeps the doc comments, which may well name an adapter. */
const withoutComments = (source: string): string =>
  source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/[^\n]*/g, '$1');

interface Graph {
  /** Our own compiled files (apps and libraries), relative to the repository, with their code. */
  files: Map<string, string>;
}

const builtGraph = (...entries: string[]): Graph => {
  const files = new Map<string, string>();
  for (const entry of entries) {
    for (const file of staticImportGraph(join(ROOT, entry)).files) {
      if (!/\.js$/.test(file) || workspaceOf(ROOT, file) === null) continue;
      files.set(relative(ROOT, file), withoutComments(readFileSync(file, 'utf8')));
    }
  }
  return { files };
};

/** Each adapter class with the file that declares it. */
const adapterClasses = ({ files }: Graph): Map<string, string> => {
  const classes = new Map<string, string>();
  for (const [file, code] of files) {
    for (const [, name] of code.matchAll(ADAPTER_CLASS)) classes.set(name, file);
  }
  return classes;
};

/** `file: Name` for each app file outside the composition roots naming an adapter class it does not declare. */
const adapterNamesOutsideRoots = (graph: Graph): string[] => {
  const classes = adapterClasses(graph);
  const found: string[] = [];
  for (const [file, code] of graph.files) {
    if (!/^(api|indexer)\//.test(file) || COMPOSITION_ROOTS.some((root) => root.test(file))) continue;
    for (const [name, declaredIn] of classes) {
      if (declaredIn !== file && new RegExp(`\\b${name}\\b`).test(code)) found.push(`${file}: ${name}`);
    }
  }
  return found.sort();
};

/** The factories that pick a port's adapter from the settings. */
const PORT_FACTORY = /\bopen(?:RecordStore|SearchIndex|JobQueue|Embedder)\b/;

/** `file: factory` for each API file outside its composition root that opens a port's adapter. */
const portsOpenedOutsideRoot = ({ files }: Graph): string[] =>
  [...files]
    .filter(([file]) => /^api\//.test(file) && !COMPOSITION_ROOTS.some((root) => root.test(file)))
    .flatMap(([file, code]) => code.match(PORT_FACTORY)?.map((factory) => `${file}: ${factory}`) ?? [])
    .sort();

describe('adapter classes in the built services', () => {
  const graph = builtGraph('api/dist/main.js', 'indexer/dist/cli.js', 'indexer/dist/worker/worker.main.js');

  it('finds the adapters of every port in the graph', () => {
    const classes = [...adapterClasses(graph).keys()];
    expect(classes).toEqual(
      expect.arrayContaining([
        'EmbeddedSearchIndex',
        'ElasticsearchSearchIndex',
        'SqliteRecordStore',
        'MongoRecordStore',
        'InProcessJobQueue',
        'BullMqJobQueue',
        'CachingEmbedder',
        'HttpEmbedder',
        'InMemorySavedSearchMatcher',
        'ElasticsearchSavedSearchMatcher',
        'JsonlFileSearchEventSink',
        'ElasticsearchSearchEventSink',
      ]),
    );
  });

  it('names no adapter class outside the composition roots, neither imported nor in instanceof', () => {
    expect(adapterNamesOutsideRoots(graph)).toEqual([]);
  });

  it('opens every port of the API in its composition root, the record store included', () => {
    expect(portsOpenedOutsideRoot(graph)).toEqual([]);
    const opened = new Map([
      ['api/dist/core/core.module.js', 'const store = await (0, store_1.openRecordStore)({ dataDir })'],
      [
        'api/dist/ports/store-ports.module.js',
        'const store = await (0, store_1.openRecordStore)({ dataDir })',
      ],
    ]);
    expect(portsOpenedOutsideRoot({ files: opened })).toEqual([
      'api/dist/core/core.module.js: openRecordStore',
    ]);
  });

  it('finds an adapter named outside the roots, through an import or an instanceof', () => {
    const files = new Map([
      ['libs/search/dist/orama.search-index.js', 'class EmbeddedSearchIndex {}'],
      ['libs/store/dist/sqlite.record-store.js', 'class SqliteRecordStore {}'],
      ['api/dist/ports/search-ports.module.js', 'search_1.EmbeddedSearchIndex.create()'],
      [
        'api/dist/indexing/index-worker.service.js',
        'if (this.index instanceof search_1.EmbeddedSearchIndex) {}',
      ],
      [
        'indexer/dist/worker/index-worker.js',
        'const store_1 = require("@skillers/store"); store_1.SqliteRecordStore',
      ],
      ['api/dist/filtering/filtering.service.js', 'this.index.search(query)'],
    ]);
    expect(adapterNamesOutsideRoots({ files })).toEqual([
      'api/dist/indexing/index-worker.service.js: EmbeddedSearchIndex',
      'indexer/dist/worker/index-worker.js: SqliteRecordStore',
    ]);
  });
});
