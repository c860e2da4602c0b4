/** A lock that one holder at a time may have, among every process that shares its server. */
export interface Lease {
  /** False once the lock was lost: it expired without renewal and may have another holder now. */
  readonly held: boolean;
  /** Gives the lock up, unless it already has another holder. */
  release(): Promise<void>;
}

export interface SharedLock {
  /** Takes the lock `name` when nobody holds it, and keeps renewing it; undefined when it is held. */
  tryAcquire(name: string): Promise<Lease | undefined>;
  close(): Promise<void>;
}

/** How long a lock outlives a holder that stopped renewing it (a crash), and how often it is renewed. */
export const LOCK_TTL_MS = 30_000;
export const LOCK_RENEW_MS = 10_000;
