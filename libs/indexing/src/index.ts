export {
  INDEX_RECORD_JOB,
  indexRecordHandler,
  indexRecordJobId,
  type IndexRecordPayload,
} from './index-record.job';
export { carryOverEmbedder, type DocumentEmbedder, embeddingText, withVectors } from './document-vectors';
export { type IndexChange, indexChange, type OutboxEntry, type RecordDeletion } from './index-outbox';
export { FAILED_JOBS_SHOWN, readAdminStats } from './admin-stats.reader';
export {
  type IndexBacklogReading,
  type OutboxReading,
  readIndexBacklog,
  readOutbox,
} from './index-backlog.reader';
export { type IndexedRecord, recordsOf } from './indexed-records';
export { OutboxRelay, type OutboxRelayOptions } from './outbox-relay';
export { openReindexLock, REINDEX_LOCK_NAME } from './reindex-lock';
export { StoreLock, type StoreLockOptions } from './store-lock';
export {
  INDEX_SNAPSHOT_SCHEMA,
  indexedChangeStamp,
  type SnapshotLabelling,
  loadIndexSnapshot,
  type LoadSnapshotOptions,
  type LoadSnapshotResult,
  saveIndexSnapshot,
} from './index-snapshot';
export { type IndexWorkerStart, startIndexWorker } from './index-worker-start';
export { QuietRetry } from './quiet-retry';
export { rebuildIndex, type RebuildOptions, type RebuildProgress } from './rebuild-index';
export { projectSearchDocument, searchDocumentFor, profileSearchDocument } from './search-document.mapper';
export {
  type AlertNotifier,
  type SavedSearchAlert,
  SavedSearchAlerts,
  savedSearchAlerts,
  type SavedSearchAlertsOptions,
} from './alerts/saved-search-alerts';
export { BlockedPairs, countUnreadNotifications } from './audience/blocked-pairs';
export { ALERT_STATE_TTL_MS } from './alerts/alert-states';
export {
  alertNotification,
  type NotificationPush,
  pushStoredNotifications,
  storeAlertNotifications,
  storedAndPushedAlerts,
} from './alerts/stored-alert-notifier';
export { serveAlertsThread } from './alerts/alerts-thread';
export {
  type PendingNotificationMail,
  scheduleNotificationMails,
  UNREAD_MESSAGE_WAIT_MS,
} from './alerts/notification-mail-schedule';
export {
  type QuarantinedSavedSearch,
  readStoredSavedSearches,
  type StoredSavedSearches,
} from './alerts/stored-saved-searches';
export { ThreadedSavedSearchAlerts } from './alerts/threaded-alerts';
export { openRedisNotificationPush, type RedisNotificationPush } from './alerts/redis-alert-notifier';
export {
  BatchingAlerts,
  type BatchingAlertsOptions,
  UNAWAITED_ALERT_BATCHING,
} from './alerts/batching-alerts';
export {
  ALERT_WATERMARK_MARGIN_MS,
  documentsChangedSince,
  readAlertWatermark,
  writeAlertWatermark,
} from './alerts/alert-watermark';
export {
  backfillVectors,
  type VectorBackfillIndex,
  type VectorBackfillOptions,
  type VectorBackfillProgress,
  type VectorBackfillResult,
} from './vector-backfill';
