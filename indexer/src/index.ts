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
export {
  INDEX_RECORD_JOB,
  indexRecordHandler,
  indexRecordJobId,
  type IndexRecordPayload,
} from './indexing/index-record.job';
export {
  carryOverEmbedder,
  type DocumentEmbedder,
  embeddingText,
  withVectors,
} from './indexing/document-vectors';
export {
  type IndexChange,
  indexChange,
  type OutboxEntry,
  type RecordDeletion,
} from './indexing/index-outbox';
export { OutboxRelay, type OutboxRelayOptions } from './indexing/outbox-relay';
export { openReindexLock, REINDEX_LOCK_NAME } from './indexing/reindex-lock';
export { StoreLock, type StoreLockOptions } from './indexing/store-lock';
export {
  INDEX_SNAPSHOT_SCHEMA,
  indexedChangeStamp,
  type IndexSnapshotLabels,
  loadIndexSnapshot,
  type LoadSnapshotOptions,
  type LoadSnapshotResult,
  saveIndexSnapshot,
} from './indexing/index-snapshot';
export { rebuildIndex, type RebuildOptions, type RebuildProgress } from './indexing/rebuild-index';
export {
  projectSearchDocument,
  searchDocumentFor,
  teammateSearchDocument,
} from './indexing/search-document.mapper';
export type * from './admin-client/admin-api.types';
export { ADMIN_TOKEN_FILE } from './admin-client/admin-token';
export { FAILED_JOBS_SHOWN, readAdminStats } from './admin-client/admin-stats.reader';
export { type AlertNotifier, type SavedSearchAlert, savedSearchAlerts } from './alerts/saved-search-alerts';
export {
  DEMO_SAVED_SEARCHES,
  type DemoSavedSearches,
  seedDemoSavedSearches,
} from './seed/demo-saved-searches';
export {
  alertNotification,
  type NotificationPush,
  storedAndPushedAlerts,
} from './alerts/stored-alert-notifier';
export { openRedisNotificationPush, type RedisNotificationPush } from './alerts/redis-alert-notifier';
export { BatchingAlerts, type BatchingAlertsOptions } from './alerts/batching-alerts';
