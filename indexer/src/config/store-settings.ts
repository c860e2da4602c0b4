import { loadEnvironment, variable } from '@skillers/domain';
import type { RecordStoreSettings } from '@skillers/store';
import { resolve } from 'node:path';

const storeVariables = {
  DATA_DIR: variable.text().default('./data'),
  MONGO_URL: variable.url(['mongodb:', 'mongodb+srv:']).optional(),
};

/**
 * Where the records are, from the same variables the API reads (`DATA_DIR`, `MONGO_URL`), with the same
 * defaults and rules. The API's loader checks every other setting too, which an admin command has no use for.
 */
export const storeSettingsFromEnv = (env: NodeJS.ProcessEnv): RecordStoreSettings & { dataDir: string } => {
  const vars = loadEnvironment(storeVariables, env);
  return { dataDir: resolve(vars.DATA_DIR), mongoUrl: vars.MONGO_URL };
};
