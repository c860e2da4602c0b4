import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  cappedField,
  type Collection,
  type CollectionSpec,
  type CompanionDocument,
  type CounterRaise,
  type CountOf,
  DuplicateKeyError,
  type Filter,
  type FindOptions,
  type RecordStore,
  type Scalar,
  type StoredDocument,
  type WriteOptions,
} from '../record-store.port';
import { newId } from '../object-id';
import { columnFor, fieldExpression, jsonPath, orderAndPage, whereClause } from './sqlite-sql';
import { StatementCache } from './statement-cache';

/** Owner-only (0600), since the file holds emails and password hashes. */
const PRIVATE_FILE_MODE = 0o600;

/**
 * Creates the database file readable and writable by its owner only, before SQLite opens it (SQLite gives
 * its WAL and shared-memory files the database file's mode), and takes group and other access away from
 * a file made before; new folders are owner-only too.
 */
const createPrivately = (filename: string): void => {
  mkdirSync(dirname(filename), { recursive: true, mode: 0o700 });
  closeSync(openSync(filename, 'a', PRIVATE_FILE_MODE));
  chmodSync(filename, PRIVATE_FILE_MODE);
};

const TABLE_PATTERN = /^[a-z][a-z0-9_]*$/;

const indexName = (table: string, fields: readonly string[], unique: boolean | undefined): string =>
  `${unique ? 'ux' : 'ix'}_${table}_${fields.join('_').replace(/\./g, '_')}`;

/**
 * Records as JSON documents in one SQLite file, one table per collection.
 * WAL with synchronous=FULL: a write is on disk before the call that made it resolves.
 */
export class SqliteRecordStore implements RecordStore {
  readonly adapter = 'sqlite' as const;
  private readonly db: Database.Database;
  private readonly collections = new Map<string, SqliteCollection<StoredDocument>>();

  readonly sqliteFile?: string;

  constructor(filename: string) {
    if (filename !== ':memory:') {
      createPrivately(filename);
      this.sqliteFile = filename;
    }
    this.db = new Database(filename);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.pragma('busy_timeout = 5000');
    // Names start with "_", which collection names cannot, so they never clash with a collection's table.
    this.db.exec(`CREATE TABLE IF NOT EXISTS _store_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`);
    this.db.exec(
      `CREATE TABLE IF NOT EXISTS _store_changes (tbl TEXT PRIMARY KEY, counter INTEGER NOT NULL, token BLOB)`,
    );
    this.db
      .prepare(`INSERT OR IGNORE INTO _store_meta (key, value) VALUES ('store_id', ?)`)
      .run(randomUUID());
  }

  /**
   * The store's id, then per collection its write counter and the random token of its last write. The
   * triggers that keep them run inside each write's own transaction, so they are exactly as durable as the
   * write; the token tells apart two histories (say, a backup restored and written to again) whose counters
   * met.
   */
  async changeStamp(collections: readonly string[]): Promise<string> {
    const storeId = (
      this.db.prepare(`SELECT value FROM _store_meta WHERE key = 'store_id'`).get() as { value: string }
    ).value;
    const read = this.db.prepare(`SELECT counter, hex(token) AS token FROM _store_changes WHERE tbl = ?`);
    const parts = collections.map((name) => {
      const row = read.get(name) as { counter: number; token: string | null } | undefined;
      return `${name}:${row?.counter ?? 0}:${row?.token ?? ''}`;
    });
    return [storeId, ...parts].join('|');
  }

  collection<T extends StoredDocument>(spec: CollectionSpec): Collection<T> {
    let collection = this.collections.get(spec.name);
    if (!collection) {
      collection = new SqliteCollection(this.db, spec, {
        insert: ({ collection: other, doc }) => this.sqliteCollection(other).insertNow(doc),
        raise: (raise) => this.sqliteCollection(raise.collection).raiseNow(raise),
        count: (other, filter) => this.sqliteCollection(other).countNow(filter),
      });
      this.collections.set(spec.name, collection);
    }
    return collection as unknown as Collection<T>;
  }

  /** A SQLite collection creates its table and indexes when first opened, synchronously. */
  async ensureIndexes(specs: readonly CollectionSpec[]): Promise<void> {
    for (const spec of specs) this.collection(spec);
  }

  private sqliteCollection(spec: CollectionSpec): SqliteCollection<StoredDocument> {
    return this.collection(spec) as unknown as SqliteCollection<StoredDocument>;
  }

