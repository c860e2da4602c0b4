import { Global, Logger, Module } from '@nestjs/common';
import { BullMqRepeatingTask, type RepeatingTask, TimerRepeatingTask } from '@skillers/queue';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../core/tokens';
import { DIGEST_TASK, DIGEST_TASK_EVERY_MS, DIGEST_TASK_NAME } from '../notification-mail/digest-task';

/**
 * The daily digest's schedule: a BullMQ job scheduler on Redis where `REDIS_URL` is set (one api node runs
 * each period), otherwise a timer in this process.
 */
@Global()
@Module({
  providers: [
    {
      provide: DIGEST_TASK,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): RepeatingTask => {
        const logger = new Logger('Digest');
        const onError = (error: Error) => logger.error(`The digest task failed: ${error.message}`);
        return config.redisUrl
          ? new BullMqRepeatingTask({
              redisUrl: config.redisUrl,
              name: DIGEST_TASK_NAME,
              everyMs: DIGEST_TASK_EVERY_MS,
              onError,
            })
          : new TimerRepeatingTask(DIGEST_TASK_EVERY_MS, onError);
      },
    },
  ],
  exports: [DIGEST_TASK],
})
export class DigestPortsModule {}
