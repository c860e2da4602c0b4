import type { Provider } from '@nestjs/common';
import { openReindexLock } from '@skillers/indexing';
import type { SharedLock } from '@skillers/queue';
import type { RecordStore } from '@skillers/store';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG, RECORD_STORE } from '../core/tokens';

export const REINDEX_LOCK = Symbol('REINDEX_LOCK');

/** The reindex lock every process shares (see `openReindexLock`). */
export const reindexLockProvider: Provider = {
  provide: REINDEX_LOCK,
  inject: [APP_CONFIG, RECORD_STORE],
  useFactory: (config: AppConfig, store: RecordStore): SharedLock => openReindexLock(config.redisUrl, store),
};
