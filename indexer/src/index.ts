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
