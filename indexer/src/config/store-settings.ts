import { invalidVariable } from '@skillers/domain';
import type { RecordStoreSettings } from '@skillers/store';
import { resolve } from 'node:path';

const MONGO_PROTOCOLS = ['mongodb:', 'mongodb+srv:'];

/**
 * Where the records are, from the same variables the API reads (`DATA_DIR`, `MONGO_URL`), with the same
 * defaults and messages; empty variables count as unset. The API's loader checks every other setting too,
 * which an admin command has no use for.
 */
export const storeSettingsFromEnv = (env: NodeJS.ProcessEnv): RecordStoreSettings & { dataDir: string } => {
  const dataDir = env.DATA_DIR?.trim() || './data';
  const mongoUrl = env.MONGO_URL?.trim() || undefined;
  if (mongoUrl && !(URL.canParse(mongoUrl) && MONGO_PROTOCOLS.includes(new URL(mongoUrl).protocol))) {
    throw invalidVariable('MONGO_URL', mongoUrl, 'must be a URL starting with mongodb:// or mongodb+srv://');
  }
  return { dataDir: resolve(dataDir), mongoUrl };
};
