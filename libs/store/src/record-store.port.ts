/** Values a filter can compare against: the store only ever sees validated, plain values. */
export type Scalar = string | number | boolean | null;

/**
 * Equality on a field, membership in a list (`$in`), an array field that holds a value (`$contains`), or a
 * value below a bound (`$lt`, for keyset paging along a sorted index) or above one (`$gt`). Field names may
 * use dots to reach nested fields.
 */
export type FieldCondition =
  | Scalar
  | { $in: readonly Scalar[] }
  | { $contains: Scalar }
  | { $lt: string | number }
  | { $gt: string | number };
export type Filter = Readonly<Record<string, FieldCondition>>;

export interface SortKey {
  field: string;
  direction: 'asc' | 'desc';
}

export interface FindOptions {
  sort?: readonly SortKey[];
  skip?: number;
  limit?: number;
}

export interface IndexSpec {
  fields: readonly string[];
  unique?: boolean;
}

/** A named collection and the indexes every adapter must create for it. */
export interface CollectionSpec {
  name: string;
  indexes: readonly IndexSpec[];
  /**
   * The field `insertCapped` counts documents by (an owner's id): at most so many documents per value.
   * MongoDB keeps one counter document per value, which its deletes keep current (bulk loading with
   * `insertMany` or `putMany` leaves the counters alone: it fills an empty store).
   */
  cappedBy?: string;
}

export interface StoredDocument {
  _id: string;
}

/** A write that broke a unique index; `fields` names the index's fields. */
export class DuplicateKeyError extends Error {
  constructor(
    readonly collection: string,
    readonly fields: readonly string[],
  ) {
    super(`Duplicate value for ${collection}.${fields.join('+')}`);
    this.name = 'DuplicateKeyError';
  }
}

/** The spec's `cappedBy`, which a capped insert cannot do without. */
export const cappedField = (collection: string, cappedBy: string | undefined): string => {
  if (!cappedBy) throw new Error(`Collection ${collection} has no cappedBy field to count by`);
  return cappedBy;
};

/** A document to insert into a collection together with another write. */
export interface CompanionDocument {
  collection: CollectionSpec;
  doc: StoredDocument;
}

/**
 * `with`: documents inserted together with a write (an index outbox entry, a deletion record), so the write
 * is never acknowledged without them. SQLite writes them in the write's transaction: all or nothing.
 * MongoDB, where a transaction over several documents needs a replica set, inserts them first, durably,
 * then makes the write: they are there whenever the write is, and may outlive a write that then fails or
 * finds nothing, so whoever reads them must treat them as "look at this record again".
 */
export interface WriteOptions {
  with?: readonly CompanionDocument[];
  /** Counters raised together with the write (see CounterRaise). */
  raise?: readonly CounterRaise[];
}

/**
 * Raises by one a number field of the one document `match` finds in `collection`, together with a write:
 * SQLite in the write's transaction; MongoDB just after the write, so a count is never raised for a write
 * that failed. A document without the field (not counted yet) is left alone, and none is made: counters
 * start from a `recount`. `unlessReached`: not raised where that field holds the value or a later one.
 */
export interface CounterRaise {
  collection: CollectionSpec;
  match: Readonly<Record<string, string>>;
  field: string;
  unlessReached?: { field: string; value: string };
}

/** What `recount` counts: documents of `collection` matching the filter `where` builds from the counter. */
export interface CountOf<T> {
  collection: CollectionSpec;
  where: (counter: Partial<T>) => Filter;
}

export interface Collection<T extends StoredDocument> {
  /** Stores a new document; resolves once it is durable. Throws DuplicateKeyError on a unique clash. */
  insert(doc: T, options?: WriteOptions): Promise<T>;
  /**
   * Stores a new document unless the collection already holds `max` documents with its `cappedBy` value;
   * resolves to false, storing nothing, when it does. Atomic: inserts racing each other never pass the cap
   * together (SQLite counts and inserts in one immediate transaction; MongoDB first raises the value's
   * counter document with a conditional `$inc`, which at most `max` writers can do).
   */
  insertCapped(doc: T, max: number, options?: WriteOptions): Promise<boolean>;
  /**
   * Stores many new documents in order, in one write where the database allows it (bulk loading); resolves
   * to how many were stored. Throws DuplicateKeyError on a unique clash: SQLite then keeps none of them,
   * MongoDB (ordered, no transaction) keeps those before the clash.
   */
  insertMany(docs: readonly T[]): Promise<number>;
  /**
   * Stores each document whole under its `_id`, replacing the one there if any, in one write (one
   * transaction in SQLite; one unordered bulk write of upserting replacements in MongoDB, so a failure may
   * leave some stored). Resolves to how many were given. For derived rows a batch rewrites together.
   */
  putMany(docs: readonly T[]): Promise<number>;
  findById(id: string): Promise<T | null>;
  findOne(filter: Filter): Promise<T | null>;
  find(filter: Filter, options?: FindOptions): Promise<T[]>;
  count(filter: Filter): Promise<number>;
  /** Sets the given fields and removes the `unset` ones; resolves to the updated document, or null. */
  update(
    id: string,
    set: Partial<Omit<T, '_id'>>,
    unset?: readonly (keyof T & string)[],
    options?: WriteOptions,
  ): Promise<T | null>;
  /** Adds a value to an array field unless present; resolves to the updated document, or null. */
  addToSet(id: string, field: keyof T & string, value: Scalar): Promise<T | null>;
  /** Removes every occurrence of a value from an array field; resolves to the updated document, or null. */
  pull(id: string, field: keyof T & string, value: Scalar): Promise<T | null>;
  delete(id: string, options?: WriteOptions): Promise<boolean>;
  deleteMany(filter: Filter): Promise<number>;
  /**
   * Sets `field` of the one document `match` finds (made from `match` when there is none) to a count of
   * other documents read together with the write. `advance`: first moves that field forward to the value,
   * and changes nothing, resolving to false, when it is there or past already. SQLite reads and writes in
   * one immediate transaction; MongoDB writes only if the document is as it was read (retrying otherwise),
   * so a raise made meanwhile is never lost, though one whose write the count saw may be counted twice
   * until the next recount.
   */
  recount(
    match: Readonly<Record<string, string>>,
    field: keyof T & string,
    countOf: CountOf<T>,
    advance?: { field: keyof T & string; to: string },
  ): Promise<boolean>;
}

export interface RecordStore {
  /** Adapter name, reported by the health check. */
  readonly adapter: 'sqlite' | 'mongodb';
  collection<T extends StoredDocument>(spec: CollectionSpec): Collection<T>;
  /**
   * Builds the specs' indexes and resolves once they are built, so unique constraints hold before the
   * first write and sorted lists have their index from the first query.
   */
  ensureIndexes(specs: readonly CollectionSpec[]): Promise<void>;
  /**
   * A value that changes with every write to the named collections, in the same transaction as the write,
   * and differs between two stores (or two histories of one) that happen to hold as many writes: a derived
   * copy labelled with it is current exactly when the label still matches. Absent where the database
   * cannot keep one (MongoDB): such copies are then never trusted.
   */
  changeStamp?(collections: readonly string[]): Promise<string>;
  /**
   * The SQLite file behind the store, which another thread of this process may open on the same records.
   * Absent for MongoDB and for a store held in memory.
   */
  readonly sqliteFile?: string;
  /** True when the store answers a trivial query. */
  isReady(): Promise<boolean>;
  close(): Promise<void>;
}
