import type { Lease } from './shared-lock.port';

export interface LeaseBackend {
  /** Extends the lock if this holder still has it; false when another holder has it (or nobody). */
  renew(): Promise<boolean>;
  /** Deletes the lock if this holder still has it. */
  release(): Promise<void>;
}

/**
 * A lease renewed on a timer. It counts as lost when a renewal finds another holder, or when no renewal
 * succeeded for a whole time-to-live (the server was unreachable, so the lock may have expired meanwhile).
 */
export class RenewedLease implements Lease {
  private lost = false;
  private released = false;
  private renewedAt = Date.now();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly backend: LeaseBackend,
    private readonly ttlMs: number,
    renewMs: number,
  ) {
    this.timer = setInterval(() => void this.renew(), renewMs);
    this.timer.unref();
  }

  get held(): boolean {
    if (!this.lost && Date.now() - this.renewedAt >= this.ttlMs) this.lost = true;
    return !this.lost && !this.released;
  }

  async release(): Promise<void> {
    if (this.released) return;
    this.released = true;
    clearInterval(this.timer);
    if (!this.lost) await this.backend.release();
  }

  private async renew(): Promise<void> {
    if (this.lost || this.released) return;
    try {
      if (await this.backend.renew()) this.renewedAt = Date.now();
      else this.lost = true;
    } catch {
      // Unreachable for now: `held` turns false once the time-to-live has passed without a renewal.
    }
    if (this.lost) clearInterval(this.timer);
  }
}
