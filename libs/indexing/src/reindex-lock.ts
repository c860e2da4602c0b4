import { RedisLock, type SharedLock } from '@skillers/queue';
import type { RecordStore } from '@skillers/store';
import { StoreLock } from './store-lock';

/** The lock every reindexing process takes: the api nodes, the index worker and the admin command line. */
export const REINDEX_LOCK_NAME = 'reindex';

/**
 * The reindex lock shared by every process of a deployment: in Redis when it has one (`REDIS_URL`, which a
 * cluster always sets), in the store otherwise.
 */
export const openReindexLock = (redisUrl: string | undefined, store: RecordStore): SharedLock =>
  redisUrl ? new RedisLock(redisUrl) : new StoreLock(store);
