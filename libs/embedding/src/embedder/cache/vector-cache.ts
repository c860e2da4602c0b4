import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';

/** Rows no embedding asked for in this many days are dropped when the cache opens. */
export const VECTOR_CACHE_KEEP_DAYS = 30;

const MS_PER_DAY = 86_400_000;
const today = (): number => Math.floor(Date.now() / MS_PER_DAY);
const textKey = (text: string): Buffer => createHash('sha256').update(text).digest();

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
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.exec(`CREATE TABLE IF NOT EXISTS vectors (
      model TEXT NOT NULL, text_key BLOB NOT NULL, vector BLOB NOT NULL, used_day INTEGER NOT NULL,
      PRIMARY KEY (model, text_key)) WITHOUT ROWID`);
    // Pruning at open reads only the old rows: without it, a million cached vectors (gigabytes) were read
    // through at every start.
    db.exec('CREATE INDEX IF NOT EXISTS vectors_by_day ON vectors (used_day)');
    this.select = db.prepare('SELECT vector, used_day FROM vectors WHERE model = ? AND text_key = ?');
    this.insert = db.prepare('INSERT OR REPLACE INTO vectors VALUES (?, ?, ?, ?)');
    this.touch = db.prepare('UPDATE vectors SET used_day = ? WHERE model = ? AND text_key = ?');
    db.prepare('DELETE FROM vectors WHERE used_day < ?').run(
      this.clock() - (options.keepDays ?? VECTOR_CACHE_KEEP_DAYS),
    );
  }

  static open(path: string, options: VectorCacheOptions = {}): SqliteVectorCache {
    mkdirSync(dirname(path), { recursive: true });
    try {
      return SqliteVectorCache.openAt(path, options);
    } catch {
      // Not a database, or a damaged one: its vectors can all be computed again.
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
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
        ? this.db.prepare('SELECT count(*) AS n FROM vectors').get()
        : this.db.prepare('SELECT count(*) AS n FROM vectors WHERE model = ?').get(model)
    ) as { n: number };
    return row.n;
  }

  close(): void {
    this.db.close();
  }
}
