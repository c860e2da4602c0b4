import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { ProjectRecord, ProfileRecord, UserRecord } from '@skillers/domain';
import { COLLECTIONS, type RecordStore } from '@skillers/store';
import { AuthService } from '../auth/auth.service';
import { PasswordHasher } from '../auth/password-hasher';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG, RECORD_STORE } from '../core/tokens';
import { UsersRepository } from '../auth/users.repository';
import { DEMO_ACCOUNT } from './demo-account';

/** Enough to browse, filter and page through, and quick to write at start. */
export const DEMO_DATA_COUNTS = { users: 300, projects: 300, teammates: 300 } as const;
/** Fixed, so every fresh start shows the same kind of demo data. */
const DEMO_DATA_SEED = 20_260_101;
/** How many projects the demo account owns, so its own screens have something to show. */
export const DEMO_ACCOUNT_PROJECTS = 2;
/** The people who post, comment and talk with the demo account are drawn from this many accounts. */
const ACTIVE_PEOPLE = 60;

/**
 * Fills an empty database with the demo account and generated demo data at start, unless SEED=false. It
 * runs at module initialisation, before any bootstrap work that reads the records (the search index is
 * built from the store then), so the demo data is part of it.
 */
@Injectable()
export class SeedService implements OnModuleInit {
  private readonly logger = new Logger(SeedService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(RECORD_STORE) private readonly store: RecordStore,
    private readonly users: UsersRepository,
    private readonly auth: AuthService,
    private readonly hasher: PasswordHasher,
  ) {}

  async onModuleInit(): Promise<void> {
    if (!this.config.seed || (await this.users.count()) > 0) return;
    const startedAt = Date.now();
    // Loaded here only: the generator and faker stay out of the server's static imports.
    const {
      DEMO_PASSWORD,
      DemoDataGenerator,
      seedDatabase,
      seedDemoActivity,
      seedDemoAnswerHistory,
      seedDemoSavedSearches,
    } = await import('@skillers/demo-data');
    // Confirmed like the generated accounts: nothing is mailed to the demo address.
    await this.auth.signup({ ...DEMO_ACCOUNT, password: DEMO_PASSWORD }, { confirmed: true });
    const demo = await this.users.findByEmail(DEMO_ACCOUNT.email);
    if (!demo) throw new Error(`The demo account ${DEMO_ACCOUNT.email} was not stored`);
    // Every generated account gets its own argon2 hash, with its own salt, of the demo password.
    await seedDatabase(this.store, {
      ...DEMO_DATA_COUNTS,
      seed: DEMO_DATA_SEED,
      hashPassword: () => this.hasher.hash(DEMO_PASSWORD),
    });
    const generator = await DemoDataGenerator.create({ seed: DEMO_DATA_SEED + 1 });
    const owner = { user: demo };
    await this.store.collection<ProfileRecord>(COLLECTIONS.teammates).insert(generator.profile(owner));
    await this.store
      .collection<ProjectRecord>(COLLECTIONS.projects)
      .insertMany(Array.from({ length: DEMO_ACCOUNT_PROJECTS }, () => generator.project(owner)));
    // Sorted by username, which the seed fixes, so the same people are active on every fresh start.
    const people = await this.store
      .collection<UserRecord>(COLLECTIONS.users)
      .find({}, { sort: [{ field: 'usernameKey', direction: 'asc' }], limit: ACTIVE_PEOPLE + 1 });
    await seedDemoActivity(this.store, {
      seed: DEMO_DATA_SEED + 2,
      demo,
      people: people.filter((person) => person._id !== demo._id).slice(0, ACTIVE_PEOPLE),
    });
    await seedDemoSavedSearches(this.store, { seed: DEMO_DATA_SEED + 3, demo });
    const everyone = await this.store.collection<UserRecord>(COLLECTIONS.users).find({});
    await seedDemoAnswerHistory(this.store, { seed: DEMO_DATA_SEED + 4, users: everyone });
    this.logger.log(
      `Seeded the demo account ${DEMO_ACCOUNT.email}, ${DEMO_DATA_COUNTS.users} users, ` +
        `${DEMO_DATA_COUNTS.projects} projects, ${DEMO_DATA_COUNTS.teammates} skiller profiles, feed and chat activity, saved searches and answer histories ` +
        `in ${Date.now() - startedAt} ms`,
    );
  }
}
