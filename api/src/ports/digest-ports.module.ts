import { Global, Logger, Module } from '@nestjs/common';
import { BullMqRepeatingTask, type RepeatingTask, TimerRepeatingTask } from '@skillers/queue';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../core/tokens';
import { DIGEST_TASK, DIGEST_TASK_EVERY_MS, DIGEST_TASK_NAME } from '../notification-mail/digest-task';
import {
  WEEKLY_MATCHES_TASK,
  WEEKLY_MATCHES_TASK_EVERY_MS,
  WEEKLY_MATCHES_TASK_NAME,
} from '../weekly-matches/weekly-matches-task';

/** A BullMQ job scheduler on Redis where `REDIS_URL` is set (one api node runs each period), else a timer. */
const repeatingTask = (config: AppConfig, name: string, everyMs: number, label: string): RepeatingTask => {
  const logger = new Logger(label);
  const onError = (error: Error) => logger.error(`The ${name} task failed: ${error.message}`);
  return config.redisUrl
    ? new BullMqRepeatingTask({ redisUrl: config.redisUrl, name, everyMs, onError })
    : new TimerRepeatingTask(everyMs, onError);
};

/**
 * The schedules of the daily digest and the weekly matches: a BullMQ job scheduler on Redis where
 * `REDIS_URL` is set (one api node runs each period), otherwise a timer in this process.
 */
@Global()
@Module({
  providers: [
    {
      provide: DIGEST_TASK,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        repeatingTask(config, DIGEST_TASK_NAME, DIGEST_TASK_EVERY_MS, 'Digest'),
    },
    {
      provide: WEEKLY_MATCHES_TASK,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        repeatingTask(config, WEEKLY_MATCHES_TASK_NAME, WEEKLY_MATCHES_TASK_EVERY_MS, 'WeeklyMatches'),
    },
  ],
  exports: [DIGEST_TASK, WEEKLY_MATCHES_TASK],
})
export class DigestPortsModule {}
