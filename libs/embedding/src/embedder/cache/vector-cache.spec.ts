import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SqliteVectorCache } from './vector-cache';

const MODEL = 'test/model-384';
const DIMENSION = 384;

const vectorOf = (seed: number): number[] =>
  Array.from({ length: DIMENSION }, (_, index) => Math.fround(Math.sin(seed * 31 + index)));
const textsOf = (count: number): string[] => Array.from({ length: count }, (_, index) => `text ${index}`);

/** A file as the first layout wrote it: vectors in a WITHOUT ROWID table named `vectors`. */
const writeFirstLayout = (path: string, texts: readonly string[], usedDay: number): void => {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.exec(`CREATE TABLE vectors (
    model TEXT NOT NULL, text_key BLOB NOT NULL, vector BLOB NOT NULL, used_day INTEGER NOT NULL,
    PRIMARY KEY (model, text_key)) WITHOUT ROWID`);
  db.exec('CREATE INDEX vectors_by_day ON vectors (used_day)');
  const insert = db.prepare('INSERT INTO vectors VALUES (?, ?, ?, ?)');
  texts.forEach((text, index) =>
    insert.run(
      MODEL,
      createHash('sha256').update(text).digest(),
      Buffer.from(Float32Array.from(vectorOf(index)).buffer),
      usedDay,
    ),
  );
  db.close();
};

const tablesOf = (path: string): string[] => {
  const db = new Database(path, { readonly: true });
  const names = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .all()
    .map((row) => (row as { name: string }).name);
  db.close();
  return names;
};

describe('SqliteVectorCache file layout', () => {
  let folder: string;
  const day = 20_000;
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'vector-cache-layout-'));
  });

  it('keeps a 384-number vector in under 2 KB of file, not in an overflow page of its own', () => {
    const path = join(folder, 'fresh.sqlite');
    const cache = SqliteVectorCache.open(path, { clock: () => day });
    const texts = textsOf(2_000);
    cache.put(
      MODEL,
      texts,
      texts.map((_, index) => vectorOf(index)),
    );
    cache.close();
    // The vector alone is 1 536 bytes; the first layout took about 4 700 a row.
    expect(statSync(path).size / texts.length).toBeLessThan(2_000);
    const reopened = SqliteVectorCache.open(path, { clock: () => day });
    expect(reopened.get(MODEL, [texts[0], texts[1_999], 'never cached'])).toEqual([
      vectorOf(0),
      vectorOf(1_999),
      undefined,
    ]);
    reopened.close();
  });

  it('upgrades a file of the first layout in place, keeping its vectors and their days', () => {
    const path = join(folder, 'first-layout.sqlite');
    const texts = textsOf(300);
    writeFirstLayout(path, texts, day - 5);
    const before = statSync(path).size;

    const cache = SqliteVectorCache.open(path, { clock: () => day });
    expect(cache.size(MODEL)).toBe(300);
    expect(cache.get(MODEL, [texts[0], texts[299]])).toEqual([vectorOf(0), vectorOf(299)]);
    cache.close();

    expect(tablesOf(path)).toEqual(['sentence_vectors']);
    expect(existsSync(`${path}.next`)).toBe(false);
    expect(statSync(path).size).toBeLessThan(before / 2);
    // The days came along: past the kept days, the copied rows are pruned like any other.
    const later = SqliteVectorCache.open(path, { clock: () => day + 30, keepDays: 30 });
    expect(later.size(MODEL)).toBe(2);
    later.close();
  });

  it('copies the first layout again after a start that stopped before putting the copy in place', () => {
    const path = join(folder, 'interrupted.sqlite');
    const texts = textsOf(50);
    writeFirstLayout(path, texts, day);
    // What an interrupted copy leaves beside the original: a partial file of the new layout.
    const partial = new Database(`${path}.next`);
    partial.exec('CREATE TABLE sentence_vectors (model TEXT, text_key BLOB, vector BLOB, used_day INTEGER)');
    partial.close();

    const cache = SqliteVectorCache.open(path, { clock: () => day });
    expect(cache.size(MODEL)).toBe(50);
    expect(cache.get(MODEL, [texts[49]])).toEqual([vectorOf(49)]);
    cache.close();
    expect(existsSync(`${path}.next`)).toBe(false);
  });
});
