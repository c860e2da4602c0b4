import type { Provider } from '@nestjs/common';
import { openReindexLock } from '@skillers/indexing';
import type { SharedLock } from '@skillers/queue';
import type { RecordStore } from '@skillers/store';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG, RECORD_STORE } from '../core/tokens';

export const LAPSE_SWEEP_LOCK = Symbol('LAPSE_SWEEP_LOCK');

/** The lock mechanism the reindex uses (Redis when set, the store otherwise), taken under its own name. */
export const lapseSweepLockProvider: Provider = {
  provide: LAPSE_SWEEP_LOCK,
  inject: [APP_CONFIG, RECORD_STORE],
  useFactory: (config: AppConfig, store: RecordStore): SharedLock => openReindexLock(config.redisUrl, store),
};
