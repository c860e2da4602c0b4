import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { MS_PER_DAY } from '@skillers/domain';
import type { SharedLock } from '@skillers/queue';
import { FreshnessService } from './freshness.service';
import { LAPSE_SWEEP_LOCK } from './lapse-sweep-lock.provider';

/** The shared lock's name: one process of a deployment sweeps at a time. */
export const LAPSE_SWEEP_LOCK_NAME = 'open-lapse-sweep';
/** How often the API looks for lapsed switches. */
export const LAPSE_SWEEP_INTERVAL_MS = MS_PER_DAY;

/**
 * Once a day, tells the owners whose "open to collaborate" lapsed and who did not sign in since (a sign-in
 * tells them too). Every API process runs the timer; the shared lock lets one of them sweep at a time, and
 * each record keeps the lapse it was told of, so an owner is told once per lapse whoever sweeps.
 */
@Injectable()
export class LapseSweepService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(LapseSweepService.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(
    private readonly freshness: FreshnessService,
    @Inject(LAPSE_SWEEP_LOCK) private readonly lock: SharedLock,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.tick(), LAPSE_SWEEP_INTERVAL_MS);
    // A timer alone must not keep the process up.
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
    await this.lock.close();
  }

  /**
   * One sweep at `now`, if no other process is sweeping: resolves to how many owners were told, or
   * undefined when the lock was held elsewhere.
   */
  async sweep(now: Date = new Date()): Promise<number | undefined> {
    const lease = await this.lock.tryAcquire(LAPSE_SWEEP_LOCK_NAME);
    if (!lease) return undefined;
    try {
      return await this.freshness.notifyLapsed(now);
    } finally {
      await lease.release();
    }
  }

  private async tick(): Promise<void> {
    const sweeping = this.sweep().catch((error: Error) =>
      this.logger.warn(`The lapse sweep failed and runs again tomorrow: ${error.message}`),
    );
    this.running = sweeping;
    await sweeping;
  }
}
