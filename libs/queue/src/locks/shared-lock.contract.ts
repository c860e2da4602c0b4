import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { Lease, SharedLock } from './shared-lock.port';

export interface LockTimings {
  ttlMs: number;
  renewMs: number;
}

/** Behaviour every SharedLock must show; each adapter's spec runs it against a real server or store. */
export const describeSharedLockContract = (
  name: string,
  open: (timings: LockTimings) => Promise<SharedLock>,
) => {
  describe(`SharedLock contract: ${name}`, () => {
    const opened: SharedLock[] = [];
    const leases: Lease[] = [];
    let locks = 0;
    const lockName = () => `contract-${Date.now().toString(36)}-${++locks}`;
    const two = async (timings: LockTimings) => {
      const pair = [await open(timings), await open(timings)];
      opened.push(...pair);
      return pair;
    };
    const kept = (lease: Lease | undefined) => {
      if (lease) leases.push(lease);
      return lease;
    };
    afterEach(async () => {
      for (const lease of leases.splice(0)) await lease.release();
      for (const lock of opened.splice(0)) await lock.close();
    });

    it('lets one holder at a time have it, and another once it is released', async () => {
      const [a, b] = await two({ ttlMs: 10_000, renewMs: 1_000 });
      const name = lockName();
      const first = kept(await a.tryAcquire(name));
      expect(first?.held).toBe(true);
      expect(await b.tryAcquire(name)).toBeUndefined();
      expect(await a.tryAcquire(name)).toBeUndefined();
      await first!.release();
      expect(first!.held).toBe(false);
      expect(kept(await b.tryAcquire(name))?.held).toBe(true);
    });

    it('keeps a renewed lock past its time-to-live', async () => {
      const [a, b] = await two({ ttlMs: 400, renewMs: 100 });
      const name = lockName();
      const lease = kept(await a.tryAcquire(name));
      await sleep(1_000);
      expect(lease?.held).toBe(true);
      expect(await b.tryAcquire(name)).toBeUndefined();
    });

    it('frees the lock of a holder that stopped renewing, and that holder cannot release the new one', async () => {
      const [a, b] = await two({ ttlMs: 200, renewMs: 60_000 });
      const name = lockName();
      const dead = kept(await a.tryAcquire(name));
      await sleep(400);
      expect(dead?.held).toBe(false);
      const next = kept(await b.tryAcquire(name));
      expect(next?.held).toBe(true);
      await dead!.release();
      expect(await a.tryAcquire(name)).toBeUndefined();
    });
  });
};
