import type { RecordStoreSettings } from '@skillers/store';
import { resolve } from 'node:path';

const MONGO_PROTOCOLS = ['mongodb:', 'mongodb+srv:'];

/** A bad environment variable, worded as the one line the command prints before it stops. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/**
 * Where the records are, from the same variables the API reads (`DATA_DIR`, `MONGO_URL`), with the same
 * defaults and messages; empty variables count as unset. The API's loader checks every other setting too,
 * which an admin command has no use for.
 */
export const storeSettingsFromEnv = (env: NodeJS.ProcessEnv): RecordStoreSettings => {
  const dataDir = env.DATA_DIR?.trim() || './data';
  const mongoUrl = env.MONGO_URL?.trim() || undefined;
  if (mongoUrl && !(URL.canParse(mongoUrl) && MONGO_PROTOCOLS.includes(new URL(mongoUrl).protocol))) {
    throw new ConfigError(
      `Invalid environment variable MONGO_URL=${JSON.stringify(mongoUrl)}: ` +
        'must be a URL starting with mongodb:// or mongodb+srv://',
    );
  }
  return { dataDir: resolve(dataDir), mongoUrl };
};
