// The embedder's vector cache file (`DATA_DIR/models/vector-cache.sqlite`) against the first layout it had, in
// one process on the same vectors. Build first (`npm run build:server`), then `node bench/vector-cache.mjs
// [vectors] [--dims D] [--quick]` (default 100000 vectors of 384 numbers; --quick: 5000). For each layout it
// writes the vectors in batches of 1000 as the caching embedder does (one transaction per batch), checkpoints,
// and reads every one back by its text; prints the file's bytes per vector and the write and read rates. Both
// layouts must give back the vectors written, or the run exits with 1. Then it times the upgrade of the
// first-layout file, as the cache does when it opens one, and checks the upgraded file's vectors.
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const require = createRequire(import.meta.url);
const { SqliteVectorCache } = require('@skillers/embedding');

const QUICK = process.argv.includes('--quick');
const SIZE = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? (QUICK ? 5000 : 100_000));
const dimsAt = process.argv.indexOf('--dims');
const DIMS = dimsAt > 0 ? Number(process.argv[dimsAt + 1]) : 384;
const BATCH = 1000;
const MODEL = 'Xenova/all-MiniLM-L6-v2';
const DAY = Math.floor(Date.now() / 86_400_000);

const textOf = (index) => `profile ${index}: a description long enough to stand for a record's text`;
const vectorOf = (index) => Array.from({ length: DIMS }, (_, d) => Math.fround(Math.sin(index * 7.1 + d)));
const sameVector = (a, b) =>
  a !== undefined && a.length === b.length && a.every((value, d) => value === b[d]);

/** The first layout, as it was written and read (a WITHOUT ROWID table keyed by model and text hash). */
const firstLayout = (path) => {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(`CREATE TABLE IF NOT EXISTS vectors (
    model TEXT NOT NULL, text_key BLOB NOT NULL, vector BLOB NOT NULL, used_day INTEGER NOT NULL,
    PRIMARY KEY (model, text_key)) WITHOUT ROWID`);
  db.exec('CREATE INDEX IF NOT EXISTS vectors_by_day ON vectors (used_day)');
  const insert = db.prepare('INSERT OR REPLACE INTO vectors VALUES (?, ?, ?, ?)');
  const select = db.prepare('SELECT vector FROM vectors WHERE model = ? AND text_key = ?');
  const key = (text) => createHash('sha256').update(text).digest();
  return {
    put: (texts, vectors) =>
      db.transaction(() =>
        texts.forEach((text, i) =>
          insert.run(MODEL, key(text), Buffer.from(Float32Array.from(vectors[i]).buffer), DAY),
        ),
      )(),
    get: (texts) =>
      texts.map((text) => {
        const row = select.get(MODEL, key(text));
        return (
          row &&
          Array.from(new Float32Array(row.vector.buffer, row.vector.byteOffset, row.vector.byteLength / 4))
        );
      }),
    close: () => {
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.close();
    },
  };
};

const currentLayout = (path) => {
  const cache = SqliteVectorCache.open(path);
  return {
    put: (texts, vectors) => cache.put(MODEL, texts, vectors),
    get: (texts) => cache.get(MODEL, texts),
    close: () => cache.close(),
  };
};

const batches = function* () {
  for (let start = 0; start < SIZE; start += BATCH) {
    const indexes = Array.from({ length: Math.min(BATCH, SIZE - start) }, (_, i) => start + i);
    yield { texts: indexes.map(textOf), vectors: indexes.map(vectorOf), indexes };
  }
};

const measure = (name, open, path) => {
  const store = open(path);
  let writeMs = 0;
  for (const { texts, vectors } of batches()) {
    const started = performance.now();
    store.put(texts, vectors);
    writeMs += performance.now() - started;
  }
  store.close();
  const bytes = statSync(path).size;
  const reader = open(path);
  let readMs = 0;
  let wrong = 0;
  for (const { texts, vectors } of batches()) {
    const started = performance.now();
    const read = reader.get(texts);
    readMs += performance.now() - started;
    wrong += read.filter((vector, i) => !sameVector(vector, vectors[i])).length;
  }
  reader.close();
  return { name, bytes, writeMs, readMs, wrong };
};

const folder = mkdtempSync(join(tmpdir(), 'bench-vector-cache-'));
try {
  console.log(
    `Node ${process.version}, ${SIZE} vectors of ${DIMS} numbers, load average ${loadavg()[0].toFixed(1)}`,
  );
  const rows = [
    measure('first layout (WITHOUT ROWID)', firstLayout, join(folder, 'first.sqlite')),
    measure('current (rowid, 8 KiB pages)', currentLayout, join(folder, 'current.sqlite')),
  ];
  console.log(
    '\n| layout | file MiB | bytes per vector | write vectors/s | read vectors/s | wrong answers |',
  );
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    console.log(
      `| ${row.name} | ${(row.bytes / 1048576).toFixed(1)} | ${(row.bytes / SIZE).toFixed(0)} | ` +
        `${Math.round(SIZE / (row.writeMs / 1000))} | ${Math.round(SIZE / (row.readMs / 1000))} | ${row.wrong} |`,
    );
  }

  // Opening the first layout's file upgrades it in place.
  const firstPath = join(folder, 'first.sqlite');
  const started = performance.now();
  const upgraded = SqliteVectorCache.open(firstPath);
  const upgradeMs = performance.now() - started;
  const sample = [0, SIZE >> 1, SIZE - 1];
  const kept = upgraded.get(MODEL, sample.map(textOf));
  const upgradedCount = upgraded.size(MODEL);
  upgraded.close();
  const wrongAfterUpgrade = sample.filter((index, i) => !sameVector(kept[i], vectorOf(index))).length;
  console.log(
    `\nUpgrade of the first layout's file on open: ${(upgradeMs / 1000).toFixed(2)} s, ` +
      `${(statSync(firstPath).size / 1048576).toFixed(1)} MiB after, ${upgradedCount} vectors kept, ` +
      `${wrongAfterUpgrade} of ${sample.length} sampled wrong`,
  );
  if (rows.some((row) => row.wrong > 0) || wrongAfterUpgrade > 0 || upgradedCount !== SIZE) {
    console.error('A layout gave back other vectors than it was given.');
    process.exitCode = 1;
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
