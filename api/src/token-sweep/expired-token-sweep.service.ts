import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { COLLECTIONS, type RecordStore } from '@skillers/store';
import { RECORD_STORE } from '../core/tokens';

/** How often each API process removes the mailed tokens that have expired. */
export const TOKEN_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** The rows of mailed single-use links, each with its `expiresAt`: password resets and confirmations. */
const MAILED_TOKENS = [COLLECTIONS.passwordResets, COLLECTIONS.emailVerifications] as const;

/**
 * Removes password resets (the ones stored for unknown addresses too) and confirmation links past their
 * expiry: at start, then every hour. A timer rather than a sweep on each new link, so that rows go within
 * the hour however quiet the product is. Each process runs it without a lock: the delete is one indexed
 * query, and two processes deleting the same rows is harmless.
 */
@Injectable()
export class ExpiredTokenSweep implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ExpiredTokenSweep.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(@Inject(RECORD_STORE) private readonly store: RecordStore) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.tick();
    this.timer = setInterval(() => void this.tick(), TOKEN_SWEEP_INTERVAL_MS);
    // A timer alone must not keep the process up.
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** Removes the rows that expired before `now`; resolves to how many went. */
  async sweep(now: Date = new Date()): Promise<number> {
    let removed = 0;
    for (const collection of MAILED_TOKENS)
      removed += await this.store
        .collection(collection)
        .deleteMany({ expiresAt: { $lt: now.toISOString() } });
    return removed;
  }

  private async tick(): Promise<void> {
    const sweeping = this.sweep().catch((error: Error) =>
      this.logger.warn(`Expired links were not removed, the next sweep tries again: ${error.message}`),
    );
    this.running = sweeping;
    await sweeping;
  }
}
