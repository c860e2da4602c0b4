import { SqliteRecordStore } from '@skillers/store';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { describeSharedLockContract } from '../../queue/src/locks/shared-lock.contract';
import { StoreLock } from './store-lock';

const folder = mkdtempSync(join(tmpdir(), 'skillers-store-lock-'));
// One store per holder, on one file: as two processes sharing the embedded store.
const stores: SqliteRecordStore[] = [];
afterAll(async () => {
  for (const store of stores) await store.close();
  rmSync(folder, { recursive: true, force: true });
});

describeSharedLockContract('store (SQLite)', async (timings) => {
  const store = new SqliteRecordStore(join(folder, 'skillers.sqlite'));
  stores.push(store);
  return new StoreLock(store, timings);
});
