// Save and load of the embedded index's snapshot file, without a server or an embedder, so that large sizes
// (a million profiles) can be measured without seeding and embedding them first. Build first (`npm run
// build:server`), then `node --expose-gc bench/index-snapshot.mjs [profiles] [--dims D] [--quick]` (default
// 100000 synthetic skiller profiles with 384-number vectors; --quick: 5000). Builds the index from
// bench/support/synthetic-profiles.mjs, then times: writing the file straight from the live index (as the
// server saves), reading it back (checksum included) and restoring the index from the sections; prints the
// bytes per structure, the peak RSS while saving (against the RSS before it: what the save adds), the
// longest the save kept the event loop waiting, and checks the restored index against the original: the
// same filtered pages, free-text pages (scores to the bit), kNN hits and documents ("answers identical"),
// or exits with 1.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { isDeepStrictEqual } from 'node:util';
import { hexId, syntheticProfiles } from './support/synthetic-profiles.mjs';

const require = createRequire(import.meta.url);
const { EmbeddedSearchIndex, readSnapshotFile, writeSnapshotFile } = require('@skillers/search');

const QUICK = process.argv.includes('--quick');
const SIZE = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? (QUICK ? 5000 : 100_000));
const dimsAt = process.argv.indexOf('--dims');
const DIMS = dimsAt > 0 ? Number(process.argv[dimsAt + 1]) : 384;
const BATCH = 1000;
const CHECKS = 20;

const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
const rss = () => {
  globalThis.gc?.();
  return mib(process.memoryUsage().rss);
};
/**
 * The peak RSS while `run` runs, in bytes. On Linux the kernel's own high-water mark (VmHWM), reset before
 * (`5` to /proc/self/clear_refs): exact, even through synchronous work that would starve a timer. Elsewhere
 * the most of RSS samples taken every 50 ms.
 */
const peakRss = async (run) => {
  const status = '/proc/self/status';
  const hwm = () => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(status, 'utf8'))?.[1]) * 1024;
  let kernel = existsSync(status);
  if (kernel) {
    try {
      writeFileSync('/proc/self/clear_refs', '5');
    } catch {
      kernel = false;
    }
  }
  let sampled = process.memoryUsage().rss;
  const sampler = setInterval(() => (sampled = Math.max(sampled, process.memoryUsage().rss)), 50);
  try {
    const result = await run();
    return { result, peak: kernel ? hwm() : Math.max(sampled, process.memoryUsage().rss) };
  } finally {
    clearInterval(sampler);
  }
};
const timed = async (label, run) => {
  const started = performance.now();
  const result = await run();
  const seconds = (performance.now() - started) / 1000;
  console.log(`${label.padEnd(40)} ${seconds.toFixed(2).padStart(7)} s   RSS ${rss()}`);
  return result;
};

console.log(
  `index snapshot: ${SIZE} synthetic profiles, ${DIMS}-number vectors; node ${process.version}; load ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`,
);
const generator = syntheticProfiles();
let vectorRandom = 1;
const vector = () =>
  Array.from({ length: DIMS }, () => {
    vectorRandom = (vectorRandom * 48271) % 2147483647;
    return Math.fround(vectorRandom / 2147483647 - 0.5);
  });
const index = EmbeddedSearchIndex.create();
await timed('build (upsert every profile)', async () => {
  for (let from = 0; from < SIZE; from += BATCH) {
    const batch = [];
    for (let n = from; n < Math.min(SIZE, from + BATCH); n++) {
      const doc = generator.profile(n, { withVector: false });
      if (DIMS > 0) doc.vector = vector();
      batch.push(doc);
    }
    await index.upsert(batch);
  }
});

const dir = mkdtempSync(join(tmpdir(), 'skillers-bench-snapshot-'));
const file = join(dir, 'search-index.snapshot');
try {
  globalThis.gc?.();
  const before = process.memoryUsage().rss;
  let source;
  let takeMs = 0;
  // How long the save keeps the event loop (a server's requests) waiting at a time.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  const { result: saved, peak } = await peakRss(() =>
    timed('write the file from the live index', async () => {
      loopDelay.enable();
      // One timer round first, so the histogram also records the synchronous taking of the sections.
      await new Promise((resolve) => setTimeout(resolve, 20));
      const started = performance.now();
      source = index.snapshotSource();
      takeMs = performance.now() - started;
      try {
        return await writeSnapshotFile(file, source, { bench: 1 });
      } finally {
        loopDelay.disable();
      }
    }),
  );
  console.log(
    `  taking the sections (synchronous) ${takeMs.toFixed(0)} ms; longest event loop delay while saving ` +
      `${(loopDelay.max / 1e6).toFixed(0)} ms`,
  );
  const bytes = {};
  for (const { name, bytes: size } of source.sections) {
    const part = name.split('.').slice(0, 2).join('.');
    bytes[part] = (bytes[part] ?? 0) + size;
  }
  source = undefined;
  if (!saved.written) throw new Error(`save discarded: ${saved.discarded}`);
  console.log(
    `peak RSS while saving ${mib(peak)} (RSS before it ${mib(before)}: the save added ${mib(peak - before)})`,
  );
  const read = await timed('read the file (checksum included)', () =>
    readSnapshotFile(file, () => undefined),
  );
  if (!('snapshot' in read)) throw new Error(`snapshot turned down: ${read.rejected}`);
  const restored = await timed('restore the index from its sections', () =>
    EmbeddedSearchIndex.restore(read.snapshot),
  );
  console.log(
    `file ${mib(statSync(file).size)}: ` +
      Object.entries(bytes)
        .filter(([, size]) => size > 1024 * 1024)
        .map(([part, size]) => `${part} ${mib(size)}`)
        .join(', '),
  );

  const checker = syntheticProfiles(7);
  const same = async (run) => isDeepStrictEqual(await run(restored), await run(index));
  let identical = true;
  for (let check = 0; check < CHECKS; check++) {
    const query = checker.makeQuery(check % 4, check % 2 ? 'all_match' : 'min_1_match');
    identical &&= await same((target) => target.search({ ...query, facets: true }));
    // Free text: two words of a profile's text, then the start of one, scored by the restored text index.
    const words = checker.profile(check, { withVector: false }).text.split(' ').slice(2);
    const text = `${words[check % words.length]} ${words[(check + 1) % words.length].slice(0, 3)}`;
    identical &&= await same((target) => target.search({ ...query, text }));
    identical &&= await same((target) => target.search({ ...query, tags: {}, text, pageSize: 200 }));
    if (DIMS > 0) {
      const queryVector = vector();
      identical &&= await same((target) => target.knn('teammate', queryVector, 20));
      identical &&= await same((target) => target.search({ ...query, queryVector }));
    }
    const id = hexId(Math.floor(checker.random() * SIZE));
    identical &&= await same((target) => target.get(id));
  }
  console.log(identical ? 'answers identical' : 'answers DIFFERENT');
  if (!identical) process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