  async isReady(): Promise<boolean> {
    try {
      return this.db.prepare('SELECT 1 AS ok').get() !== undefined;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}

/**
 * What a collection does to the others within its own transaction: synchronous, so that it runs inside the
 * transaction of the write it accompanies.
 */
interface RelatedWrites {
  insert(companion: CompanionDocument): void;
  raise(raise: CounterRaise): void;
  count(collection: CollectionSpec, filter: Filter): number;
}

class SqliteCollection<T extends StoredDocument> implements Collection<T> {
  private readonly table: string;
  private readonly cappedBy?: string;
  private readonly uniqueIndexFields = new Map<string, readonly string[]>();
  private readonly statements: StatementCache;

  constructor(
    private readonly db: Database.Database,
    spec: CollectionSpec,
    private readonly related: RelatedWrites,
  ) {
    this.statements = new StatementCache(db);
    if (!TABLE_PATTERN.test(spec.name)) throw new Error(`Invalid collection name: ${spec.name}`);
    this.table = spec.name;
    this.cappedBy = spec.cappedBy;
    db.exec(`CREATE TABLE IF NOT EXISTS "${this.table}" (id TEXT PRIMARY KEY, doc TEXT NOT NULL)`);
    for (const index of spec.indexes) {
      const name = indexName(this.table, index.fields, index.unique);
      const columns = index.fields.map(columnFor).join(', ');
      db.exec(
        `CREATE ${index.unique ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS "${name}" ON "${this.table}" (${columns})`,
      );
      if (index.unique) this.uniqueIndexFields.set(name, index.fields);
    }
    db.prepare(`INSERT OR IGNORE INTO _store_changes (tbl, counter) VALUES (?, 0)`).run(this.table);
    for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
      db.exec(
        `CREATE TRIGGER IF NOT EXISTS "_changes_${this.table}_${event.toLowerCase()}" AFTER ${event} ` +
          `ON "${this.table}" BEGIN UPDATE _store_changes SET counter = counter + 1, ` +
          `token = randomblob(8) WHERE tbl = '${this.table}'; END`,
      );
    }
  }

  async insert(doc: T, options?: WriteOptions): Promise<T> {
    try {
      this.withCompanions(options, () => this.insertNow(doc));
    } catch (error) {
      throw this.translate(error);
    }
    return structuredClone(doc);
  }

  /** The count and the insert in one immediate transaction: no other writer, on any connection, between. */
  async insertCapped(doc: T, max: number, options?: WriteOptions): Promise<boolean> {
    const field = cappedField(this.table, this.cappedBy);
    const value = (doc as unknown as Record<string, Scalar>)[field];
    const where = whereClause({ [field]: value });
    const count = this.statements.get(`SELECT COUNT(*) AS n FROM "${this.table}" ${where.sql}`);
    const run = this.db.transaction((): boolean => {
      if ((count.get(...where.params) as { n: number }).n >= max) return false;
      this.insertNow(doc);
      this.writeRelated(options);
      return true;
    });
    try {
      return run.immediate();
    } catch (error) {
      throw this.translate(error);
    }
  }

  insertNow(doc: StoredDocument): void {
    this.statements
      .get(`INSERT INTO "${this.table}" (id, doc) VALUES (?, ?)`)
      .run(doc._id, JSON.stringify(doc));
  }

  /** One transaction: one commit, so one sync to disk for the whole batch, and all or nothing. */
  async insertMany(docs: readonly T[]): Promise<number> {
    const statement = this.statements.get(`INSERT INTO "${this.table}" (id, doc) VALUES (?, ?)`);
    const insertAll = this.db.transaction(() => {
      for (const doc of docs) statement.run(doc._id, JSON.stringify(doc));
    });
    try {
      insertAll();
    } catch (error) {
      throw this.translate(error);
    }
    return docs.length;
  }

  async putMany(docs: readonly T[]): Promise<number> {
    const statement = this.statements.get(
      `INSERT INTO "${this.table}" (id, doc) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET doc = excluded.doc`,
    );
    const putAll = this.db.transaction(() => {
      for (const doc of docs) statement.run(doc._id, JSON.stringify(doc));
    });
    try {
      putAll();
    } catch (error) {
      throw this.translate(error);
    }
    return docs.length;
  }

  async findById(id: string): Promise<T | null> {
    return this.readById(id);
  }

  async findOne(filter: Filter): Promise<T | null> {
    const [first] = await this.find(filter, { limit: 1 });
    return first ?? null;
  }

  async find(filter: Filter, options?: FindOptions): Promise<T[]> {
    return this.findNow(filter, options);
  }

  private findNow(filter: Filter, options?: FindOptions): T[] {
    const where = whereClause(filter);
    const tail = orderAndPage(options);
    const rows = this.statements
      .get(`SELECT doc FROM "${this.table}" ${where.sql} ${tail.sql}`)
      .all(...where.params, ...tail.params) as { doc: string }[];
    return rows.map((row) => JSON.parse(row.doc) as T);
  }

  async count(filter: Filter): Promise<number> {
    return this.countNow(filter);
  }

  countNow(filter: Filter): number {
    const where = whereClause(filter);
    const row = this.statements
      .get(`SELECT COUNT(*) AS n FROM "${this.table}" ${where.sql}`)
      .get(...where.params) as {
      n: number;
    };
    return row.n;
  }

  /** Raises the counter where it is counted already and its `unlessReached` field is absent or below. */
  raiseNow({ match, field, unlessReached }: CounterRaise): void {
    const where = whereClause(match);
    const counter = fieldExpression(field);
    let sql = `UPDATE "${this.table}" SET doc = json_set(doc, '${jsonPath(field)}', ${counter} + 1) ${
      where.sql || 'WHERE 1'
    } AND ${counter} IS NOT NULL`;
    const params = [...where.params];
    if (unlessReached) {
      const reached = fieldExpression(unlessReached.field);
      sql += ` AND (${reached} IS NULL OR ${reached} < ?)`;
      params.push(unlessReached.value);
    }
    this.statements.get(sql).run(...params);
  }

  /** The read, the count and the write in one immediate transaction: no raise from any connection between. */
  async recount(
    match: Readonly<Record<string, string>>,
    field: keyof T & string,
    countOf: CountOf<T>,
    advance?: { field: keyof T & string; to: string },
  ): Promise<boolean> {
    const run = this.db.transaction((): boolean => {
      const [found] = this.findNow(match, { limit: 1 });
      const doc = (found ?? { _id: newId(), ...match }) as Record<string, unknown>;
      if (advance) {
        const current = doc[advance.field] as string | undefined;
        if (current !== undefined && current >= advance.to) return false;
        doc[advance.field] = advance.to;
      }
      doc[field] = this.related.count(countOf.collection, countOf.where(doc as Partial<T>));
      this.statements
        .get(
          `INSERT INTO "${this.table}" (id, doc) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET doc = excluded.doc`,
        )
        .run(doc._id, JSON.stringify(doc));
      return true;
    });
    try {
      return run.immediate();
    } catch (error) {
      throw this.translate(error);
    }
  }

  async update(
    id: string,
    set: Partial<Omit<T, '_id'>>,
    unset: readonly (keyof T & string)[] = [],
    options?: WriteOptions,
  ): Promise<T | null> {
    return this.modify(
      id,
      (doc) => {
        Object.assign(doc, set);
        for (const key of unset) delete doc[key];
      },
      options,
    );
  }

  async addToSet(id: string, field: keyof T & string, value: Scalar): Promise<T | null> {
    return this.modify(id, (doc) => {
      const list = arrayField(doc, field);
      if (!list.includes(value)) list.push(value);
    });
  }

  async pull(id: string, field: keyof T & string, value: Scalar): Promise<T | null> {
    return this.modify(id, (doc) => {
      const list = arrayField(doc, field);
      (doc as Record<string, unknown>)[field] = list.filter((item) => item !== value);
    });
  }

  async delete(id: string, options?: WriteOptions): Promise<boolean> {
    return this.withCompanions(
      options,
      () => this.statements.get(`DELETE FROM "${this.table}" WHERE id = ?`).run(id).changes > 0,
    );
  }

  async deleteMany(filter: Filter): Promise<number> {
    const where = whereClause(filter);
    return this.statements.get(`DELETE FROM "${this.table}" ${where.sql}`).run(...where.params).changes;
  }

  private readById(id: string): T | null {
    const row = this.statements.get(`SELECT doc FROM "${this.table}" WHERE id = ?`).get(id) as
      { doc: string } | undefined;
    return row ? (JSON.parse(row.doc) as T) : null;
  }

  /** Runs the write, inserts its companions and raises its counters in one transaction: all or nothing. */
  private withCompanions<R>(options: WriteOptions | undefined, write: () => R): R {
    if (!options?.with?.length && !options?.raise?.length) return write();
    return this.db
      .transaction(() => {
        const result = write();
        this.writeRelated(options);
        return result;
      })
      .immediate();
  }

  private writeRelated(options: WriteOptions | undefined): void {
    for (const companion of options?.with ?? []) this.related.insert(companion);
    for (const raise of options?.raise ?? []) this.related.raise(raise);
  }

  /** Read, change and write back in one transaction, so concurrent callers never lose each other's change. */
  private modify(id: string, change: (doc: T) => void, options?: WriteOptions): T | null {
    const run = this.db.transaction((): T | null => {
      const doc = this.readById(id);
      if (!doc) return null;
      change(doc);
      doc._id = id;
      this.statements.get(`UPDATE "${this.table}" SET doc = ? WHERE id = ?`).run(JSON.stringify(doc), id);
      return doc;
    });
    try {
      // IMMEDIATE: the write lock is taken before the read. A deferred transaction that reads first fails at
      // once (SQLITE_BUSY, no busy wait) when another connection, such as the alerts thread's, commits
      // between its read and its write.
      return this.withCompanions(options, () => run.immediate());
    } catch (error) {
      throw this.translate(error);
    }
  }

  private translate(error: unknown): unknown {
    if (!(error instanceof Error) || !('code' in error)) return error;
    if (error.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return new DuplicateKeyError(this.table, ['_id']);
    if (error.code !== 'SQLITE_CONSTRAINT_UNIQUE') return error;
    const indexMatch = /index '([^']+)'/.exec(error.message);
    const fields = indexMatch ? this.uniqueIndexFields.get(indexMatch[1]) : undefined;
    return new DuplicateKeyError(this.table, fields ?? ['_id']);
  }
}

const arrayField = (doc: StoredDocument, field: string): Scalar[] => {
  const record = doc as unknown as Record<string, unknown>;
  if (!Array.isArray(record[field])) record[field] = [];
  return record[field] as Scalar[];
};
