import { ADMIN_TOKEN_FILE } from '@skillers/domain';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { keptSecret } from '../config/kept-secret';

/** Injection token of the admin API's bearer token. */
export const ADMIN_TOKEN = Symbol('ADMIN_TOKEN');

export const ADMIN_TOKEN_MIN_LENGTH = 32;

/**
 * The configured token, or one generated on first start and kept private in the data directory, where the
 * admin command line run on the same machine finds it.
 */
export const resolveAdminToken = (configured: string | undefined, dataDir: string): string => {
  if (configured) return configured;
  return keptSecret(join(dataDir, ADMIN_TOKEN_FILE), ADMIN_TOKEN_MIN_LENGTH, () =>
    randomBytes(32).toString('base64url'),
  );
};
