import { ADMIN_TOKEN_FILE } from '@skillers/indexer';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Injection token of the admin API's bearer token. */
export const ADMIN_TOKEN = Symbol('ADMIN_TOKEN');

export const ADMIN_TOKEN_MIN_LENGTH = 32;

/**
 * The configured token, or one generated on first start and kept private in the data directory, where the
 * admin command line run on the same machine finds it.
 */
export const resolveAdminToken = (configured: string | undefined, dataDir: string): string => {
  if (configured) return configured;
  const file = join(dataDir, ADMIN_TOKEN_FILE);
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= ADMIN_TOKEN_MIN_LENGTH) return kept;
  }
  mkdirSync(dataDir, { recursive: true });
  const token = randomBytes(32).toString('base64url');
  writeFileSync(file, `${token}\n`, { mode: 0o600 });
  return token;
};
