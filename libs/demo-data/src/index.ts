export {
  type DemoAccount,
  DemoDataGenerator,
  type DemoDataOptions,
  type DemoOwner,
} from './demo-data.generator';
export {
  DEMO_ACTIVITY_COUNTS,
  type DemoActivity,
  type DemoActivityOptions,
  generateDemoActivity,
  seedDemoActivity,
} from './demo-activity';
export { DEMO_PASSWORD, hashDemoPassword } from './demo-password';
export {
  type SeedCounts,
  seedDatabase,
  type SeedKind,
  type SeedOptions,
  SeedRequestError,
  checkSeedRequest,
} from './seed-database';
export { DEMO_SAVED_SEARCHES, type DemoSavedSearches, seedDemoSavedSearches } from './demo-saved-searches';
export { generateDemoAnswerHistory, seedDemoAnswerHistory } from './demo-answer-history';
