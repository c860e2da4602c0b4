import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';

/** Rows no embedding asked for in this many days are dropped when the cache opens. */
export const VECTOR_CACHE_KEEP_DAYS = 30;

const MS_PER_DAY = 86_400_000;
const today = (): number => Math.floor(Date.now() / MS_PER_DAY);
const textKey = (text: string): Buffer => createHash('sha256').update(text).digest();

/**
 * A rowid table keeps each 1.5 KB vector inside its b-tree page, five to an 8 KiB page (about 1.7 KB a row).
 * The first layout, a WITHOUT ROWID table, keeps rows in its key's b-tree, whose cells hold about 1 KB before
 * spilling: every vector took an overflow page of its own (4.7 KB a row, 4 542 MiB for a million).
 */
const PAGE_SIZE = 8192;
const TABLE = 'sentence_vectors';
const FIRST_LAYOUT_TABLE = 'vectors';

const createSchema = (db: Database.Database): void => {
  // Only takes effect on a new file, before its first table.
  db.pragma(`page_size = ${PAGE_SIZE}`);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(`CREATE TABLE IF NOT EXISTS ${TABLE} (
    model TEXT NOT NULL, text_key BLOB NOT NULL, vector BLOB NOT NULL, used_day INTEGER NOT NULL,
    UNIQUE (model, text_key))`);
  // Pruning at open reads only the old rows: without it, a million cached vectors (gigabytes) were read
  // through at every start.
  db.exec(`CREATE INDEX IF NOT EXISTS ${TABLE}_by_day ON ${TABLE} (used_day)`);
};

const removeFile = (path: string): void => {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
};

const hasTable = (path: string, table: string): boolean => {
  const db = new Database(path, { readonly: true });
  try {
    return (
      db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) !== undefined
    );
  } finally {
    db.close();
  }
};

/**
 * Copies a file of the first layout into a new file of the current one, then puts it in the old one's place:
 * its vectors are kept (computing them again takes hours at a million), and a crash before the rename leaves
 * the old file as it was, for the next start to copy again.
 */
const upgradeFirstLayout = (path: string): void => {
  if (!existsSync(path) || !hasTable(path, FIRST_LAYOUT_TABLE)) return;
  const next = `${path}.next`;
  removeFile(next);
  const db = new Database(next);
  try {
    createSchema(db);
    db.prepare('ATTACH DATABASE ? AS first_layout').run(path);
    db.exec(`INSERT OR IGNORE INTO ${TABLE} (model, text_key, vector, used_day)
      SELECT model, text_key, vector, used_day FROM first_layout.${FIRST_LAYOUT_TABLE}`);
    db.exec('DETACH DATABASE first_layout');
  } finally {
    db.close();
  }
  // Both connections are closed, so the old file's log holds nothing: it must not meet the new file.
  for (const suffix of ['-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
  renameSync(next, path);
};

export interface VectorCacheOptions {
  keepDays?: number;
  /** Days since 1970-01-01; tests move it to check pruning. */
  clock?: () => number;
}

/**
 * Sentence vectors kept in a SQLite file, by model and text, so that rebuilding the embedded index at start
 * does not embed every record again. The vectors are derived data: commits do not wait for the disk (WAL with
 * synchronous NORMAL never corrupts the file, but may lose the last ones), a vector lost is computed again,
 * and a file that cannot be read is started afresh.
 */
export class SqliteVectorCache {
  private readonly select: Database.Statement<[string, Buffer], { vector: Buffer; used_day: number }>;
  private readonly insert: Database.Statement<[string, Buffer, Buffer, number]>;
  private readonly touch: Database.Statement<[number, string, Buffer]>;
  private readonly clock: () => number;

  private constructor(
    private readonly db: Database.Database,
    options: VectorCacheOptions,
  ) {
    this.clock = options.clock ?? today;
    createSchema(db);
    this.select = db.prepare(`SELECT vector, used_day FROM ${TABLE} WHERE model = ? AND text_key = ?`);
    this.insert = db.prepare(
      `INSERT OR REPLACE INTO ${TABLE} (model, text_key, vector, used_day) VALUES (?, ?, ?, ?)`,
    );
    this.touch = db.prepare(`UPDATE ${TABLE} SET used_day = ? WHERE model = ? AND text_key = ?`);
    db.prepare(`DELETE FROM ${TABLE} WHERE used_day < ?`).run(
      this.clock() - (options.keepDays ?? VECTOR_CACHE_KEEP_DAYS),
    );
  }

  static open(path: string, options: VectorCacheOptions = {}): SqliteVectorCache {
    mkdirSync(dirname(path), { recursive: true });
    try {
      upgradeFirstLayout(path);
      return SqliteVectorCache.openAt(path, options);
    } catch {
      // Not a database, or a damaged one: its vectors can all be computed again.
      removeFile(path);
      removeFile(`${path}.next`);
      return SqliteVectorCache.openAt(path, options);
    }
  }

  private static openAt(path: string, options: VectorCacheOptions): SqliteVectorCache {
    const db = new Database(path);
    try {
      return new SqliteVectorCache(db, options);
    } catch (error) {
      db.close();
      throw error;
    }
  }

  /** The vector of each text, or undefined where none is kept; the hits count as used today. */
  get(model: string, texts: readonly string[]): (number[] | undefined)[] {
    const day = this.clock();
    const stale: Buffer[] = [];
    const vectors = texts.map((text) => {
      const key = textKey(text);
      const row = this.select.get(model, key);
      if (!row) return undefined;
      if (row.used_day < day) stale.push(key);
      const floats = new Float32Array(row.vector.buffer, row.vector.byteOffset, row.vector.byteLength / 4);
      return Array.from(floats);
    });
    if (stale.length > 0) {
      this.db.transaction(() => stale.forEach((key) => this.touch.run(day, model, key)))();
    }
    return vectors;
  }

  /** Keeps the vectors; the model computes 32-bit floats, so nothing is lost in the file. */
  put(model: string, texts: readonly string[], vectors: readonly (readonly number[])[]): void {
    const day = this.clock();
    this.db.transaction(() => {
      texts.forEach((text, index) => {
        const floats = Float32Array.from(vectors[index]);
        this.insert.run(model, textKey(text), Buffer.from(floats.buffer), day);
      });
    })();
  }

  size(model?: string): number {
    const row = (
      model === undefined
        ? this.db.prepare(`SELECT count(*) AS n FROM ${TABLE}`).get()
        : this.db.prepare(`SELECT count(*) AS n FROM ${TABLE} WHERE model = ?`).get(model)
    ) as { n: number };
    return row.n;
  }

  close(): void {
    this.db.close();
  }
}
