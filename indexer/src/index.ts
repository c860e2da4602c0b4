export {
  type DemoAccount,
  DemoDataGenerator,
  type DemoDataOptions,
  type DemoOwner,
} from './seed/demo-data.generator';
export { DEMO_PASSWORD, hashDemoPassword } from './seed/demo-password';
export {
  type SeedCounts,
  seedDatabase,
  type SeedKind,
  type SeedOptions,
  SeedRequestError,
} from './seed/seed-database';
export {
  INDEX_RECORD_JOB,
  indexRecordHandler,
  indexRecordJobId,
  type IndexRecordPayload,
} from './indexing/index-record.job';
export { rebuildIndex, type RebuildOptions, type RebuildProgress } from './indexing/rebuild-index';
export {
  projectSearchDocument,
  searchDocumentFor,
  teammateSearchDocument,
} from './indexing/search-document.mapper';
