export {
  type DemoAccount,
  DemoDataGenerator,
  type DemoDataOptions,
  type DemoOwner,
} from './seed/demo-data.generator';
export {
  DEMO_ACTIVITY_COUNTS,
  type DemoActivity,
  type DemoActivityOptions,
  generateDemoActivity,
  seedDemoActivity,
} from './seed/demo-activity';
export { DEMO_PASSWORD, hashDemoPassword } from './seed/demo-password';
export {
  type SeedCounts,
  seedDatabase,
  type SeedKind,
  type SeedOptions,
  SeedRequestError,
} from './seed/seed-database';
export type * from './admin-client/admin-api.types';
export { ADMIN_TOKEN_FILE } from './admin-client/admin-token';
export { FAILED_JOBS_SHOWN, readAdminStats } from './admin-client/admin-stats.reader';
