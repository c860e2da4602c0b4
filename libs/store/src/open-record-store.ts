import { ConfigError } from '@skillers/domain';
import { join } from 'node:path';
import { COLLECTIONS } from './collections';
import { MongoRecordStore } from './mongodb/mongodb.record-store';
import type { RecordStore } from './record-store.port';
import { SqliteRecordStore } from './sqlite/sqlite.record-store';

/** MongoDB needs only its URL (the index worker has no data directory); SQLite needs the data directory. */
export type RecordStoreSettings =
  { mongoUrl: string; dataDir?: string } | { dataDir: string; mongoUrl?: string };

export const SQLITE_FILE_NAME = 'skillers.sqlite';

/** MongoDB when a URL is configured, otherwise the embedded SQLite file under the data directory. */
export const openRecordStore = async (settings: RecordStoreSettings): Promise<RecordStore> => {
  if (settings.mongoUrl) {
    const store = await MongoRecordStore.connect(settings.mongoUrl);
    await store.ensureIndexes(Object.values(COLLECTIONS));
    return store;
  }
  if (!settings.dataDir) throw new ConfigError('Set MONGO_URL, or DATA_DIR for the embedded SQLite store');
  return new SqliteRecordStore(join(settings.dataDir, SQLITE_FILE_NAME));
};
