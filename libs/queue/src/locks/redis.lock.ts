import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { ioredisPackage } from '../redis-packages';
import { RenewedLease } from './renewed-lease';
import { type Lease, LOCK_RENEW_MS, LOCK_TTL_MS, type SharedLock } from './shared-lock.port';

/** Extends the key's expiry only while it still holds this holder's token. */
const RENEW_SCRIPT = `if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('pexpire', KEYS[1], ARGV[2])
end
return 0`;
/** Deletes the key only while it still holds this holder's token. */
const RELEASE_SCRIPT = `if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('del', KEYS[1])
end
return 0`;

export interface RedisLockOptions {
  prefix?: string;
  ttlMs?: number;
  renewMs?: number;
}

/**
 * A lock in Redis: one key per lock, set only if absent (`SET NX PX`) to a random token, so Redis itself
 * expires the lock of a holder that died, and renewals and releases touch it only while it holds the
 * holder's token.
 */
export class RedisLock implements SharedLock {
  private readonly redis: Redis;
  private readonly prefix: string;
  private readonly ttlMs: number;
  private readonly renewMs: number;

  constructor(redisUrl: string, options: RedisLockOptions = {}) {
    this.prefix = options.prefix ?? 'skillers';
    this.ttlMs = options.ttlMs ?? LOCK_TTL_MS;
    this.renewMs = options.renewMs ?? LOCK_RENEW_MS;
    // A lock is taken on demand: fail rather than wait when Redis is not there.
    this.redis = new (ioredisPackage().Redis)(redisUrl, { maxRetriesPerRequest: 1, commandTimeout: 5_000 });
    this.redis.on('error', () => undefined);
  }

  async tryAcquire(name: string): Promise<Lease | undefined> {
    const key = `${this.prefix}:lock:${name}`;
    const token = randomUUID();
    const taken = await this.redis.set(key, token, 'PX', this.ttlMs, 'NX');
    if (taken !== 'OK') return undefined;
    const ttl = String(this.ttlMs);
    return new RenewedLease(
      {
        renew: async () => (await this.redis.eval(RENEW_SCRIPT, 1, key, token, ttl)) === 1,
        release: async () => void (await this.redis.eval(RELEASE_SCRIPT, 1, key, token)),
      },
      this.ttlMs,
      this.renewMs,
    );
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
