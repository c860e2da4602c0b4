import { type Lease, LOCK_RENEW_MS, LOCK_TTL_MS, RenewedLease, type SharedLock } from '@skillers/queue';
import { COLLECTIONS, DuplicateKeyError, type RecordStore } from '@skillers/store';
import { randomUUID } from 'node:crypto';

interface LockDocument {
  _id: string;
  owner: string;
  /** Epoch milliseconds after which another holder may take the lock over. */
  expiresAt: number;
}

export interface StoreLockOptions {
  ttlMs?: number;
  renewMs?: number;
}

/**
 * A lock in the record store, for processes that share a store but no Redis: a document per held lock,
 * whose unique id lets one insert win. An expired lock is taken over by deleting it only if it still names
 * the expired holder (one atomic conditional delete) before inserting anew, so two takers never both win.
 * Expiry compares the holders' clocks, which the time-to-live's margin covers.
 */
export class StoreLock implements SharedLock {
  private readonly ttlMs: number;
  private readonly renewMs: number;

  constructor(
    private readonly store: RecordStore,
    options: StoreLockOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? LOCK_TTL_MS;
    this.renewMs = options.renewMs ?? LOCK_RENEW_MS;
  }

  async tryAcquire(name: string): Promise<Lease | undefined> {
    const owner = randomUUID();
    if (!(await this.insert(name, owner))) {
      const current = await this.locks().findById(name);
      if (current && current.expiresAt > Date.now()) return undefined;
      if (current) await this.locks().deleteMany({ _id: name, owner: current.owner });
      if (!(await this.insert(name, owner))) return undefined;
    }
    return new RenewedLease(
      {
        renew: async () =>
          (await this.locks().update(name, { expiresAt: Date.now() + this.ttlMs }))?.owner === owner,
        release: async () => void (await this.locks().deleteMany({ _id: name, owner })),
      },
      this.ttlMs,
      this.renewMs,
    );
  }

  async close(): Promise<void> {
    // The store belongs to whoever opened it.
  }

  private locks() {
    return this.store.collection<LockDocument>(COLLECTIONS.locks);
  }

  private async insert(name: string, owner: string): Promise<boolean> {
    try {
      await this.locks().insert({ _id: name, owner, expiresAt: Date.now() + this.ttlMs });
      return true;
    } catch (error) {
      if (error instanceof DuplicateKeyError) return false;
      throw error;
    }
  }
}
