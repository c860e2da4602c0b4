import { ConfigError } from '@skillers/domain';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MongoRecordStore } from './mongodb/mongodb.record-store';
import { openRecordStore, type RecordStoreSettings, SQLITE_FILE_NAME } from './open-record-store';
import { SqliteRecordStore } from './sqlite/sqlite.record-store';

const mongoUrl = process.env.MONGO_URL;

describe('openRecordStore', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('opens the SQLite file under the data directory when no MongoDB URL is set', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'skillers-open-store-'));
    dirs.push(dataDir);
    const store = await openRecordStore({ dataDir });
    try {
      expect(store).toBeInstanceOf(SqliteRecordStore);
      expect(existsSync(join(dataDir, SQLITE_FILE_NAME))).toBe(true);
      expect(await store.isReady()).toBe(true);
    } finally {
      await store.close();
    }
  });

  it('refuses settings with neither a MongoDB URL nor a data directory, naming both variables', async () => {
    const settings = { mongoUrl: '' } as RecordStoreSettings;
    const opening = openRecordStore(settings);
    await expect(opening).rejects.toBeInstanceOf(ConfigError);
    await expect(opening).rejects.toThrow('Set MONGO_URL, or DATA_DIR for the embedded SQLite store');
  });

  // The index worker has no data directory: the URL alone opens MongoDB, with its indexes ensured.
  it.skipIf(!mongoUrl)('opens MongoDB from its URL alone (needs MONGO_URL)', async () => {
    const store = await openRecordStore({ mongoUrl: mongoUrl as string });
    try {
      expect(store).toBeInstanceOf(MongoRecordStore);
      expect(await store.isReady()).toBe(true);
    } finally {
      await store.close();
    }
  });
});
