import type { EmailVerificationRecord, PasswordResetRecord } from '@skillers/domain';
import { COLLECTIONS, newId, openRecordStore, type RecordStore } from '@skillers/store';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ExpiredTokenSweep, TOKEN_SWEEP_INTERVAL_MS } from './expired-token-sweep.service';

const MINUTE_MS = 60_000;
const NOW = Date.parse('2031-05-04T12:00:00.000Z');

describe('the sweep of expired mailed links, over a real store on a fixed clock', () => {
  let dataDir: string;
  let store: RecordStore;
  let sweep: ExpiredTokenSweep;

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'skillers-token-sweep-'));
    store = await openRecordStore({ dataDir });
    await store.ensureIndexes(Object.values(COLLECTIONS));
    sweep = new ExpiredTokenSweep(store);
  });
  afterEach(async () => {
    vi.useRealTimers();
    await sweep.onApplicationShutdown();
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const resets = () => store.collection<PasswordResetRecord>(COLLECTIONS.passwordResets);
  const verifications = () => store.collection<EmailVerificationRecord>(COLLECTIONS.emailVerifications);
  const at = (minutesFromNow: number) => new Date(NOW + minutesFromNow * MINUTE_MS).toISOString();

  /** A reset, as stored for a known account or, under a random user id, for an unknown address. */
  const reset = async (expiresInMinutes: number) => {
    const row = { _id: newId(), userId: newId(), expiresAt: at(expiresInMinutes), createdAt: at(-1) };
    await resets().insert(row);
    return row._id;
  };
  const verification = async (expiresInMinutes: number) => {
    const row = {
      _id: newId(),
      userId: newId(),
      email: 'ada@example.com',
      expiresAt: at(expiresInMinutes),
      createdAt: at(-1),
    };
    await verifications().insert(row);
    return row._id;
  };
  const ids = async () => ({
    resets: (await resets().find({})).map(({ _id }) => _id).sort(),
    verifications: (await verifications().find({})).map(({ _id }) => _id).sort(),
  });

  it('removes the resets and confirmation links past their expiry, and keeps the live ones', async () => {
    await reset(-30);
    await reset(-1);
    const liveReset = await reset(1);
    await verification(-48 * 60);
    const liveVerification = await verification(47 * 60);

    expect(await sweep.sweep(new Date(NOW))).toBe(3);
    expect(await ids()).toEqual({ resets: [liveReset], verifications: [liveVerification] });
    expect(await sweep.sweep(new Date(NOW))).toBe(0);
  });

  it('sweeps at start, then every hour', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], now: NOW });
    await reset(-5);
    const expiresSoon = await reset(30);
    const verificationExpiresSoon = await verification(45);
    const lasting = await verification(90);

    await sweep.onApplicationBootstrap();
    expect(await ids()).toEqual({
      resets: [expiresSoon],
      verifications: [verificationExpiresSoon, lasting].sort(),
    });

    await vi.advanceTimersByTimeAsync(TOKEN_SWEEP_INTERVAL_MS);
    // The interval's sweep runs on its own: wait for the rows to go, without a timed assertion.
    await vi.waitFor(async () => expect(await ids()).toEqual({ resets: [], verifications: [lasting] }));
  });
});
