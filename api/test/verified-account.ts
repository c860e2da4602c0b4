import type { UserRecord } from '@skillers/domain';
import { COLLECTIONS, type RecordStore } from '@skillers/store';
import { RECORD_STORE } from '../src/core/tokens';
import type { TestApp } from './test-app';

/**
 * Marks an account's address confirmed as opening the mailed link does, for tests about what confirmed
 * accounts may do (the link itself is tested in email-verification.spec.ts).
 */
export const markEmailVerified = async (api: TestApp, userId: string): Promise<void> => {
  await api.app
    .get<RecordStore>(RECORD_STORE)
    .collection<UserRecord>(COLLECTIONS.users)
    .update(userId, {}, ['emailVerified']);
};
