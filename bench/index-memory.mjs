// Memory of the embedded search index: heap and RSS after loading N synthetic skiller profiles, per structure.
// Build first (`npm run build:server`), then `node --expose-gc bench/index-memory.mjs [profiles] [--dims D]
// [--quick]` (default 100000 profiles with 384-number vectors; --quick: 5000). Loads, each in its own child
// process (so that memory one frees and the process keeps does not hide the next), the text index alone
// (and, for comparison, the Orama database it replaced, with ids and texts), the other stored fields alone,
// the facet index alone, the vector index alone, the whole index (all of them together) and the whole index
// restored from its snapshot's sections (as a restart has it), and prints what each added to the heap, to memory outside it (typed arrays) and to the
// process's RSS. Profiles are generated batch by batch, so the generator holds no more than one batch.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { syntheticProfiles } from './support/synthetic-profiles.mjs';

const require = createRequire(import.meta.url);
const { EmbeddedSearchIndex } = require('@skillers/search');
const { FacetIndex } = require('@skillers/search/dist/embedded/indexes/facet-index.js');
const { VectorIndex } = require('@skillers/search/dist/embedded/indexes/vector-index.js');
const { StoredFields } = require('@skillers/search/dist/embedded/structures/stored-fields.js');
const { TextIndex, textTokenizerConfig } = require('@skillers/search/dist/embedded/indexes/text-index.js');
const { create, insert } = require('@orama/orama');

if (typeof globalThis.gc !== 'function') {
  console.error('run with node --expose-gc (npm run bench:memory does)');
  process.exit(1);
}
const QUICK = process.argv.includes('--quick');
const SIZE = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? (QUICK ? 5000 : 100_000));
const dimsAt = process.argv.indexOf('--dims');
const DIMS = dimsAt > 0 ? Number(process.argv[dimsAt + 1]) : 384;
const BATCH = 1000;

const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
const perProfile = (bytes) => `${(bytes / SIZE).toFixed(0)} B/profile`;
const measure = () => {
  globalThis.gc();
  globalThis.gc();
  // `external` includes the typed arrays' buffers.
  const { rss, heapUsed, external } = process.memoryUsage();
  return { rss, heap: heapUsed, outside: external };
};

/** The same N profiles on every call (same seed), with a DIMS-number vector each (none when DIMS is 0). */
const batches = function* () {
  const { profile } = syntheticProfiles();
  let vectorRandom = 1;
  const vector = () =>
    Array.from({ length: DIMS }, () => {
      vectorRandom = (vectorRandom * 48271) % 2147483647;
      // 32-bit floats, as an embedder gives them.
      return Math.fround(vectorRandom / 2147483647 - 0.5);
    });
  for (let from = 0; from < SIZE; from += BATCH) {
    const batch = [];
    for (let n = from; n < Math.min(SIZE, from + BATCH); n++) {
      const doc = profile(n, { withVector: false });
      if (DIMS > 0) doc.vector = vector();
      batch.push(doc);
    }
    yield batch;
  }
};

const structure = async (name, load) => {
  const before = measure();
  const started = performance.now();
  let held = await load();
  const seconds = (performance.now() - started) / 1000;
  const after = measure();
  const row = {
    name,
    heap: after.heap - before.heap,
    outside: after.outside - before.outside,
    rss: after.rss - before.rss,
  };
  console.log(
    `${name.padEnd(34)} heap +${mib(row.heap).padStart(9)}  outside heap +${mib(row.outside).padStart(9)} ` +
      `(${perProfile(row.heap + row.outside)})  ` +
      `RSS +${mib(row.rss).padStart(9)} (${perProfile(row.rss)}); loaded in ${seconds.toFixed(1)} s; RSS ${mib(after.rss)}`,
  );
  held = undefined;
  return held;
};

const onlyAt = process.argv.indexOf('--only');
const ONLY = onlyAt > 0 ? process.argv[onlyAt + 1] : undefined;

if (ONLY === undefined) {
  console.log(
    `index memory: ${SIZE} synthetic profiles, ${DIMS}-number vectors; node ${process.version}; load ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  const parts = [
    'text',
    'orama-text',
    'fields',
    'facets',
    ...(DIMS > 0 ? ['vectors'] : []),
    'whole',
    'restored',
  ];
  for (const part of parts)
    execFileSync(
      process.execPath,
      ['--expose-gc', fileURLToPath(import.meta.url), String(SIZE), '--dims', String(DIMS), '--only', part],
      { stdio: 'inherit' },
    );
} else if (ONLY === 'text') {
  let text;
  await structure('text index (TextIndex)', () => {
    text = TextIndex.create();
    let slot = 0;
    for (const batch of batches()) for (const doc of batch) text.upsert(slot++, doc.text);
    return text;
  });
  const sections = text.toSections();
  const bytes = sections.reduce((sum, { data }) => sum + data.length, 0);
  console.log(`text index sections: ${mib(bytes)} (${perProfile(bytes)})`);
} else if (ONLY === 'orama-text') {
  await structure('Orama, id and text only (replaced)', () => {
    const db = create({ schema: { text: 'string' }, components: { tokenizer: textTokenizerConfig() } });
    for (const batch of batches()) for (const doc of batch) insert(db, { id: doc.id, text: doc.text });
    return db;
  });
} else if (ONLY === 'fields') {
  await structure('stored fields (no text, no vector)', () => {
    const fields = new StoredFields();
    const none = new VectorIndex();
    let slot = 0;
    for (const batch of batches())
      for (const doc of batch) fields.put({ ...doc, vector: undefined }, slot++, none);
    return fields;
  });
} else if (ONLY === 'facets') {
  await structure('facet index alone', () => {
    const facets = new FacetIndex();
    for (const batch of batches()) facets.upsertMany(batch);
    return facets;
  });
} else if (ONLY === 'vectors') {
  await structure('vector index alone', () => {
    const vectors = new VectorIndex();
    let slot = 0;
    for (const batch of batches()) for (const doc of batch) vectors.set(doc.id, doc.vector, slot++);
    return vectors;
  });
} else if (ONLY === 'restored') {
  let index;
  // The built index and the sections no structure wraps are garbage before the measure.
  await structure('whole index restored from sections', async () => {
    const built = EmbeddedSearchIndex.create();
    for (const batch of batches()) await built.upsert(batch);
    index = EmbeddedSearchIndex.restore(built.snapshot());
    return index;
  });
  const sample = await index.get(syntheticProfiles().profile(0).id);
  if (!sample || (DIMS > 0 && sample.vector?.length !== DIMS)) throw new Error('the restore lost a document');
} else {
  let index;
  await structure('whole index (EmbeddedSearchIndex)', async () => {
    index = EmbeddedSearchIndex.create();
    for (const batch of batches()) await index.upsert(batch);
    return index;
  });
  const sample = await index.get(syntheticProfiles().profile(0).id);
  if (!sample || (DIMS > 0 && sample.vector?.length !== DIMS)) throw new Error('the index lost a document');
  console.log(`whole index: RSS ${mib(measure().rss)}`);
}
