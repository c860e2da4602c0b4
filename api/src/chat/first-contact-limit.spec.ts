import {
  type ConversationRecord,
  conversationPairKey,
  EMAIL_VERIFICATION_MESSAGES,
  TRUST_MESSAGES,
  type UserRecord,
} from '@skillers/domain';
import { COLLECTIONS, newId, openRecordStore, type RecordStore } from '@skillers/store';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UsersRepository } from '../auth/users.repository';
import { TooManyRequestsException } from '../common/rate-limits';
import { loadConfig } from '../config/app-config';
import { ChatRepository } from './chat.repository';
import { FirstContactLimit } from './first-contact-limit';

const HOUR_MS = 3_600_000;
const NOW = Date.parse('2031-05-04T12:00:00.000Z');

describe('first-contact limit over a real store', () => {
  let dataDir: string;
  let store: RecordStore;
  let limit: FirstContactLimit;

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'skillers-first-contact-'));
    store = await openRecordStore({ dataDir });
    await store.ensureIndexes(Object.values(COLLECTIONS));
    limit = limitOf(2);
  });
  afterEach(async () => {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const limitOf = (perDay: number) =>
    new FirstContactLimit(
      new ChatRepository(store),
      new UsersRepository(store),
      loadConfig({ FIRST_CONTACTS_PER_DAY: String(perDay) }),
    );

  /** An account as sign-up stores it; `emailVerified` absent is an account from before confirmation. */
  const account = async (emailVerified?: boolean) => {
    const _id = newId();
    await store.collection<UserRecord>(COLLECTIONS.users).insert({
      _id,
      username: `user${_id}`,
      usernameKey: `user${_id}`,
      email: `${_id}@example.com`,
      passwordHash: 'not-a-hash',
      createdAt: new Date(NOW).toISOString(),
      ...(emailVerified !== undefined && { emailVerified }),
    });
    return _id;
  };

  const started = async (userId: string, hoursAgo: number, other = newId()) => {
    await store.collection<ConversationRecord>(COLLECTIONS.conversations).insert({
      _id: newId(),
      participants: [userId, other].sort() as [string, string],
      pairKey: conversationPairKey(userId, other),
      startedBy: userId,
      createdAt: new Date(NOW - hoursAgo * HOUR_MS).toISOString(),
    });
  };

  it('refuses once the allowance is used within 24 hours, until the oldest is a day old', async () => {
    const user = newId();
    await started(user, 20);
    await expect(limit.assertMayStart(user, NOW)).resolves.toBeUndefined();
    await started(user, 1);
    const refusal = await limit.assertMayStart(user, NOW).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(TooManyRequestsException);
    expect((refusal as TooManyRequestsException).message).toBe(TRUST_MESSAGES.tooManyFirstContacts(2));
    // The conversation started 20 hours ago frees its place 4 hours from now.
    expect((refusal as TooManyRequestsException).retryAfterSeconds).toBe(4 * 3600);
    await expect(limit.assertMayStart(user, NOW + 4 * HOUR_MS)).resolves.toBeUndefined();
  });

  it('counts only the conversations the user started, not those others started with them', async () => {
    const user = newId();
    // Two others wrote to the user first, and two of the user's own are more than a day old.
    await started(newId(), 1, user);
    await started(newId(), 2, user);
    await started(user, 30);
    await started(user, 26);
    await started(user, 2);
    await expect(limit.assertMayStart(user, NOW)).resolves.toBeUndefined();
  });

  it('allows an unconfirmed account 3 new conversations a day, with a text that says why', async () => {
    const generous = limitOf(5);
    const user = await account(false);
    for (const hoursAgo of [3, 2, 1]) {
      await expect(generous.assertMayStart(user, NOW)).resolves.toBeUndefined();
      await started(user, hoursAgo);
    }
    const refusal = await generous.assertMayStart(user, NOW).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(TooManyRequestsException);
    expect((refusal as TooManyRequestsException).message).toBe(
      EMAIL_VERIFICATION_MESSAGES.tooManyFirstContacts(3),
    );
    expect((refusal as TooManyRequestsException).retryAfterSeconds).toBe(21 * 3600);
  });

  it('keeps the general allowance for confirmed accounts and those from before confirmation', async () => {
    const generous = limitOf(5);
    for (const user of [await account(true), await account()]) {
      for (const hoursAgo of [5, 4, 3, 2, 1]) {
        await expect(generous.assertMayStart(user, NOW)).resolves.toBeUndefined();
        await started(user, hoursAgo);
      }
      const refusal = await generous.assertMayStart(user, NOW).catch((error: unknown) => error);
      expect((refusal as TooManyRequestsException).message).toBe(TRUST_MESSAGES.tooManyFirstContacts(5));
    }
  });

  it('never raises a general allowance below 3 for unconfirmed accounts', async () => {
    const user = await account(false);
    await started(user, 2);
    await started(user, 1);
    const refusal = await limit.assertMayStart(user, NOW).catch((error: unknown) => error);
    expect((refusal as TooManyRequestsException).message).toBe(
      EMAIL_VERIFICATION_MESSAGES.tooManyFirstContacts(2),
    );
  });
});
