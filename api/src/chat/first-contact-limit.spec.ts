import { type ConversationRecord, conversationPairKey, TRUST_MESSAGES } from '@skillers/domain';
import { COLLECTIONS, newId, openRecordStore, type RecordStore } from '@skillers/store';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
    limit = new FirstContactLimit(new ChatRepository(store), loadConfig({ FIRST_CONTACTS_PER_DAY: '2' }));
  });
  afterEach(async () => {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

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
});
