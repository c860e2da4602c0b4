import type * as Mongoose from 'mongoose';
import type { Collection as DriverCollection, Connection, Model } from 'mongoose';
import {
  cappedField,
  type Collection,
  type CollectionSpec,
  type CompanionDocument,
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

/**
 * mongoose, loaded when first used: the embedded store never uses it, and loading it took a tenth of a
 * second of every start.
 */
const mongoosePackage = (): typeof Mongoose =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
  require('mongoose') as typeof Mongoose;

/** Translates the port's filter to a MongoDB query; the operators are the port's, never the caller's input. */
export const toQuery = (filter: Filter): Record<string, unknown> => {
  const query: Record<string, unknown> = {};
  for (const [field, condition] of Object.entries(filter)) {
    if (condition !== null && typeof condition === 'object') {
      if ('$in' in condition) query[field] = { $in: [...condition.$in] };
      else if ('$lt' in condition) query[field] = { $lt: condition.$lt };
      else if ('$gt' in condition) query[field] = { $gt: condition.$gt };
      else query[field] = { $eq: condition.$contains };
    } else {
      query[field] = { $eq: condition };
    }
  }
  return query;
};

const toSort = (options: FindOptions = {}): Record<string, 1 | -1> =>
  Object.fromEntries(
    (options.sort ?? []).map(({ field, direction }) => [field, direction === 'desc' ? -1 : 1]),
  );

interface DuplicateKeyFailure {
  code: number;
  message: string;
  keyPattern?: Record<string, unknown>;
}

const isDuplicateKey = (error: unknown): error is DuplicateKeyFailure =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000;

/** Per capped collection and value, how many documents it holds: `{ _id: "<collection>:<value>", n }`. */
export const COUNTERS_COLLECTION = 'store_counters';

interface CounterDocument {
  _id: string;
  n: number;
}

/** A recount retried this often, each time because a raise or another recount came between, gives up. */
const RECOUNT_ATTEMPTS = 20;

/** Matches a field holding exactly the value read, or absent as it was. */
const asRead = (value: unknown): Record<string, unknown> =>
  value === undefined ? { $exists: false } : { $eq: value };

/** MongoDB's default name for an ascending index, which is how a clash names the index it broke. */
const defaultIndexName = (fields: readonly string[]): string => fields.map((field) => `${field}_1`).join('_');

/**
 * Records in MongoDB through mongoose. Each collection gets a schema whose indexes come from its spec;
 * documents keep the string ids the product generates, so both stores hold the same ids.
 */
export class MongoRecordStore implements RecordStore {
  readonly adapter = 'mongodb' as const;
  private readonly collections = new Map<string, MongoCollection<StoredDocument>>();

  private constructor(private readonly connection: Connection) {}

  static async connect(url: string): Promise<MongoRecordStore> {
    const connection = await mongoosePackage()
      .createConnection(url, { serverSelectionTimeoutMS: 5000 })
      .asPromise();
    return new MongoRecordStore(connection);
  }

  /** A store over a connection that may still be opening (health checks must say it is not ready yet). */
  static over(connection: Connection): MongoRecordStore {
    return new MongoRecordStore(connection);
  }

  collection<T extends StoredDocument>(spec: CollectionSpec): Collection<T> {
    let collection = this.collections.get(spec.name);
    if (!collection) {
      collection = new MongoCollection(
        this.modelFor(spec),
        spec,
        (companion) => this.collection(companion.collection).insert(companion.doc),
        this.connection.collection<CounterDocument>(COUNTERS_COLLECTION),
        (other) => this.modelFor(other).collection as unknown as DriverCollection<StoredDocument>,
      );
      this.collections.set(spec.name, collection);
    }
    return collection as unknown as Collection<T>;
  }

  /** Creates the specs' indexes now and waits for the builds, so unique constraints hold before the first write. */
  async ensureIndexes(specs: readonly CollectionSpec[]): Promise<void> {
    for (const spec of specs) {
      const model = this.modelFor(spec);
      // The automatic build started when the model was compiled; waiting for it first keeps the two from racing.
      await model.init();
      await model.createIndexes();
    }
  }

  /** False until the connection is open (`db` is unset before) and while it is lost, without waiting on it. */
  async isReady(): Promise<boolean> {
    const db = this.connection.db;
    if (!db || this.connection.readyState !== mongoosePackage().ConnectionStates.connected) return false;
    try {
      await db.admin().ping();
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    await this.connection.close();
  }

  private modelFor(spec: CollectionSpec): Model<StoredDocument> {
    const existing = this.connection.models[spec.name] as Model<StoredDocument> | undefined;
    if (existing) return existing;
    const schema = new (mongoosePackage().Schema)<StoredDocument>(
      { _id: { type: String, required: true } },
      { strict: false, versionKey: false, collection: spec.name, autoIndex: true },
    );
    for (const index of spec.indexes) {
      schema.index(Object.fromEntries(index.fields.map((field) => [field, 1])), {
        unique: Boolean(index.unique),
      });
    }
    return this.connection.model<StoredDocument>(spec.name, schema);
  }
}

/** Exported for its unit tests; the store hands collections out through `collection()`. */
export class MongoCollection<T extends StoredDocument> implements Collection<T> {
  private readonly name: string;
  private readonly cappedBy?: string;
  private readonly indexFields = new Map<string, readonly string[]>([['_id_', ['_id']]]);

  constructor(
    private readonly model: Model<StoredDocument>,
    spec: CollectionSpec,
    private readonly insertCompanion: (companion: CompanionDocument) => Promise<unknown>,
    private readonly counters?: DriverCollection<CounterDocument>,
    private readonly driverCollectionOf?: (spec: CollectionSpec) => DriverCollection<StoredDocument>,
  ) {
    this.name = spec.name;
    this.cappedBy = spec.cappedBy;
    for (const index of spec.indexes) this.indexFields.set(defaultIndexName(index.fields), index.fields);
  }

  async insert(doc: T, options?: WriteOptions): Promise<T> {
    await this.insertCompanions(options);
    try {
      await this.model.collection.insertOne(structuredClone(doc) as never, {
        writeConcern: { w: 'majority', j: true },
      });
    } catch (error) {
      throw this.translate(error);
    }
    await this.raiseCounters(options);
    return structuredClone(doc);
  }

  /**
   * Takes a place on the value's counter document first: the conditional `$inc` passes only while the
   * counter is below `max`, and MongoDB applies updates to one document one at a time, so at most `max`
   * writers ever pass. The insert follows; should it fail, the place is given back.
   */
  async insertCapped(doc: T, max: number, options?: WriteOptions): Promise<boolean> {
    const counters = this.countersOrThrow();
    const field = cappedField(this.name, this.cappedBy);
    const value = (doc as unknown as Record<string, Scalar>)[field];
    const key = this.counterKey(value);
    await this.startCounter(key, field, value);
    const place = await counters.findOneAndUpdate(
      { _id: key, n: { $lt: max } },
      { $inc: { n: 1 } },
      { returnDocument: 'after', writeConcern: { w: 'majority', j: true } },
    );
    if (!place) return false;
    try {
      await this.insert(doc, options);
    } catch (error) {
      await counters.updateOne({ _id: key }, { $inc: { n: -1 } });
      throw error;
    }
    return true;
  }

  /** Ordered: the documents go in one after the other and the first clash stops the rest. */
  async insertMany(docs: readonly T[]): Promise<number> {
    if (docs.length === 0) return 0;
    try {
      const result = await this.model.collection.insertMany(
        docs.map((doc) => structuredClone(doc)) as never,
        {
          ordered: true,
          writeConcern: { w: 'majority', j: true },
        },
      );
      return result.insertedCount;
    } catch (error) {
      throw this.translate(error);
    }
  }

  async putMany(docs: readonly T[]): Promise<number> {
    if (docs.length === 0) return 0;
    try {
      await this.model.collection.bulkWrite(
        docs.map((doc) => ({
          replaceOne: { filter: { _id: doc._id }, replacement: structuredClone(doc), upsert: true },
        })) as never,
        { ordered: false, writeConcern: { w: 'majority', j: true } },
      );
      return docs.length;
    } catch (error) {
      throw this.translate(error);
    }
  }

  async findById(id: string): Promise<T | null> {
    return this.findOne({ _id: id });
  }

  async findOne(filter: Filter): Promise<T | null> {
    return (await this.model.collection.findOne(toQuery(filter) as never)) as T | null;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    let cursor = this.model.collection.find(toQuery(filter) as never).sort(toSort(options));
    if (options.skip) cursor = cursor.skip(options.skip);
    if (options.limit !== undefined) cursor = cursor.limit(options.limit);
    return (await cursor.toArray()) as unknown as T[];
  }

  async count(filter: Filter): Promise<number> {
    return this.model.collection.countDocuments(toQuery(filter) as never);
  }

  async update(
    id: string,
    set: Partial<Omit<T, '_id'>>,
    unset: readonly (keyof T & string)[] = [],
    options?: WriteOptions,
  ): Promise<T | null> {
    await this.insertCompanions(options);
    const change: Record<string, unknown> = {};
    if (Object.keys(set).length) change.$set = set;
    if (unset.length) change.$unset = Object.fromEntries(unset.map((key) => [key, '']));
    if (!Object.keys(change).length) return this.findById(id);
    const updated = await this.findAndModify(id, change);
    await this.raiseCounters(options);
    return updated;
  }

  async addToSet(id: string, field: keyof T & string, value: Scalar): Promise<T | null> {
    return this.findAndModify(id, { $addToSet: { [field]: value } });
  }

  async pull(id: string, field: keyof T & string, value: Scalar): Promise<T | null> {
    return this.findAndModify(id, { $pull: { [field]: value } });
  }

  async delete(id: string, options?: WriteOptions): Promise<boolean> {
    await this.insertCompanions(options);
    const deleted = this.cappedBy
      ? await this.deleteCounted(id)
      : (await this.model.collection.deleteOne({ _id: { $eq: id } } as never, { writeConcern: { j: true } }))
          .deletedCount > 0;
    await this.raiseCounters(options);
    return deleted;
  }

  /** On a capped collection the values' counters are dropped, to be counted afresh by the next capped insert. */
  async deleteMany(filter: Filter): Promise<number> {
    if (this.cappedBy) {
      const values = await this.model.collection.distinct(this.cappedBy, toQuery(filter) as never);
      await this.countersOrThrow().deleteMany({
        _id: { $in: values.map((value: Scalar) => this.counterKey(value)) },
      });
    }
    const result = await this.model.collection.deleteMany(toQuery(filter) as never, {
      writeConcern: { j: true },
    });
    return result.deletedCount;
  }

  /**
   * Reads the counter, counts, then writes only if the counter still holds what was read (a raise or another
   * recount between makes it read and count again): no transaction, which a standalone server lacks.
   */
  async recount(
    match: Readonly<Record<string, string>>,
    field: keyof T & string,
    countOf: CountOf<T>,
    advance?: { field: keyof T & string; to: string },
  ): Promise<boolean> {
    const counted = this.driverCollectionOrThrow(countOf.collection);
    for (let attempt = 0; attempt < RECOUNT_ATTEMPTS; attempt += 1) {
      const found = (await this.model.collection.findOne(toQuery(match) as never)) as Record<
        string,
        unknown
      > | null;
      const next: Record<string, unknown> = { ...(found ?? { _id: newId(), ...match }) };
      if (advance) {
        const current = next[advance.field] as string | undefined;
        if (current !== undefined && current >= advance.to) return false;
        next[advance.field] = advance.to;
      }
      next[field] = await counted.countDocuments(toQuery(countOf.where(next as Partial<T>)) as never);
      if (await this.writeRecount(found, next, field, advance?.field)) return true;
    }
    throw new Error(`Could not recount ${this.name}.${field}: it kept changing`);
  }

  /** Inserts a new counter or sets the read one's fields if it is unchanged; false when someone came between. */
  private async writeRecount(
    found: Record<string, unknown> | null,
    next: Record<string, unknown>,
    field: string,
    advanced: string | undefined,
  ): Promise<boolean> {
    const writeConcern = { w: 'majority', j: true } as const;
    if (!found) {
      try {
        await this.model.collection.insertOne(next as never, { writeConcern });
        return true;
      } catch (error) {
        if (isDuplicateKey(error)) return false;
        throw this.translate(error);
      }
    }
    const fields = advanced ? [field, advanced] : [field];
    const result = await this.model.collection.updateOne(
      {
        _id: { $eq: found._id },
        ...Object.fromEntries(fields.map((name) => [name, asRead(found[name])])),
      } as never,
      { $set: Object.fromEntries(fields.map((name) => [name, next[name]])) },
      { writeConcern },
    );
    return result.matchedCount > 0;
  }

  /**
   * After the write, so a count never includes a write that failed; a crash between the two leaves the
   * counter one short until its next recount.
   */
  private async raiseCounters(options: WriteOptions | undefined): Promise<void> {
    for (const { collection, match, field, unlessReached } of options?.raise ?? []) {
      const reached = unlessReached && {
        $or: [
          { [unlessReached.field]: { $exists: false } },
          { [unlessReached.field]: { $lt: unlessReached.value } },
        ],
      };
      await this.driverCollectionOrThrow(collection).updateOne(
        { ...toQuery(match), [field]: { $exists: true }, ...reached } as never,
        { $inc: { [field]: 1 } },
        { writeConcern: { w: 'majority', j: true } },
      );
    }
  }

  private driverCollectionOrThrow(spec: CollectionSpec): DriverCollection<StoredDocument> {
    if (!this.driverCollectionOf) throw new Error(`Collection ${this.name} cannot reach ${spec.name}`);
    return this.driverCollectionOf(spec);
  }

  /** Deletes the document and gives its place on its value's counter back. */
  private async deleteCounted(id: string): Promise<boolean> {
    const deleted = await this.model.collection.findOneAndDelete({ _id: { $eq: id } } as never, {
      writeConcern: { j: true },
    });
    if (!deleted) return false;
    const value = (deleted as unknown as Record<string, Scalar>)[this.cappedBy!];
    await this.countersOrThrow().updateOne({ _id: this.counterKey(value) }, { $inc: { n: -1 } });
    return true;
  }

  /**
   * A value's counter, made once from the documents then stored (`$setOnInsert`: of two makers racing, the
   * first wins and the other changes nothing).
   */
  private async startCounter(key: string, field: string, value: Scalar): Promise<void> {
    const counters = this.countersOrThrow();
    if (await counters.findOne({ _id: key })) return;
    const n = await this.model.collection.countDocuments({ [field]: { $eq: value } } as never);
    try {
      await counters.updateOne(
        { _id: key },
        { $setOnInsert: { n } },
        { upsert: true, writeConcern: { w: 'majority', j: true } },
      );
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
  }

  private counterKey(value: Scalar): string {
    return `${this.name}:${String(value)}`;
  }

  private countersOrThrow(): DriverCollection<CounterDocument> {
    if (!this.counters) throw new Error(`Collection ${this.name} has no counters to cap its inserts with`);
    return this.counters;
  }

  /**
   * Before the write, each journaled on a majority: a standalone server (the compose file's) has no
   * transactions, and a companion that outlives a failed write is harmless where one missing is not.
   */
  private async insertCompanions(options: WriteOptions | undefined): Promise<void> {
    for (const companion of options?.with ?? []) await this.insertCompanion(companion);
  }

  private async findAndModify(id: string, change: Record<string, unknown>): Promise<T | null> {
    try {
      return (await this.model.collection.findOneAndUpdate({ _id: { $eq: id } } as never, change, {
        returnDocument: 'after',
        writeConcern: { j: true },
      })) as T | null;
    } catch (error) {
      throw this.translate(error);
    }
  }

  private translate(error: unknown): unknown {
    if (!isDuplicateKey(error)) return error;
    return new DuplicateKeyError(this.name, this.clashFields(error));
  }

  /** Single writes report the index's key pattern; bulk writes only name the index in their message. */
  private clashFields(error: DuplicateKeyFailure): readonly string[] {
    if (error.keyPattern) return Object.keys(error.keyPattern);
    const indexName = /index: (\S+) dup key/.exec(error.message)?.[1];
    return (indexName && this.indexFields.get(indexName)) || ['_id'];
  }
}
