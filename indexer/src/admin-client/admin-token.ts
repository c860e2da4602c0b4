import { ADMIN_TOKEN_FILE } from '@skillers/domain';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { storeSettingsFromEnv } from '../config/store-settings';

export interface AdminCredentials {
  token?: string;
  /** Where the token came from, said when the server refuses it. */
  hint: string;
}

/** `ADMIN_TOKEN` when set, as the server reads it; otherwise the token the server keeps under `DATA_DIR`. */
export const adminCredentialsFromEnv = (env: NodeJS.ProcessEnv): AdminCredentials => {
  const configured = env.ADMIN_TOKEN?.trim();
  if (configured) return { token: configured, hint: 'The token sent was ADMIN_TOKEN.' };
  const file = join(storeSettingsFromEnv(env).dataDir, ADMIN_TOKEN_FILE);
  const kept = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  return kept
    ? { token: kept, hint: `The token sent was read from ${file}; set ADMIN_TOKEN to the server's.` }
    : { hint: `No token in ADMIN_TOKEN or ${file}: set ADMIN_TOKEN, or DATA_DIR to the server's.` };
};
