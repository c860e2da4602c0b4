import type { ProjectRecord, ProfileRecord, UserRecord } from '@skillers/domain';
import { type Collection, COLLECTIONS, type RecordStore, type StoredDocument } from '@skillers/store';
import { DemoDataGenerator, type DemoOwner } from './demo-data.generator';

export interface SeedCounts {
  users: number;
  projects: number;
  teammates: number;
}

export type SeedKind = keyof SeedCounts;

/**
 * How generated accounts get their password hash: `hashPassword`, called once per account, gives each its
 * own salt (the API's demo data); `passwordHash` is one hash shared by every account, for bulk loads of test
 * data, where an argon2 run per account would take minutes per hundred thousand.
 */
export type SeedPasswords = { passwordHash: string } | { hashPassword: () => Promise<string> };

export type SeedOptions = SeedCounts &
  SeedPasswords & {
    /** The same seed over the same database state gives the same records. */
    seed: number;
    /** Dates fall in the months before this moment; defaults to the current time. */
    now?: number;
    batchSize?: number;
    /** Called after each stored batch with how many of that kind are stored so far. */
    onProgress?: (kind: SeedKind, done: number, total: number) => void;
  };

/**
 * Each batch costs one sync to disk, which dominates bulk loading into SQLite: 5 000 records per batch took
 * about half the time of 1 000 per batch in our measurements, and still keeps memory flat at any count.
 */
export const DEFAULT_BATCH_SIZE = 5_000;

/** Why a seeding request cannot be met, worded for the person who asked for it. */
export class SeedRequestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SeedRequestError';
  }
}

/** Refuses counts that cannot be met, before anything is written. */
export const checkSeedRequest = ({ users, projects, teammates: profiles }: SeedCounts): void => {
  if (profiles > users) {
    throw new SeedRequestError(
      `Every skiller profile needs its own user: ${profiles} profiles need at least ${profiles} users`,
    );
  }
  if (projects > 0 && users === 0) throw new SeedRequestError('Projects need owners: add at least one user');
};

/** Stores `total` generated documents, `batchSize` at a time, reporting after each batch. */
const insertInBatches = async <T extends StoredDocument>(
  collection: Collection<T>,
  total: number,
  batchSize: number,
  make: () => T | Promise<T>,
  progress: (done: number) => void,
): Promise<void> => {
  for (let done = 0; done < total;) {
    const batch = await Promise.all(Array.from({ length: Math.min(batchSize, total - done) }, make));
    done += await collection.insertMany(batch);
    progress(done);
  }
};

/**
 * Adds generated users, then skiller profiles (the first users own one each), then projects owned by
 * random generated users. Records are written in batches, one transaction each in SQLite.
 */
export const seedDatabase = async (store: RecordStore, options: SeedOptions): Promise<SeedCounts> => {
  checkSeedRequest(options);
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const report = (kind: SeedKind) => (done: number) => options.onProgress?.(kind, done, options[kind]);
  const users = store.collection<UserRecord>(COLLECTIONS.users);
  const generator = await DemoDataGenerator.create({
    seed: options.seed,
    now: options.now,
    firstUserNumber: (await users.count({})) + 1,
  });

  // Only what later records need is kept per account, so a hundred thousand accounts stay small in memory.
  const owners: DemoOwner[] = [];
  await insertInBatches(
    users,
    options.users,
    batchSize,
    async () => {
      // The account is drawn now, in order, so the same seed gives the same accounts; only its hash waits.
      const hashing = 'hashPassword' in options ? options.hashPassword() : undefined;
      const { user, city } = generator.account('passwordHash' in options ? options.passwordHash : '');
      owners.push({
        user: { _id: user._id, username: user.username, name: user.name, surname: user.surname },
        city,
      });
      return hashing ? { ...user, passwordHash: await hashing } : user;
    },
    report('users'),
  );

  let nextProfileOwner = 0;
  await insertInBatches(
    store.collection<ProfileRecord>(COLLECTIONS.teammates),
    options.teammates,
    batchSize,
    () => generator.profile(owners[nextProfileOwner++]),
    report('teammates'),
  );

  await insertInBatches(
    store.collection<ProjectRecord>(COLLECTIONS.projects),
    options.projects,
    batchSize,
    () => generator.project(generator.pickOwner(owners)),
    report('projects'),
  );

  return { users: options.users, projects: options.projects, teammates: options.teammates };
};
