import {
  checkSeedRequest,
  DEMO_PASSWORD,
  hashDemoPassword,
  type SeedCounts,
  seedDatabase,
} from '@skillers/demo-data';
import { openRecordStore, SQLITE_FILE_NAME } from '@skillers/store';
import type { Command } from 'commander';
import { randomInt } from 'node:crypto';
import { join } from 'node:path';
import { storeSettingsFromEnv } from '../config/store-settings';
import type { CliContext } from './cli-context';
import { SeedProgress } from './seed-progress';
import { parseWholeNumber } from './whole-number.argument';

export interface SeedCommandOptions {
  projects: number;
  teammates: number;
  users?: number;
  seed?: number;
}

/** Enough owners for one profile each, and projects at about two per owner. */
const defaultUsers = ({
  projects,
  teammates: profiles,
}: Pick<SeedCounts, 'projects' | 'teammates'>): number => Math.max(profiles, Math.ceil(projects / 2));

const perSecond = (records: number, milliseconds: number): string =>
  Math.round((records * 1000) / Math.max(milliseconds, 1)).toLocaleString('en-US');

/** Adds generated demo data to the store the API uses, with a progress bar per kind and a summary line. */
export const seedCommand = async (options: SeedCommandOptions, context: CliContext): Promise<void> => {
  const settings = storeSettingsFromEnv(context.env);
  const counts: SeedCounts = {
    users: options.users ?? defaultUsers(options),
    projects: options.projects,
    teammates: options.teammates,
  };
  checkSeedRequest(counts);
  // A random seed by default, so that repeated runs add new records instead of clashing with earlier ones.
  const seed = options.seed ?? randomInt(2 ** 31);
  const store = await openRecordStore(settings);
  try {
    const passwordHash = await hashDemoPassword();
    const progress = new SeedProgress(context.stdout, counts);
    const startedAt = Date.now();
    try {
      await seedDatabase(store, { ...counts, seed, passwordHash, onProgress: progress.update });
    } finally {
      progress.stop();
    }
    const elapsed = Date.now() - startedAt;
    const total = counts.users + counts.projects + counts.teammates;
    const where = store.adapter === 'sqlite' ? join(settings.dataDir, SQLITE_FILE_NAME) : 'MongoDB';
    context.stdout.write(
      `Seeded ${counts.users} users, ${counts.teammates} skiller profiles and ${counts.projects} projects ` +
        `into ${where} in ${(elapsed / 1000).toFixed(1)} s (${perSecond(total, elapsed)} records/s) ` +
        `with --seed ${seed}; every seeded user signs in with the password ${DEMO_PASSWORD}.\n`,
    );
  } finally {
    await store.close();
  }
};

export const registerSeedCommand = (program: Command, context: CliContext): void => {
  program
    .command('seed')
    .description('Add generated demo users, projects and skiller profiles to the store')
    .option('--projects <count>', 'projects to add', parseWholeNumber, 0)
    .option('--teammates <count>', 'skiller profiles to add, one per generated user', parseWholeNumber, 0)
    .option(
      '--users <count>',
      'users to add (default: enough for the profiles and projects)',
      parseWholeNumber,
    )
    .option('--seed <number>', 'generator seed, to repeat a run exactly (default: random)', parseWholeNumber)
    .action(async (options: SeedCommandOptions) => {
      await seedCommand(options, context);
    });
};
